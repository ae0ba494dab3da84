import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { StatusBadge } from '../../conversations/components/status-badge';
import { customerConversationsQuery } from '../api';

/**
 * In a thread: the customer's other conversations the agent can see, newest first, each a link, and the
 * way to the customer's page. Nothing while they load or when there are none.
 */
export function OtherConversations({
  cid,
  customerId,
  conversationId,
}: {
  cid: number;
  customerId: number;
  conversationId: number;
}) {
  const list = useQuery(customerConversationsQuery(cid, customerId, 0));
  // Only a list counts: anything else (an error page, an older server) shows nothing rather than breaking the thread.
  const rows = Array.isArray(list.data?.data) ? list.data.data : [];
  const others = rows.filter((c) => c.conversation_id !== conversationId);
  if (others.length === 0) return null;
  const more = (list.data?.meta.total ?? 0) - 1 - Math.min(others.length, 3);
  return (
    <nav
      aria-label="Other conversations of this customer"
      className="flex flex-wrap items-center gap-1.5 text-xs"
    >
      <span className="text-muted-foreground">Also:</span>
      {others.slice(0, 3).map((c) => (
        <Link
          key={c.conversation_id}
          to={`/conversations/${c.conversation_id}`}
          className="inline-flex items-center gap-1 rounded-md border px-1.5 py-0.5 hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          #{c.number}
          <StatusBadge status={c.status} />
        </Link>
      ))}
      <Link
        to={`/customers/${customerId}`}
        className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
      >
        {more > 0 ? `${more} more` : 'Customer page'}
      </Link>
    </nav>
  );
}
