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

/** The duration counts and sums of a rollup row, named as its columns are. */
export const DURATION_MEASURES = ['frt_n', 'frt_sum', 'frtb_sum', 'rt_n', 'rt_sum', 'rtb_sum'] as const;

const MEASURES = ['created', 'resolved', 'assigned', 'received', 'sent', ...DURATION_MEASURES] as const;

/**
 * The three rollup rows a fact counts in (see `reportDaily`): per app, queue and agent; per app and queue for
 * all agents (`ALL_USERS`), so a report without an agent reads a row a day per queue; per agent across apps
 * (app 0), so agent performance reads a row a day per agent.
 */
const grainsOf = (day: string, app_id: number, queue_id: number, user_id: number) => [
  { day, app_id, queue_id, user_id },
  { day, app_id, queue_id, user_id: ALL_USERS },
  { day, app_id: 0, queue_id: 0, user_id },
];

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
 * Rebuilds the company's rollups of these days from their facts: what a recalculation and an app's deletion
 * do, and what the live consumer's increments (`increments.ts`) must always equal (a test compares them).
 * Counts and sums are grouped in SQL; the histograms are counted here from the durations.
 */
export async function refreshDays(db: DbOrTx, companyId: number, days: string[]) {
  if (days.length === 0) return;
  const inDays = sql`company_id = ${companyId} and day = any(${sql.param(days)}::date[])`;
  const group = sql`to_char(day, 'YYYY-MM-DD') as day, app_id, coalesce(queue_id, 0) as queue_id,
    coalesce(user_id, 0) as user_id`;
  // Counted once at the finest grain in the database (a plain group by, several times cheaper than grouping
  // sets over the same facts), then added up here into the three grains of `reportDaily`.
  const fine = await db.execute<CountRow>(sql`
    select ${group},
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
    group by day, app_id, coalesce(queue_id, 0), coalesce(user_id, 0)`);
  const counts = new Map<string, CountRow>();
  for (const r of fine.rows) {
    for (const k of grainsOf(r.day, Number(r.app_id), Number(r.queue_id), Number(r.user_id))) {
      const key = keyOf(k);
      const sum =
        counts.get(key) ?? ({ ...k, ...Object.fromEntries(MEASURES.map((m) => [m, 0])) } as CountRow);
      for (const m of MEASURES) sum[m] += Number(r[m]);
      counts.set(key, sum);
    }
  }
  const durations = await db.execute<DurationRow>(sql`
    select ${group}, kind, seconds, business_seconds from report_facts
    where ${inDays} and kind in ('first_response', 'resolved') and seconds is not null`);
  const hists = new Map<string, { frt: number[]; frtb: number[]; rt: number[]; rtb: number[] }>();
  for (const d of durations.rows) {
    for (const k of grainsOf(d.day, Number(d.app_id), Number(d.queue_id), Number(d.user_id))) {
      const key = keyOf(k);
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
  const rows = [...counts.values()].map((r) => {
    const h = hists.get(keyOf(r));
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
