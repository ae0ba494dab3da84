import { z } from 'zod';
import { CalendarDate } from './business-hours.ts';
import { fieldsOf, OptionalQueryId, QueryId } from './envelope.ts';
import { SlaOverview } from './sla.ts';

/** A time metric (contract section 11): seconds, null when nothing happened in the period. */
export const TimeStats = z.object({
  avg_s: z.number().nullable(),
  median_s: z.number().nullable(),
  p90_s: z.number().nullable().describe('nearest rank'),
  estimated: z
    .literal(true)
    .optional()
    .describe('median and p90 estimated from the daily histograms: the period held too many to sort exactly'),
});
export type TimeStats = z.infer<typeof TimeStats>;

export const COUNT_METRICS = [
  'conversations_created',
  'conversations_resolved',
  'messages_received',
  'messages_sent',
] as const;
export const TIME_METRICS = [
  'first_response_time',
  'resolution_time',
  'first_response_time_business',
  'resolution_time_business',
] as const;
export const REPORT_METRICS = [...COUNT_METRICS, ...TIME_METRICS] as const;
export type ReportMetric = (typeof REPORT_METRICS)[number];

/** Satisfaction ratings given in a period (contract section 14): scores 4 and 5 are satisfied. */
export const CsatStats = z.object({
  responses: z.number(),
  average: z.number().nullable().describe('mean score, one decimal; null without responses'),
  satisfied_pct: z.number().nullable().describe('100 × scores of 4 or 5 / responses, one decimal'),
});
export type CsatStats = z.infer<typeof CsatStats>;

/** A period's figures: a count for each count metric, the time statistics for each time metric. */
export const Metrics = z.object({
  ...fieldsOf(COUNT_METRICS, z.number()),
  ...fieldsOf(TIME_METRICS, TimeStats),
  csat: CsatStats.describe('ratings given in the period, credited to who resolved the conversation'),
});
export type Metrics = z.infer<typeof Metrics>;

/** The longest period one report covers: two years of days. */
export const MAX_REPORT_DAYS = 731;

/** From and to are both included; at most `MAX_REPORT_DAYS` days. */
function checkPeriod(p: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (p.from > p.to)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date must not be before the start date' });
  else if ((Date.parse(p.to) - Date.parse(p.from)) / 86_400_000 >= MAX_REPORT_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['from'],
      message: `A report covers at most ${MAX_REPORT_DAYS} days`,
    });
  }
}

const Filters = { app_id: OptionalQueryId, queue_id: OptionalQueryId, user_id: OptionalQueryId };

export const OverviewQuery = z
  .object({ from: CalendarDate, to: CalendarDate, ...Filters })
  .superRefine(checkPeriod);
export type OverviewQuery = z.infer<typeof OverviewQuery>;

export const Overview = z.object({
  period: z.object({ from: z.string(), to: z.string(), timezone: z.string() }),
  metrics: Metrics,
  previous: Metrics.describe('the period of the same length just before'),
  sla: SlaOverview.describe('service levels of the conversations started in the period (section 14)'),
});
export type Overview = z.infer<typeof Overview>;

export const CHART_INTERVALS = ['day', 'week', 'month'] as const;

export const ChartQuery = z
  .object({
    metric: z.enum(REPORT_METRICS),
    from: CalendarDate,
    to: CalendarDate,
    interval: z.enum(CHART_INTERVALS).default('day'),
    ...Filters,
  })
  .superRefine(checkPeriod);
export type ChartQuery = z.infer<typeof ChartQuery>;

export const Chart = z.object({
  metric: z.enum(REPORT_METRICS),
  interval: z.enum(CHART_INTERVALS),
  points: z.array(
    z.object({
      date: z.string().describe('the first day of the day, week (Monday) or month'),
      value: z.number().nullable().describe('a count, or a time metric’s avg_s (null: nothing to measure)'),
    }),
  ),
});
export type Chart = z.infer<typeof Chart>;

export const AgentPerformanceQuery = z
  .object({ from: CalendarDate, to: CalendarDate, app_id: OptionalQueryId, queue_id: OptionalQueryId })
  .superRefine(checkPeriod);
export type AgentPerformanceQuery = z.infer<typeof AgentPerformanceQuery>;

export const AgentPerformance = z.object({
  user_id: z.number(),
  name: z.string(),
  conversations_assigned: z.number(),
  conversations_resolved: z.number(),
  messages_sent: z.number(),
  first_response_time: TimeStats,
  resolution_time: TimeStats,
  csat: CsatStats.describe('ratings of the conversations this agent resolved'),
});
export type AgentPerformance = z.infer<typeof AgentPerformance>;

export const LabelReportQuery = z
  .object({ from: CalendarDate, to: CalendarDate, app_id: OptionalQueryId })
  .superRefine(checkPeriod);
export type LabelReportQuery = z.infer<typeof LabelReportQuery>;

/** One label's numbers (contract section 13): the conversations carrying it now, by section 11's definitions. */
export const LabelReport = z.object({
  label_id: z.number(),
  name: z.string(),
  color: z.string(),
  conversations_created: z.number(),
  conversations_resolved: z.number(),
  first_response_time: TimeStats,
  resolution_time: TimeStats,
});
export type LabelReport = z.infer<typeof LabelReport>;

export const CalculateStatsBody = z.object({ from: CalendarDate, to: CalendarDate }).superRefine(checkPeriod);
export type CalculateStatsBody = z.infer<typeof CalculateStatsBody>;
export const CalculateStatsQuery = z.object({ job_id: QueryId });

export const CALCULATION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export const CalculationStatus = z.object({
  job_id: z.number(),
  status: z.enum(CALCULATION_STATUSES),
  progress: z.number().describe('0 to 1'),
  error: z.string().nullable(),
});
export type CalculationStatus = z.infer<typeof CalculationStatus>;

export const EXPORT_REPORTS = ['overview', 'agents', 'conversations'] as const;
export const ExportQuery = z
  .object({ report: z.enum(EXPORT_REPORTS), from: CalendarDate, to: CalendarDate, ...Filters })
  .superRefine(checkPeriod);
export type ExportQuery = z.infer<typeof ExportQuery>;
