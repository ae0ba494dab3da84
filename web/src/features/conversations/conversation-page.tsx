import { useParams } from 'react-router';
import { Inbox } from './components/inbox';

/** /conversations/:id: the same inbox with that conversation open. */
export default function ConversationPage() {
  const { id } = useParams();
  const selected = Number(id);
  return <Inbox selectedId={Number.isInteger(selected) && selected > 0 ? selected : -1} />;
}
