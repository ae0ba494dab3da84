import type { Metrics, TimeStats } from '@inbox/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** What one report reads: a company, the apps in the caller's reach (null: all), optional queue and agent. */
export interface ReportScope {
  companyId: number;
  appIds: number[] | null;
  queueId?: number;
  userId?: number;
}

/**
 * The facts of the scope between two days (both included). With an agent, its own facts (replies, first
 * responses, resolutions, assignments), and the conversations and customer messages of the conversations
 * it worked on in that time.
 */
export function factsWhere(s: ReportScope, from: string, to: string): SQL {
  const parts: SQL[] = [sql`f.company_id = ${s.companyId}`, sql`f.day between ${from}::date and ${to}::date`];
  if (s.appIds !== null) parts.push(sql`f.app_id = any(${sql.param(s.appIds)}::int[])`);
  if (s.queueId !== undefined) parts.push(sql`f.queue_id = ${s.queueId}`);
  if (s.userId !== undefined) {
    parts.push(sql`(f.user_id = ${s.userId} or (f.kind in ('conversation_created', 'message_received')
      and f.conversation_id in (select w.conversation_id from report_facts w
        where w.company_id = ${s.companyId} and w.user_id = ${s.userId}
          and w.day between ${from}::date and ${to}::date)))`);
  }
  return sql.join(parts, sql` and `);
}

/** avg, median (the mean of the middle two of an even count) and nearest-rank p90 of one column of one kind. */
const timeColumns = (kind: string, column: 'seconds' | 'business_seconds', as: string) => {
  const only = sql.raw(`filter (where f.kind = '${kind}' and f.${column} is not null)`);
  const col = sql.raw(`f.${column}`);
  const name = (suffix: string) => sql.raw(`${as}_${suffix}`);
  return sql`avg(${col}) ${only} as ${name('avg')},
    percentile_cont(0.5) within group (order by ${col}) ${only} as ${name('median')},
    percentile_disc(0.9) within group (order by ${col}) ${only} as ${name('p90')}`;
};

type Row = Record<string, string | number | null>;

const num = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);
const stats = (r: Row, as: string): TimeStats => ({
  avg_s: num(r[`${as}_avg`]),
  median_s: num(r[`${as}_median`]),
  p90_s: num(r[`${as}_p90`]),
});

/** The metric columns of contract section 11 over `report_facts f`. */
export const METRIC_COLUMNS = sql`
  count(*) filter (where f.kind = 'conversation_created') as conversations_created,
  count(*) filter (where f.kind = 'resolved') as conversations_resolved,
  count(*) filter (where f.kind = 'message_received') as messages_received,
  count(*) filter (where f.kind = 'message_sent') as messages_sent,
  ${timeColumns('first_response', 'seconds', 'frt')},
  ${timeColumns('resolved', 'seconds', 'rt')},
  ${timeColumns('first_response', 'business_seconds', 'frtb')},
  ${timeColumns('resolved', 'business_seconds', 'rtb')}`;

export const toMetrics = (r: Row): Metrics => ({
  conversations_created: Number(r.conversations_created ?? 0),
  conversations_resolved: Number(r.conversations_resolved ?? 0),
  messages_received: Number(r.messages_received ?? 0),
  messages_sent: Number(r.messages_sent ?? 0),
  first_response_time: stats(r, 'frt'),
  resolution_time: stats(r, 'rt'),
  first_response_time_business: stats(r, 'frtb'),
  resolution_time_business: stats(r, 'rtb'),
});

export async function metricsFor(db: DbOrTx, scope: ReportScope, from: string, to: string): Promise<Metrics> {
  const res = await db.execute<Row>(
    sql`select ${METRIC_COLUMNS} from report_facts f where ${factsWhere(scope, from, to)}`,
  );
  return toMetrics(res.rows[0] ?? {});
}

/** `YYYY-MM-DD` plus whole days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
