import type { ConversationSla, SlaKind } from '@inbox/contract';
import { TimerIcon } from 'lucide-react';
import { parseServerTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useNow } from './use-now';
import { waitedFor } from './waiting-since';

export const SLA_KIND_NAMES: Record<SlaKind, string> = {
  first_response: 'First response',
  next_response: 'Next response',
  resolution: 'Resolution',
};

/** The soonest running clock of a conversation's service level, or null when none runs. */
export function nextDue(sla: ConversationSla): { kind: SlaKind; at: Date } | null {
  const running = (
    [
      ['first_response', sla.first_response_due_ts],
      ['next_response', sla.next_response_due_ts],
      ['resolution', sla.resolution_due_ts],
    ] as const
  )
    .filter((e): e is readonly [SlaKind, string] => e[1] !== null)
    .map(([kind, ts]) => ({ kind, at: parseServerTime(ts) }));
  running.sort((a, b) => a.at.getTime() - b.at.getTime());
  return running[0] ?? null;
}

/**
 * "SLA 25 m" on a list row and the thread header: the time left on the soonest running clock of the
 * conversation's service level (contract section 14), amber within the hour, red once past due or when a
 * clock was missed, with a tooltip naming the kind and the time. Nothing without a service level.
 */
export function SlaCountdown({
  sla,
  now: given,
  className,
}: {
  sla: ConversationSla | null;
  now?: Date;
  className?: string;
}) {
  const own = useNow(30_000);
  const now = given ?? own;
  if (!sla) return null;
  const due = nextDue(sla);
  const missed = sla.breached.map((k) => SLA_KIND_NAMES[k]).join(', ');
  if (!due && !missed) return null;
  const left = due ? due.at.getTime() - now.getTime() : 0;
  const late = (due !== null && left <= 0) || (due === null && missed !== '');
  const tone = late || missed ? 'red' : left <= 3_600_000 ? 'amber' : 'plain';
  const text = !due
    ? 'SLA missed'
    : left <= 0
      ? `SLA ${waitedFor(due.at, now)} over`
      : `SLA ${waitedFor(now, due.at)}`;
  const title = [
    due ? `${SLA_KIND_NAMES[due.kind]} due ${due.at.toLocaleString()} (${sla.name})` : sla.name,
    missed ? `Missed: ${missed}` : '',
  ]
    .filter(Boolean)
    .join('. ');
  return (
    <span
      data-testid="sla-countdown"
      data-tone={tone}
      title={title}
      className={cn(
        'inline-flex shrink-0 items-center gap-0.5 tabular-nums',
        tone === 'red'
          ? 'font-medium text-destructive'
          : tone === 'amber'
            ? 'text-amber-700 dark:text-amber-400'
            : 'text-muted-foreground',
        className,
      )}
    >
      <TimerIcon className="size-3" aria-hidden />
      {text}
    </span>
  );
}
