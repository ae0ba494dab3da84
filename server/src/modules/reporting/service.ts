import type {
  AgentPerformance,
  AgentPerformanceQuery,
  Chart,
  ChartQuery,
  Overview,
  OverviewQuery,
} from '@inbox/contract';
import { COUNT_METRICS } from '@inbox/contract';
import { eq, sql } from 'drizzle-orm';
import { companies } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import { visibleApps } from '../access/app-roles.ts';
import type { CompanyCtx } from '../access/context.ts';
import {
  addDays,
  daysBetween,
  factsWhere,
  METRIC_COLUMNS,
  metricsFor,
  type ReportScope,
  toMetrics,
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
  const [metrics, previous, timezone] = await Promise.all([
    metricsFor(ctx.db, scope, q.from, q.to),
    metricsFor(ctx.db, scope, addDays(q.from, -length), addDays(q.from, -1)),
    timezoneOf(ctx),
  ]);
  return { period: { from: q.from, to: q.to, timezone }, metrics, previous };
}

/** Every bucket of the period, empty ones included: day by day, Monday-started weeks, or months. */
export async function chart(ctx: CompanyCtx, q: ChartQuery): Promise<Chart> {
  const scope = await reportScope(ctx, q);
  const unit = sql.raw(`'${q.interval}'`);
  const res = await ctx.db.execute<Record<string, string | number | null>>(sql`
    with buckets as (
      select distinct date_trunc(${unit}, d)::date as bucket
      from generate_series(${q.from}::date, ${q.to}::date, interval '1 day') d
    ), facts as (
      select date_trunc(${unit}, f.day)::date as bucket, ${METRIC_COLUMNS}
      from report_facts f where ${factsWhere(scope, q.from, q.to)}
      group by 1
    )
    select to_char(b.bucket, 'YYYY-MM-DD') as date, facts.* from buckets b left join facts on facts.bucket = b.bucket
    order by b.bucket`);
  const isCount = (COUNT_METRICS as readonly string[]).includes(q.metric);
  return {
    metric: q.metric,
    interval: q.interval,
    points: res.rows.map((r) => {
      const m = toMetrics(r);
      const value = isCount
        ? m[q.metric as (typeof COUNT_METRICS)[number]]
        : m[q.metric as 'resolution_time'].avg_s;
      return { date: String(r.date), value };
    }),
  };
}

/**
 * One row per member of the company who can work the apps in scope (the caller alone for an agent who
 * sees only its own numbers), with their assignments, resolutions, replies and times in the period.
 */
export async function agentPerformance(
  ctx: CompanyCtx,
  q: AgentPerformanceQuery,
): Promise<AgentPerformance[]> {
  const scope = await reportScope(ctx, q);
  const where = factsWhere({ ...scope, userId: undefined }, q.from, q.to);
  const res = await ctx.db.execute<Record<string, string | number | null>>(sql`
    with people as (
      select u.id, u.name from company_members cm join users u on u.id = cm.user_id
      where cm.company_id = ${ctx.companyId} and u.status = 'active'
        ${scope.userId !== undefined ? sql`and u.id = ${scope.userId}` : sql``}
    ), facts as (
      select f.user_id, count(*) filter (where f.kind = 'assigned') as conversations_assigned, ${METRIC_COLUMNS}
      from report_facts f where ${where} and f.user_id is not null group by f.user_id
    )
    select p.id as user_id, p.name, facts.* from people p left join facts on facts.user_id = p.id
    order by p.name, p.id`);
  return res.rows.map((r) => {
    const m = toMetrics(r);
    return {
      user_id: Number(r.user_id),
      name: String(r.name),
      conversations_assigned: Number(r.conversations_assigned ?? 0),
      conversations_resolved: m.conversations_resolved,
      messages_sent: m.messages_sent,
      first_response_time: m.first_response_time,
      resolution_time: m.resolution_time,
    };
  });
}
