import type { SlaOverview } from '@inbox/contract';
import { TimerIcon } from 'lucide-react';
import { Skeleton } from '@/components/ui/skeleton';

/** The overview's service levels (contract section 14): the share of the period's conversations that met theirs. */
export function SlaMet({ sla }: { sla?: SlaOverview }) {
  return (
    <section
      aria-label="Service levels"
      className="flex items-center gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-xs"
    >
      <TimerIcon className="size-5 text-muted-foreground" aria-hidden />
      <div className="min-w-0">
        <p className="text-muted-foreground text-xs">SLA met</p>
        {!sla ? (
          <Skeleton className="mt-1 h-7 w-16" />
        ) : sla.met_pct === null ? (
          <p className="text-muted-foreground text-sm">
            No conversations under a service level in this period
          </p>
        ) : (
          <>
            <p className="font-semibold text-2xl tabular-nums leading-tight" data-testid="sla-met">
              {sla.met_pct.toFixed(1)}%
            </p>
            <p className="text-muted-foreground text-xs">
              {sla.breached.toLocaleString()} of {sla.conversations.toLocaleString()} conversations breached
            </p>
          </>
        )}
      </div>
    </section>
  );
}
