import type {
  AgentPerformance,
  AgentPerformanceQuery,
  Chart,
  ChartQuery,
  Overview,
  OverviewQuery,
} from '@inbox/contract';
import { COUNT_METRICS, type TIME_METRICS } from '@inbox/contract';
import { eq, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import { visibleApps } from '../access/app-roles.ts';
import type { CompanyCtx } from '../access/context.ts';
import { slaOverview } from '../sla/report.ts';
import {
  addDays,
  averagesOf,
  countsOf,
  csatOf,
  daysBetween,
  metricsByUser,
  metricsFor,
  NO_CSAT,
  type ReportScope,
  ROLLUP_SUMS,
  type SumRow,
  scopeWhere,
} from './metrics.ts';

type Filters = { app_id?: number; queue_id?: number; user_id?: number };

/**
 * Who sees which numbers (contract sections 4 and 11): company admins and managers the whole company; app
 * admins and managers the apps they run; anyone else only their own numbers, in the apps they can see. An
 * app filter out of reach answers 404.
 */
export async function reportScope(ctx: CompanyCtx, f: Filters): Promise<ReportScope> {
  const userId = ctx.actor.user.id;
  let appIds: number[] | null = null;
  let ownOnly = false;
  if (ctx.role === 'agent') {
    const apps = await visibleApps(ctx, userId, ctx.role);
    const runs = apps.filter((a) => a.role !== 'agent').map((a) => a.id);
    ownOnly = runs.length === 0;
    appIds = ownOnly ? apps.map((a) => a.id) : runs;
  }
  if (f.app_id !== undefined) {
    if (appIds !== null && !appIds.includes(f.app_id)) throw notFound('App');
    if (appIds === null) {
      const res = await ctx.db.execute(
        sql`select 1 from apps where id = ${f.app_id} and company_id = ${ctx.companyId}`,
      );
      if (res.rows.length === 0) throw notFound('App');
    }
    appIds = [f.app_id];
  }
  return {
    companyId: ctx.companyId,
    appIds,
    ...(f.queue_id !== undefined ? { queueId: f.queue_id } : {}),
    // Someone who only sees its own numbers is always itself, whatever it asked for.
    ...(ownOnly ? { userId } : f.user_id !== undefined ? { userId: f.user_id } : {}),
  };
}

/** Today's date in the company's timezone (`YYYY-MM-DD`). */
export async function companyToday(ctx: CompanyCtx) {
  const res = await ctx.db.execute<{ day: string }>(sql`
    select to_char(now() at time zone timezone, 'YYYY-MM-DD') as day from companies where id = ${ctx.companyId}`);
  return res.rows[0]?.day ?? new Date().toISOString().slice(0, 10);
}

async function timezoneOf(ctx: CompanyCtx) {
  const [row] = await ctx.db
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, ctx.companyId));
  return row?.timezone ?? 'UTC';
}

export async function overview(ctx: CompanyCtx, q: OverviewQuery): Promise<Overview> {
  const scope = await reportScope(ctx, q);
  const length = daysBetween(q.from, q.to) + 1;
  const [metrics, previous, timezone, sla] = await Promise.all([
    metricsFor(ctx.db, scope, q.from, q.to),
    metricsFor(ctx.db, scope, addDays(q.from, -length), addDays(q.from, -1)),
    timezoneOf(ctx),
    slaOverview(ctx.db, scope, q.from, q.to),
  ]);
  return { period: { from: q.from, to: q.to, timezone }, metrics, previous, sla };
}

/** Every bucket of the period, empty ones included: day by day, Monday-started weeks, or months. */
export async function chart(ctx: CompanyCtx, q: ChartQuery): Promise<Chart> {
  const scope = await reportScope(ctx, q);
  const unit = sql.raw(`'${q.interval}'`);
  const res = await ctx.db.execute<SumRow>(sql`
    with buckets as (
      select distinct date_trunc(${unit}, d)::date as bucket
      from generate_series(${q.from}::date, ${q.to}::date, interval '1 day') d
    ), sums as (
      select date_trunc(${unit}, d.day)::date as bucket, ${ROLLUP_SUMS}
      from report_daily d where ${scopeWhere('d', scope, q.from, q.to)}
      group by 1
    )
    select to_char(b.bucket, 'YYYY-MM-DD') as date, sums.* from buckets b left join sums on sums.bucket = b.bucket
    order by b.bucket`);
  const isCount = (COUNT_METRICS as readonly string[]).includes(q.metric);
  return {
    metric: q.metric,
    interval: q.interval,
    points: res.rows.map((r) => ({
      date: String(r.date),
      value: isCount
        ? countsOf(r)[q.metric as (typeof COUNT_METRICS)[number]]
        : averagesOf(r)[q.metric as (typeof TIME_METRICS)[number]],
    })),
  };
}

/**
 * One row per active member of the company (the caller alone for an agent who sees only its own numbers),
 * with the assignments, resolutions, replies and times credited to them in the period.
 */
export async function agentPerformance(
  ctx: CompanyCtx,
  q: AgentPerformanceQuery,
): Promise<AgentPerformance[]> {
  const scope = await reportScope(ctx, q);
  const people = await ctx.db.execute<{ id: number; name: string }>(sql`
    select u.id, u.name from company_members cm join users u on u.id = cm.user_id
    where cm.company_id = ${ctx.companyId} and u.status = 'active'
      ${scope.userId !== undefined ? sql`and u.id = ${scope.userId}` : sql``}
    order by u.name, u.id`);
  const byUser = await metricsByUser(ctx.db, { ...scope, userId: undefined }, q.from, q.to);
  const csat = await csatOf(ctx.db, { ...scope, userId: undefined }, q.from, q.to, true);
  const none = { avg_s: null, median_s: null, p90_s: null };
  return people.rows.map((p) => {
    const m = byUser.get(Number(p.id));
    const counts = m ? countsOf(m.sums) : null;
    return {
      user_id: Number(p.id),
      name: p.name,
      conversations_assigned: Number(m?.sums.conversations_assigned ?? 0),
      conversations_resolved: counts?.conversations_resolved ?? 0,
      messages_sent: counts?.messages_sent ?? 0,
      first_response_time: m?.times.frt ?? none,
      resolution_time: m?.times.rt ?? none,
      csat: csat.get(Number(p.id)) ?? NO_CSAT,
    };
  });
}
