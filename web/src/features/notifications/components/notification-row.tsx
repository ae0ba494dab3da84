import type { Notification, NotificationType } from '@inbox/contract';
import {
  AlarmClockIcon,
  AtSignIcon,
  InboxIcon,
  type LucideIcon,
  MessageSquareIcon,
  TimerOffIcon,
  UserPlusIcon,
} from 'lucide-react';
import { InitialsAvatar } from '@/components/ui/avatar';
import { initialsOf, parseServerTime, relativeTime } from '@/lib/format';
import { cn } from '@/lib/utils';

const ICONS: Record<NotificationType, LucideIcon> = {
  assigned: UserPlusIcon,
  mentioned: AtSignIcon,
  customer_replied: MessageSquareIcon,
  new_conversation: InboxIcon,
  snooze_ended: AlarmClockIcon,
  sla_breached: TimerOffIcon,
};

/** One notification in the bell's list: who (avatar, and the summary names them), what, when, unread dot. */
export function NotificationRow({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  const Icon = ICONS[n.type];
  const unread = n.read_ts === null;
  return (
    <li>
      <button
        type="button"
        onClick={() => onOpen(n)}
        data-testid="notification"
        data-unread={unread || undefined}
        className={cn(
          'flex w-full items-start gap-3 px-3 py-2.5 text-left outline-none hover:bg-accent focus-visible:bg-accent',
          unread && 'bg-primary/5 dark:bg-primary/10',
        )}
      >
        <span className="relative mt-0.5 shrink-0">
          {n.actor ? (
            <InitialsAvatar initials={initialsOf(n.actor.name)} className="size-8" />
          ) : (
            <span className="flex size-8 items-center justify-center rounded-full bg-muted text-muted-foreground">
              <Icon className="size-4" aria-hidden />
            </span>
          )}
          {n.actor && (
            <span
              className={cn(
                '-right-1 -bottom-1 absolute flex size-4 items-center justify-center rounded-full border border-popover',
                n.type === 'sla_breached' ? 'bg-destructive text-white' : 'bg-muted text-muted-foreground',
              )}
            >
              <Icon className="size-2.5" aria-hidden />
            </span>
          )}
        </span>
        <span className="min-w-0 flex-1 space-y-0.5">
          {/* The summary names who did it ("Amy Agent mentioned you in conversation #12"). */}
          <span
            className={cn('line-clamp-2 block text-sm', unread ? 'font-medium' : 'text-muted-foreground')}
          >
            {n.summary}
          </span>
          <time
            dateTime={n.created_ts}
            title={parseServerTime(n.created_ts).toLocaleString()}
            className="block text-muted-foreground text-xs"
          >
            {relativeTime(n.created_ts)}
          </time>
        </span>
        {unread && (
          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary">
            <span className="sr-only">Unread</span>
          </span>
        )}
      </button>
    </li>
  );
}
