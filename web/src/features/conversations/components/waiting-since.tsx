import { ClockIcon } from 'lucide-react';
import { parseServerTime } from '@/lib/format';
import { cn } from '@/lib/utils';

/** "< 1 m", "14 m", "2 h 5 m", "3 d 4 h": how long the customer has waited, to the minute. */
export function waitedFor(since: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  // "0 m" read as no wait at all (or an SLA with no time left) on a message that just came in.
  if (minutes === 0) return '< 1 m';
  if (minutes < 60) return `${minutes} m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} m` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/**
 * "waiting 14 m" on a list row, from `waiting_since_ts` (the oldest customer message no agent has answered);
 * nothing when the customer is not waiting. `now` comes from the list's clock, so it moves on by itself.
 * A wait over an hour turns amber, over four hours red.
 */
export function WaitingSince({
  since,
  now,
  className,
}: {
  since: string | null;
  now: Date;
  className?: string;
}) {
  if (!since) return null;
  const at = parseServerTime(since);
  const minutes = (now.getTime() - at.getTime()) / 60_000;
  return (
    <span
      data-testid="waiting-since"
      title={`Waiting since ${at.toLocaleString()}`}
      className={cn(
        'inline-flex shrink-0 items-center gap-0.5 tabular-nums',
        minutes >= 240
          ? 'font-medium text-destructive'
          : minutes >= 60
            ? 'text-amber-700 dark:text-amber-400'
            : 'text-muted-foreground',
        className,
      )}
    >
      <ClockIcon className="size-3" aria-hidden />
      waiting {waitedFor(at, now)}
    </span>
  );
}
