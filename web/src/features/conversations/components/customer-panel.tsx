import type { Conversation, ConversationSummary, Customer } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { MailIcon, PanelRightCloseIcon, PhoneIcon } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { LabelChips } from '@/components/labels/label-chips';
import { LabelPicker } from '@/components/labels/label-picker';
import { toastError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { UnverifiedBadge } from '@/components/unverified-badge';
import { customerConversationsQuery, customerQuery, useLabelCustomer } from '@/lib/customers';
import { relativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { CustomerNote } from './customer-note';
import { StatusBadge } from './status-badge';

interface CustomerPanelProps {
  cid: number;
  conversation: Conversation;
  /** Folds the panel away (beside the thread) or closes the sheet. */
  onClose: () => void;
  className?: string;
}

/**
 * Who the customer of the open conversation is, as in Intercom and Chatwoot: their details, labels, the
 * team's note about them, their other conversations and the apps they belong to.
 */
export function CustomerPanel({ cid, conversation: c, onClose, className }: CustomerPanelProps) {
  const id = c.customer.customer_id;
  const customer = useQuery(customerQuery(cid, id));
  return (
    <aside
      aria-label="Customer details"
      className={cn('flex min-h-0 flex-col overflow-y-auto bg-background', className)}
    >
      <div className="flex items-center justify-between gap-2 border-b px-4 py-2.5">
        <h2 className="font-semibold text-sm">Customer</h2>
        <Button
          variant="ghost"
          size="icon"
          className="size-8"
          aria-label="Hide customer details"
          onClick={onClose}
        >
          <PanelRightCloseIcon aria-hidden />
        </Button>
      </div>
      {customer.data ? (
        <div className="divide-y">
          <Details customer={customer.data} verified={c.verified} />
          <Labels cid={cid} customer={customer.data} />
          <Section title="Team note">
            {/* A fresh field per saved version, so a save elsewhere shows here. */}
            <CustomerNote key={customer.data.updated_ts} cid={cid} customer={customer.data} />
          </Section>
          <Section title="Other conversations">
            <OtherConversationsList cid={cid} customerId={id} conversationId={c.conversation_id} />
          </Section>
          <Section title="Apps">
            <ul className="flex flex-wrap gap-1.5">
              {customer.data.apps.map((a) => (
                <li key={a.app_id} className="rounded-md border px-2 py-0.5 text-xs">
                  {a.app_name}
                </li>
              ))}
            </ul>
          </Section>
        </div>
      ) : customer.isPending ? (
        <div className="space-y-3 p-4" role="status" aria-label="Loading customer">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-56" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : (
        <div className="p-4">
          <ErrorState error={customer.error} onRetry={() => customer.refetch()} />
        </div>
      )}
    </aside>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2 px-4 py-3">
      <h3 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">{title}</h3>
      {children}
    </section>
  );
}

function Details({ customer, verified }: { customer: Customer; verified: boolean }) {
  return (
    <div className="space-y-1.5 px-4 py-3 text-sm">
      <Link
        to={`/customers/${customer.customer_id}`}
        className="block truncate font-medium hover:underline hover:underline-offset-4"
      >
        {customer.name}
      </Link>
      <p className="flex min-w-0 items-center gap-2 text-muted-foreground">
        <MailIcon className="size-4 shrink-0" aria-hidden />
        <span className="truncate">{customer.email ?? 'No email'}</span>
      </p>
      {/* The visitor only typed the address this conversation is filed under (decision 037). */}
      {!verified && <UnverifiedBadge className="px-1.5 py-0" />}
      <p className="flex min-w-0 items-center gap-2 text-muted-foreground">
        <PhoneIcon className="size-4 shrink-0" aria-hidden />
        <span className="truncate">{customer.phone ?? 'No phone'}</span>
      </p>
    </div>
  );
}

function Labels({ cid, customer }: { cid: number; customer: Customer }) {
  const label = useLabelCustomer(cid);
  return (
    <Section title="Labels">
      <div className="flex flex-wrap items-center gap-2">
        <LabelPicker
          cid={cid}
          value={customer.labels}
          disabled={label.isPending}
          onToggle={(change) =>
            label.mutate({ customer_id: customer.customer_id, ...change }, { onError: (e) => toastError(e) })
          }
        />
        {customer.labels.length > 0 ? (
          <LabelChips labels={customer.labels} />
        ) : (
          <p className="text-muted-foreground text-sm">No labels yet.</p>
        )}
      </div>
    </Section>
  );
}

const WAITING = new Set(['open', 'pending', 'snoozed']);

/** Open and snoozed ones first (what may still need an answer), each newest first; the open one left out. */
export function sortOthers(rows: ConversationSummary[], conversationId: number) {
  const others = rows.filter((r) => r.conversation_id !== conversationId);
  const rank = (r: ConversationSummary) => (WAITING.has(r.status) ? 0 : 1);
  return others.sort((a, b) => rank(a) - rank(b) || b.updated_ts.localeCompare(a.updated_ts));
}

function OtherConversationsList({
  cid,
  customerId,
  conversationId,
}: {
  cid: number;
  customerId: number;
  conversationId: number;
}) {
  const list = useQuery(customerConversationsQuery(cid, customerId, 0));
  if (list.isPending) return <Skeleton className="h-10 w-full" />;
  // Only a list counts: anything else shows "none" rather than breaking the thread.
  const rows = Array.isArray(list.data?.data) ? sortOthers(list.data.data, conversationId) : [];
  if (rows.length === 0) return <p className="text-muted-foreground text-sm">None.</p>;
  const more = (list.data?.meta.total ?? 0) - 1 - rows.length;
  return (
    <nav aria-label="Other conversations of this customer">
      <ul className="-mx-2 space-y-0.5">
        {rows.slice(0, 8).map((r) => (
          <li key={r.conversation_id}>
            <Link
              to={`/conversations/${r.conversation_id}`}
              className="flex flex-col gap-0.5 rounded-md px-2 py-1.5 hover:bg-muted/60 focus-visible:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span className="flex items-center gap-2 text-sm">
                <span className="font-medium">#{r.number}</span>
                <StatusBadge status={r.status} />
                <span className="ml-auto shrink-0 text-muted-foreground text-xs">
                  {relativeTime(r.updated_ts)}
                </span>
              </span>
              <span className="truncate text-muted-foreground text-xs">
                {r.last_message?.content || 'No messages'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {(more > 0 || rows.length > 8) && (
        <Link
          to={`/customers/${customerId}`}
          className="mt-1 inline-block text-muted-foreground text-xs underline-offset-4 hover:text-foreground hover:underline"
        >
          All on the customer page
        </Link>
      )}
    </nav>
  );
}
