import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bucketOf, emptyHistogram } from './histogram.ts';
import { ALL_USERS } from './metrics.ts';

/** One rollup row's key: company, day, app, queue (0: none), credited agent (0: none). */
const keyOf = (r: { day: string; app_id: number; queue_id: number; user_id: number }) =>
  `${r.day}|${r.app_id}|${r.queue_id}|${r.user_id}`;

interface CountRow extends Record<string, unknown> {
  day: string;
  app_id: number;
  queue_id: number;
  user_id: number;
  created: number;
  resolved: number;
  assigned: number;
  received: number;
  sent: number;
  frt_n: number;
  frt_sum: number;
  frtb_sum: number;
  rt_n: number;
  rt_sum: number;
  rtb_sum: number;
}

interface DurationRow extends Record<string, unknown> {
  day: string;
  app_id: number;
  queue_id: number;
  user_id: number;
  kind: 'first_response' | 'resolved';
  seconds: number;
  business_seconds: number;
}

/**
 * Rebuilds the company's rollups of these days from their facts: the one way rollups are written, by the
 * live consumer for the days its batch touched and by a recalculation for a whole range, so both always
 * agree. Counts and sums are grouped in SQL; the histograms are counted here from the durations.
 */
export async function refreshDays(db: DbOrTx, companyId: number, days: string[]) {
  if (days.length === 0) return;
  const inDays = sql`company_id = ${companyId} and day = any(${sql.param(days)}::date[])`;
  const group = sql`to_char(day, 'YYYY-MM-DD') as day, app_id, coalesce(queue_id, 0) as queue_id,
    coalesce(user_id, 0) as user_id`;
  // Three grains (see `reportDaily`): per app, queue and agent; per app and queue for all agents (user -1),
  // so a report without an agent reads a row a day per queue; per agent across apps (app 0), so agent
  // performance reads a row a day per agent.
  const counts = await db.execute<CountRow>(sql`
    select to_char(day, 'YYYY-MM-DD') as day,
      case when grouping(app_id) = 1 then 0 else app_id end as app_id,
      case when grouping(coalesce(queue_id, 0)) = 1 then 0 else coalesce(queue_id, 0) end as queue_id,
      case when grouping(coalesce(user_id, 0)) = 1 then ${ALL_USERS} else coalesce(user_id, 0) end as user_id,
      count(*) filter (where kind = 'conversation_created') as created,
      count(*) filter (where kind = 'resolved') as resolved,
      count(*) filter (where kind = 'assigned') as assigned,
      count(*) filter (where kind = 'message_received') as received,
      count(*) filter (where kind = 'message_sent') as sent,
      count(*) filter (where kind = 'first_response' and seconds is not null) as frt_n,
      coalesce(sum(seconds) filter (where kind = 'first_response'), 0) as frt_sum,
      coalesce(sum(business_seconds) filter (where kind = 'first_response'), 0) as frtb_sum,
      count(*) filter (where kind = 'resolved' and seconds is not null) as rt_n,
      coalesce(sum(seconds) filter (where kind = 'resolved'), 0) as rt_sum,
      coalesce(sum(business_seconds) filter (where kind = 'resolved'), 0) as rtb_sum
    from report_facts where ${inDays}
    group by grouping sets ((to_char(day, 'YYYY-MM-DD'), app_id, coalesce(queue_id, 0), coalesce(user_id, 0)),
      (to_char(day, 'YYYY-MM-DD'), app_id, coalesce(queue_id, 0)),
      (to_char(day, 'YYYY-MM-DD'), coalesce(user_id, 0)))`);
  const durations = await db.execute<DurationRow>(sql`
    select ${group}, kind, seconds, business_seconds from report_facts
    where ${inDays} and kind in ('first_response', 'resolved') and seconds is not null`);
  const hists = new Map<string, { frt: number[]; frtb: number[]; rt: number[]; rtb: number[] }>();
  for (const d of durations.rows) {
    const [app, queue, user] = [Number(d.app_id), Number(d.queue_id), Number(d.user_id)];
    for (const k of [
      { app_id: app, queue_id: queue, user_id: user },
      { app_id: app, queue_id: queue, user_id: ALL_USERS },
      { app_id: 0, queue_id: 0, user_id: user },
    ]) {
      const key = keyOf({ day: d.day, ...k });
      let h = hists.get(key);
      if (!h) {
        h = { frt: emptyHistogram(), frtb: emptyHistogram(), rt: emptyHistogram(), rtb: emptyHistogram() };
        hists.set(key, h);
      }
      const [plain, business] = d.kind === 'first_response' ? [h.frt, h.frtb] : [h.rt, h.rtb];
      plain[bucketOf(Number(d.seconds))]! += 1;
      business[bucketOf(Number(d.business_seconds ?? d.seconds))]! += 1;
    }
  }

  await db.execute(sql`delete from report_daily where ${inDays}`);
  const rows = counts.rows.map((r) => {
    const key = keyOf({
      ...r,
      app_id: Number(r.app_id),
      queue_id: Number(r.queue_id),
      user_id: Number(r.user_id),
    });
    const h = hists.get(key);
    const arr = (x: number[] | undefined) => sql`${sql.param(x ?? emptyHistogram())}::int[]`;
    return sql`(${companyId}::int, ${r.day}::date, ${r.app_id}::int, ${r.queue_id}::int, ${r.user_id}::int,
      ${r.created}::int, ${r.resolved}::int, ${r.assigned}::int, ${r.received}::int, ${r.sent}::int,
      ${r.frt_n}::int, ${r.frt_sum}::bigint, ${r.frtb_sum}::bigint, ${r.rt_n}::int, ${r.rt_sum}::bigint,
      ${r.rtb_sum}::bigint, ${arr(h?.frt)}, ${arr(h?.frtb)}, ${arr(h?.rt)}, ${arr(h?.rtb)})`;
  });
  // A few hundred rows a statement: a year's rebuild is a few hundred statements, not tens of thousands.
  for (let i = 0; i < rows.length; i += 400) {
    await db.execute(sql`
      insert into report_daily (company_id, day, app_id, queue_id, user_id, conversations_created,
        conversations_resolved, conversations_assigned, messages_received, messages_sent, frt_n, frt_sum, frtb_sum,
        rt_n, rt_sum, rtb_sum, frt_hist, frtb_hist, rt_hist, rtb_hist)
      select v.* from (values ${sql.join(rows.slice(i, i + 400), sql`, `)}) v
      -- An app deleted meanwhile took its numbers with it (app 0 is the across-apps grain).
      where v.column3 = 0 or exists (select 1 from apps a where a.id = v.column3 and a.company_id = ${companyId})`);
  }
}

/** The days an app has reporting facts on (what must be counted again when it goes). */
export async function reportedDays(db: DbOrTx, companyId: number, appId: number) {
  const res = await db.execute<{ day: string }>(sql`
    select distinct to_char(day, 'YYYY-MM-DD') as day from report_facts where company_id = ${companyId} and app_id = ${appId}`);
  return res.rows.map((r) => r.day);
}
