import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Line, LineChart, ResponsiveContainer, YAxis } from 'recharts';
import { Skeleton } from '@/components/ui/skeleton';
import { companyTimezone, useSession } from '@/lib/session';
import { chartQuery, overviewQuery } from './api';
import { countAxis } from './axis';
import { addDays, duration, todayIn } from './period';

const sparkDomain = (points: { value: number | null }[]) =>
  countAxis(Math.max(0, ...points.map((p) => p.value ?? 0))).domain;

/** The dashboard's look at today for one app: started, resolved, first response, and the last 7 days. */
export function TodayPanel({ appId }: { appId: number }) {
  const session = useSession();
  const companyId = session.company!.company_id;
  const today = todayIn(companyTimezone(session));
  const own = session.company!.role === 'agent' && session.company!.apps.every((a) => a.role === 'agent');
  const filters = { from: today, to: today, app_id: appId };
  const overview = useQuery(overviewQuery(companyId, filters));
  const week = useQuery(
    chartQuery(
      companyId,
      { from: addDays(today, -6), to: today, app_id: appId },
      'conversations_created',
      'day',
    ),
  );
  const m = overview.data?.metrics;
  const tiles: [string, string | undefined][] = [
    [
      own ? 'Your replies today' : 'Started today',
      m && (own ? m.messages_sent : m.conversations_created).toLocaleString(),
    ],
    [own ? 'You resolved today' : 'Resolved today', m?.conversations_resolved.toLocaleString()],
    ['First response today', m && duration(m.first_response_time.median_s)],
  ];
  return (
    <section aria-labelledby="today-heading" className="space-y-3">
      <div className="flex items-baseline justify-between gap-2">
        <h2 id="today-heading" className="font-medium">
          Today
        </h2>
        <Link
          to={`/reports?range=7d&app_id=${appId}`}
          className="text-muted-foreground text-sm hover:underline"
        >
          Open reports
        </Link>
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {tiles.map(([label, value]) => (
          <div key={label} className="rounded-xl border bg-card p-4 text-card-foreground shadow-xs">
            <p className="truncate text-muted-foreground text-xs">{label}</p>
            {value === undefined ? (
              <Skeleton className="mt-1 h-7 w-12" />
            ) : (
              <p className="font-semibold text-2xl tabular-nums leading-tight">{value}</p>
            )}
          </div>
        ))}
        <div className="rounded-xl border bg-card p-4 text-card-foreground shadow-xs">
          <p className="truncate text-muted-foreground text-xs">Conversations, last 7 days</p>
          {week.data ? (
            <figure
              className="mt-1 h-8"
              aria-label={`Conversations, last 7 days: ${week.data.points.map((p) => p.value ?? 0).join(', ')}`}
            >
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={week.data.points}>
                  {/* No labels this small, but the same round top as the reports' counts: a line at the
                      top means a round number, not whatever the week's busiest day was. */}
                  <YAxis hide domain={sparkDomain(week.data.points)} />
                  <Line
                    dataKey="value"
                    stroke="var(--chart-1)"
                    strokeWidth={2}
                    dot={false}
                    isAnimationActive={false}
                  />
                </LineChart>
              </ResponsiveContainer>
            </figure>
          ) : (
            <Skeleton className="mt-1 h-8 w-full" />
          )}
        </div>
      </div>
    </section>
  );
}
