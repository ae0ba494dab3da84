import type { SlaOverview } from '@inbox/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** What a report covers: the company, its apps in reach (null: all), and the filters (contract section 11). */
export interface SlaReportScope {
  companyId: number;
  appIds: number[] | null;
  queueId?: number;
  /** An agent's own numbers: the conversations assigned to them. */
  userId?: number;
}

/**
 * The overview's service levels (contract section 14): conversations started from `from` to `to` (dates in
 * the company's timezone, both included) under a policy, those with at least one breach so far, and the
 * share met, one decimal. Read from the conversation rows, whose start is a range of the oldest-first index.
 */
export async function slaOverview(
  db: DbOrTx,
  s: SlaReportScope,
  from: string,
  to: string,
): Promise<SlaOverview> {
  const parts: SQL[] = [
    sql`c.company_id = ${s.companyId}`,
    sql`c.created_at >= (${from}::date)::timestamp at time zone co.timezone`,
    sql`c.created_at < (${to}::date + 1)::timestamp at time zone co.timezone`,
    sql`c.sla_policy_id is not null`,
  ];
  if (s.appIds !== null) parts.push(sql`c.app_id = any(${sql.param(s.appIds)}::int[])`);
  if (s.queueId !== undefined) parts.push(sql`c.queue_id = ${s.queueId}`);
  if (s.userId !== undefined) parts.push(sql`c.assigned_user_id = ${s.userId}`);
  const res = await db.execute<{ n: number | string; breached: number | string }>(sql`
    select count(*) as n, count(*) filter (where cardinality(c.sla_breached) > 0) as breached
    from conversations c join companies co on co.id = c.company_id
    where ${sql.join(parts, sql` and `)}`);
  const n = Number(res.rows[0]?.n ?? 0);
  const breached = Number(res.rows[0]?.breached ?? 0);
  return {
    conversations: n,
    breached,
    met_pct: n === 0 ? null : Math.round((1000 * (n - breached)) / n) / 10,
  };
}
