import type { ConversationSummary } from '@inbox/contract';
import { LockIcon, ReplyIcon } from 'lucide-react';
import { Link } from 'react-router';
import { LabelChips } from '@/components/labels/label-chips';
import { UnverifiedBadge } from '@/components/unverified-badge';
import { relativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { AssigneeAvatar } from './assignee-avatar';
import { ChannelLabel } from './channel-label';
import { PriorityBadge } from './priority-badge';
import { SlaCountdown } from './sla-countdown';
import { StatusBadge } from './status-badge';
import { UnreadBadge } from './unread-badge';
import { WaitingSince } from './waiting-since';

interface ConversationRowProps {
  conversation: ConversationSummary;
  to: string;
  selected: boolean;
  /** The one row reachable with Tab (roving tab index); the others by j/k and the arrow keys. */
  tabbable: boolean;
  now: Date;
}

/** One line of the inbox: who, what they said last, where it came from and who has it. */
export function ConversationRow({ conversation: c, to, selected, tabbable, now }: ConversationRowProps) {
  const unread = selected ? 0 : c.unread_count;
  const last = c.last_message;
  return (
    <Link
      to={to}
      data-row={c.conversation_id}
      tabIndex={tabbable ? 0 : -1}
      aria-current={selected ? 'page' : undefined}
      className={cn(
        'group flex flex-col gap-1 border-b px-3 py-2.5 outline-none transition-colors hover:bg-accent/60',
        'focus-visible:relative focus-visible:z-10 focus-visible:ring-[3px] focus-visible:ring-ring/60 focus-visible:ring-inset',
        selected && 'bg-accent hover:bg-accent',
      )}
    >
      <div className="flex items-baseline gap-2">
        <span className={cn('min-w-0 truncate text-sm', unread > 0 ? 'font-semibold' : 'font-medium')}>
          {c.customer.name}
        </span>
        {!c.verified && <UnverifiedBadge className="self-center px-1.5 py-0 text-[11px]" />}
        <PriorityBadge priority={c.priority} className="self-center" />
        <time
          dateTime={c.updated_ts}
          className={cn(
            'ml-auto shrink-0 text-xs',
            unread > 0 ? 'font-medium text-foreground' : 'text-muted-foreground',
          )}
        >
          {relativeTime(c.updated_ts, now)}
        </time>
      </div>
      <div className="flex items-center gap-2">
        <p
          className={cn(
            'flex min-w-0 flex-1 items-center gap-1 text-sm',
            unread > 0 ? 'text-foreground' : 'text-muted-foreground',
          )}
        >
          {last?.sender_type === 'system' ? null : last?.is_private ? (
            <span className="inline-flex shrink-0 items-center gap-0.5 font-medium text-amber-700 dark:text-amber-400">
              <LockIcon className="size-3" aria-hidden />
              Note:
            </span>
          ) : last?.sender_type === 'agent' || last?.sender_type === 'auto' ? (
            <>
              <ReplyIcon className="size-3 shrink-0" aria-hidden />
              <span className="sr-only">Replied:</span>
            </>
          ) : null}
          <span className={cn('truncate', last?.sender_type === 'system' && 'italic')}>
            {last ? last.content || 'Attachment' : 'No messages yet'}
          </span>
        </p>
        <UnreadBadge count={unread} />
      </div>
      {/* Wraps rather than squeezing: with a service-level countdown beside the waiting time, a narrow list
          left the queue's name a single letter. */}
      <div className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-muted-foreground text-xs">
        <span className="shrink-0">#{c.number}</span>
        <span aria-hidden>·</span>
        <ChannelLabel channel={c.channel} className="shrink-0" />
        {c.queue_name && (
          <>
            <span aria-hidden>·</span>
            <span className="max-w-[12rem] truncate">{c.queue_name}</span>
          </>
        )}
        <span className="ml-auto flex shrink-0 items-center gap-1.5">
          <SlaCountdown sla={c.sla} now={now} />
          <WaitingSince since={c.waiting_since_ts} now={now} />
          <StatusBadge status={c.status} />
          {c.assigned_user && <AssigneeAvatar name={c.assigned_user.name} className="size-5 text-[9px]" />}
        </span>
      </div>
      <LabelChips labels={c.labels ?? []} max={3} />
    </Link>
  );
}
