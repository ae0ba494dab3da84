import type { Conversation } from '@inbox/contract';
import { ArrowLeftIcon, PanelRightIcon } from 'lucide-react';
import { Link } from 'react-router';
import { LabelChips } from '@/components/labels/label-chips';
import { LabelPicker } from '@/components/labels/label-picker';
import { Button } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '@/components/ui/tooltip';
import { UNVERIFIED_EXPLANATION, UnverifiedBadge } from '@/components/unverified-badge';
import { companyTimezone, useSession } from '@/lib/session';
import { OtherConversations } from '../../customers/components/other-conversations';
import { useLabelConversation } from '../api-actions';
import { whenLabel } from '../snooze-presets';
import { AssigneeAvatar } from './assignee-avatar';
import { ChannelLabel } from './channel-label';
import { RatingLine } from './rating-line';
import { SlaCountdown } from './sla-countdown';
import { StatusBadge } from './status-badge';
import { ThreadActions } from './thread-actions';
import { PriorityMenu, SnoozeMenu } from './triage-controls';

interface ThreadHeaderProps {
  cid: number;
  conversation: Conversation;
  meId: number | undefined;
  backTo: string;
  onDeleted: () => void;
  /** The customer panel beside the thread (or its sheet) shows. */
  panelOpen?: boolean;
  onTogglePanel?: () => void;
}

/** Who the customer is, where the conversation stands, and the actions on it. */
export function ThreadHeader({
  cid,
  conversation: c,
  meId,
  backTo,
  onDeleted,
  panelOpen,
  onTogglePanel,
}: ThreadHeaderProps) {
  const meta = [
    c.customer.email && { key: 'email', node: c.customer.email },
    // The visitor only typed the address this conversation is filed under (decision 037).
    !c.verified && { key: 'unverified', node: <UnverifiedTip /> },
    { key: 'channel', node: <ChannelLabel channel={c.channel} /> },
    c.queue_name && { key: 'queue', node: c.queue_name },
  ].filter((x) => !!x);
  return (
    <header className="space-y-1.5 border-b px-3 py-2.5 sm:px-4">
      {/* Wraps rather than squeezing the name away when the customer panel narrows the thread. */}
      <div className="flex flex-wrap items-center gap-2">
        <Button asChild variant="ghost" size="icon" className="-ml-1 size-8 shrink-0 md:hidden">
          <Link to={backTo} aria-label="Back to conversations">
            <ArrowLeftIcon aria-hidden />
          </Link>
        </Button>
        <div className="flex min-w-0 flex-1 basis-32 items-baseline gap-2">
          <h2 className="truncate font-semibold text-base">
            <Link
              to={`/customers/${c.customer.customer_id}`}
              className="rounded-sm hover:underline hover:underline-offset-4 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              {c.customer.name}
            </Link>
          </h2>
          <span className="shrink-0 text-muted-foreground text-sm">#{c.number}</span>
        </div>
        {c.status !== 'resolved' && c.status !== 'closed' && <SnoozeMenu cid={cid} conversation={c} />}
        <ConversationLabels cid={cid} conversation={c} />
        <ThreadActions cid={cid} conversation={c} meId={meId} onDeleted={onDeleted} />
        {onTogglePanel && (
          <Button
            variant={panelOpen ? 'secondary' : 'outline'}
            size="icon"
            className="size-8 shrink-0"
            aria-label="Customer details"
            aria-pressed={panelOpen}
            onClick={onTogglePanel}
          >
            <PanelRightIcon aria-hidden />
          </Button>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-muted-foreground text-xs">
        {meta.map((item) => (
          <span key={item.key} className="flex min-w-0 items-center gap-1.5">
            <span className="truncate">{item.node}</span>
            <span aria-hidden>·</span>
          </span>
        ))}
        <span className="inline-flex items-center gap-1.5">
          <StatusBadge status={c.status} />
          {c.status === 'snoozed' && <SnoozedUntil until={c.snoozed_until_ts} />}
          <SlaCountdown sla={c.sla} />
          <PriorityMenu cid={cid} conversation={c} />
          <span aria-hidden>·</span>
          {c.assigned_user ? (
            <span className="inline-flex items-center gap-1" data-testid="assignee">
              <AssigneeAvatar name={c.assigned_user.name} className="size-4 text-[8px]" />
              <span aria-hidden>{c.assigned_user.name}</span>
            </span>
          ) : (
            <span data-testid="assignee">Unassigned</span>
          )}
        </span>
      </div>
      <LabelChips labels={c.labels} />
      <RatingLine rating={c.rating} />
      {/* The open customer panel lists them already, with more of each. */}
      {!panelOpen && (
        <OtherConversations
          cid={cid}
          customerId={c.customer.customer_id}
          conversationId={c.conversation_id}
        />
      )}
    </header>
  );
}

/** "until Mon 09:00" beside the Snoozed badge, on the company's clocks; "until the customer replies" without a time. */
function SnoozedUntil({ until }: { until: string | null }) {
  const timezone = companyTimezone(useSession());
  return (
    <span>{until ? `until ${whenLabel(new Date(until), timezone)}` : 'until the customer replies'}</span>
  );
}

/** The label picker of the open conversation. */
function ConversationLabels({ cid, conversation: c }: { cid: number; conversation: Conversation }) {
  const label = useLabelConversation(cid);
  return (
    <LabelPicker
      cid={cid}
      value={c.labels}
      size="icon"
      disabled={label.isPending}
      onToggle={(change) => label.mutate({ conversation_id: c.conversation_id, ...change })}
    />
  );
}

/** The badge with its explanation on hover and keyboard focus (its own provider, for component tests too). */
function UnverifiedTip() {
  return (
    <TooltipProvider>
      <Tooltip>
        <TooltipTrigger asChild>
          <UnverifiedBadge className="px-1.5 py-0" tabIndex={0} title={undefined} />
        </TooltipTrigger>
        <TooltipContent className="max-w-72 text-balance">{UNVERIFIED_EXPLANATION}</TooltipContent>
      </Tooltip>
    </TooltipProvider>
  );
}
