import { useQuery } from '@tanstack/react-query';
import { TriangleAlertIcon } from 'lucide-react';
import { LinkButton } from '@/components/link-button';
import { QueryView } from '@/components/query-view';
import { Card, CardContent, CardHeaderWithAction } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { usageQuery } from '../api';
import { limitText, RESOURCES, standing } from '../limits';

/** `/admin` → Billing: this month's usage as bars against the plan's limits, with a warning near a limit. */
export function UsageCard({ companyId }: { companyId: number }) {
  const usage = useQuery(usageQuery(companyId));
  const data = usage.data;
  return (
    <Card>
      <CardHeaderWithAction
        title={data ? `${data.plan.name} plan` : 'Plan and usage'}
        description={
          data
            ? `Usage from ${data.period.start} to ${data.period.end}. Limits only warn: customers’ messages always come in.`
            : 'This month’s usage against your plan.'
        }
        action={<LinkButton to="/billing/setup">Change plan</LinkButton>}
      />
      <CardContent>
        <QueryView query={usage} loading="Loading usage" rows={4}>
          {(data) => (
            <ul className="grid gap-5" aria-label="Usage">
              {RESOURCES.map((r) => {
                const used = data!.usage[r.key];
                const limit = data!.plan.limits[r.key];
                const { share, level } = standing(used, limit);
                return (
                  <li key={r.key} className="grid gap-1.5">
                    <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
                      <span className="font-medium">{r.label}</span>
                      <span className="text-muted-foreground tabular-nums">
                        {r.format(used)} of {limitText(r, limit)}
                      </span>
                    </div>
                    {share !== null && (
                      <div
                        role="progressbar"
                        aria-label={r.label}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={Math.min(100, Math.round(share * 100))}
                        className="h-2 overflow-hidden rounded-full bg-muted"
                      >
                        <div
                          className={cn(
                            'h-full rounded-full',
                            level === 'over'
                              ? 'bg-destructive'
                              : level === 'near'
                                ? 'bg-amber-500'
                                : 'bg-primary',
                          )}
                          style={{ width: `${Math.min(100, share * 100)}%` }}
                        />
                      </div>
                    )}
                    {level !== 'ok' && (
                      <p
                        className={cn(
                          'flex items-center gap-1.5 text-xs',
                          level === 'over' ? 'text-destructive' : 'text-amber-700 dark:text-amber-400',
                        )}
                      >
                        <TriangleAlertIcon className="size-3.5 shrink-0" aria-hidden />
                        {level === 'over'
                          ? `Over the ${data!.plan.name} plan’s limit. Nothing is blocked; choose a larger plan to stay within it.`
                          : `Close to the ${data!.plan.name} plan’s limit.`}
                      </p>
                    )}
                  </li>
                );
              })}
              <li className="flex items-baseline justify-between text-sm">
                <span className="font-medium">Messages this month</span>
                <span className="text-muted-foreground tabular-nums">
                  {data!.usage.messages.toLocaleString()}
                </span>
              </li>
            </ul>
          )}
        </QueryView>
      </CardContent>
    </Card>
  );
}
