import type { Metrics } from '@inbox/contract';
import { ArrowDownIcon, ArrowUpIcon } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { change, duration } from '../period';

interface Card {
  label: string;
  value: (m: Metrics) => number | null;
  format: (v: number | null) => string;
  /** Times: less is better, so a fall is good news. */
  lowerIsBetter?: boolean;
  hint?: string;
}

const count = (v: number | null) => (v ?? 0).toLocaleString();
const outOfFive = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)} / 5`);
const percent = (v: number | null) => (v === null ? '—' : `${v}%`);

const CARDS: Card[] = [
  { label: 'Conversations', value: (m) => m.conversations_created, format: count },
  { label: 'Resolved', value: (m) => m.conversations_resolved, format: count },
  { label: 'Messages received', value: (m) => m.messages_received, format: count },
  { label: 'Replies sent', value: (m) => m.messages_sent, format: count },
  {
    label: 'First response',
    value: (m) => m.first_response_time.median_s,
    format: duration,
    lowerIsBetter: true,
    hint: 'median',
  },
  {
    label: 'Resolution time',
    value: (m) => m.resolution_time.median_s,
    format: duration,
    lowerIsBetter: true,
    hint: 'median',
  },
  // Contract section 14: ratings given in the period.
  {
    label: 'Ratings',
    value: (m) => m.csat.responses,
    format: count,
    hint: 'customer satisfaction responses',
  },
  { label: 'Average rating', value: (m) => m.csat.average, format: outOfFive, hint: 'out of 5' },
  { label: 'Satisfied', value: (m) => m.csat.satisfied_pct, format: percent, hint: 'ratings of 4 or 5' },
];

/** The overview's numbers, each with its change against the period before. */
export function MetricCards({ metrics, previous }: { metrics?: Metrics; previous?: Metrics }) {
  return (
    <ul aria-label="Metrics" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {CARDS.map((c) => (
        <li key={c.label} className="rounded-xl border bg-card p-4 text-card-foreground shadow-xs">
          <p className="text-muted-foreground text-xs">
            {c.label}
            {c.hint && <span className="sr-only"> ({c.hint})</span>}
          </p>
          {metrics && previous ? (
            <>
              <p className="font-semibold text-2xl tabular-nums leading-tight">
                {c.format(c.value(metrics))}
              </p>
              <Change card={c} now={c.value(metrics)} before={c.value(previous)} />
            </>
          ) : (
            <>
              <Skeleton className="mt-1 h-7 w-16" />
              <Skeleton className="mt-2 h-3 w-24" />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}

function Change({ card, now, before }: { card: Card; now: number | null; before: number | null }) {
  const pct = change(now, before);
  if (pct === null) return <p className="mt-1 text-muted-foreground text-xs">No earlier period to compare</p>;
  if (pct === 0) return <p className="mt-1 text-muted-foreground text-xs">Same as the period before</p>;
  const good = card.lowerIsBetter ? pct < 0 : pct > 0;
  const Icon = pct > 0 ? ArrowUpIcon : ArrowDownIcon;
  return (
    <p className={cn('mt-1 flex items-center gap-1 text-xs', good ? 'text-success' : 'text-destructive')}>
      <Icon className="size-3" aria-hidden />
      {Math.abs(pct)}% {pct > 0 ? 'more' : 'less'} than the period before
    </p>
  );
}
