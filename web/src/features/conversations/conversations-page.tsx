import { Inbox } from './components/inbox';

/** /conversations: the inbox list, with the conversation pane waiting for a choice. */
export default function ConversationsPage() {
  return <Inbox />;
}
