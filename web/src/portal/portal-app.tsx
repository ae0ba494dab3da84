import ChatPage from './chat/chat-page';
import EntryPage from './entry/entry-page';
import { useLocation } from './navigation';
import RatePage from './rate/rate-page';

/** Two screens, chosen by the path; each remounts when its query changes so it reads the link afresh. */
export function PortalApp() {
  const { path, params } = useLocation();
  const key = params.toString();
  if (path === '/portal/chat') return <ChatPage key={key} params={params} />;
  // Contract section 14: the rating link sent to email, SMS, WhatsApp and Messenger customers.
  if (path.startsWith('/rate/')) return <RatePage key={path} token={decodeURIComponent(path.slice(6))} />;
  return <EntryPage key={key} params={params} />;
}
