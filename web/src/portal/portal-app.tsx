import ChatPage from './chat/chat-page';
import EntryPage from './entry/entry-page';
import { useLocation } from './navigation';

/** Two screens, chosen by the path; each remounts when its query changes so it reads the link afresh. */
export function PortalApp() {
  const { path, params } = useLocation();
  const key = params.toString();
  if (path === '/portal/chat') return <ChatPage key={key} params={params} />;
  return <EntryPage key={key} params={params} />;
}
