import type { ReportMetric } from '@inbox/contract';
import { useQueries } from '@tanstack/react-query';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ErrorState } from '@/components/error-state';
import { TitledCard } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { chartQuery, type ReportFilters } from '../api';
import { countAxis, durationAxis } from '../axis';
import { duration } from '../period';

export interface Series {
  metric: ReportMetric;
  label: string;
}

const COLORS = ['var(--chart-1)', 'var(--chart-2)'];

/** "2026-03-02" as the axis shows it: "2 Mar", or "Mar 2026" by month. */
function dateLabel(date: string, interval: string) {
  const d = new Date(`${date}T00:00:00Z`);
  return interval === 'month'
    ? d.toLocaleDateString(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' })
    : d.toLocaleDateString(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** One or two metrics over the period, as bars (counts) or lines (times), with their own loading and error. */
export function ReportChart({
  companyId,
  title,
  series,
  filters,
  interval,
  kind,
}: {
  companyId: number;
  title: string;
  series: Series[];
  filters: ReportFilters;
  interval: 'day' | 'week' | 'month';
  kind: 'bar' | 'line';
}) {
  const results = useQueries({
    queries: series.map((s) => chartQuery(companyId, filters, s.metric, interval)),
  });
  const failed = results.find((r) => r.isError);
  const ready = results.every((r) => r.isSuccess);
  const data = ready
    ? results[0]!.data!.points.map((p, i) => ({
        date: dateLabel(p.date, interval),
        ...Object.fromEntries(series.map((s, k) => [s.label, results[k]!.data!.points[i]?.value ?? null])),
      }))
    : [];
  // Bars of nothing but zeros, or lines with no value at all (an average of 0 s is a value).
  const empty =
    ready &&
    data.every((d) =>
      series.every((s) => {
        const v = (d as Record<string, unknown>)[s.label] as number | null;
        return kind === 'bar' ? !v : v === null;
      }),
    );
  const format = (v: unknown) =>
    kind === 'line' ? duration(v as number | null) : Number(v ?? 0).toLocaleString();
  const values = data.flatMap((d) => series.map((s) => Number((d as Record<string, unknown>)[s.label] ?? 0)));
  // Ticks on round durations and counts (recharts alone splits the range evenly: 33 min, 1.1 h, 1.7 h).
  const axis = (kind === 'line' ? durationAxis : countAxis)(Math.max(0, ...values));
  const Chart = kind === 'bar' ? BarChart : LineChart;
  return (
    <TitledCard title={title}>
      {failed ? (
        <ErrorState
          error={failed.error}
          onRetry={() => {
            for (const r of results) r.refetch();
          }}
        />
      ) : !ready ? (
        <Skeleton className="h-56 w-full" aria-label={`Loading ${title.toLowerCase()}`} />
      ) : empty ? (
        <p className="flex h-56 items-center justify-center text-muted-foreground text-sm">
          Nothing to show for this period
        </p>
      ) : (
        <figure aria-label={title} className="h-56 w-full text-xs">
          <ResponsiveContainer width="100%" height="100%">
            <Chart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" vertical={false} />
              <XAxis dataKey="date" stroke="var(--muted-foreground)" tickLine={false} fontSize={12} />
              <YAxis
                stroke="var(--muted-foreground)"
                tickLine={false}
                width={56}
                fontSize={12}
                ticks={axis.ticks}
                domain={axis.domain}
                interval={0}
                tickFormatter={axis.format}
              />
              <Tooltip
                formatter={format}
                contentStyle={{
                  background: 'var(--popover)',
                  border: '1px solid var(--border)',
                  borderRadius: 8,
                  color: 'var(--popover-foreground)',
                }}
              />
              {series.length > 1 && <Legend />}
              {series.map((s, i) =>
                kind === 'bar' ? (
                  <Bar
                    key={s.metric}
                    dataKey={s.label}
                    fill={COLORS[i]}
                    radius={[3, 3, 0, 0]}
                    isAnimationActive={false}
                  />
                ) : (
                  <Line
                    key={s.metric}
                    dataKey={s.label}
                    stroke={COLORS[i]}
                    strokeWidth={2}
                    dot={{ r: 2 }}
                    connectNulls
                    isAnimationActive={false}
                    type="monotone"
                  />
                ),
              )}
            </Chart>
          </ResponsiveContainer>
        </figure>
      )}
    </TitledCard>
  );
}
