import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bucketOf, emptyHistogram } from './histogram.ts';
import { ALL_USERS } from './metrics.ts';

/** A fact as written: what its rollup rows need. */
export interface NewFact {
  day: string;
  appId: number;
  queueId: number | null;
  userId: number | null;
  kind: string;
  seconds: number | null;
  businessSeconds: number | null;
}

interface Delta {
  day: string;
  appId: number;
  queueId: number;
  userId: number;
  counts: Record<'created' | 'resolved' | 'assigned' | 'received' | 'sent', number>;
  frtN: number;
  frtSum: number;
  frtbSum: number;
  rtN: number;
  rtSum: number;
  rtbSum: number;
  hist: Record<'frt' | 'frtb' | 'rt' | 'rtb', number[]>;
}

const COUNTED: Record<string, keyof Delta['counts']> = {
  conversation_created: 'created',
  resolved: 'resolved',
  assigned: 'assigned',
  message_received: 'received',
  message_sent: 'sent',
};

/**
 * Adds a batch's new facts to the rollups at the three grains of `reportDaily`, without reading the day
 * back: the live consumer's cost stays that of its own facts however busy the day has been. A recalculation
 * rebuilds whole days instead (`refreshDays`); the two give the same rows (a test compares them).
 */
export async function addToRollups(db: DbOrTx, companyId: number, facts: NewFact[]) {
  const deltas = new Map<string, Delta>();
  const deltaOf = (day: string, appId: number, queueId: number, userId: number) => {
    const key = `${day}|${appId}|${queueId}|${userId}`;
    let d = deltas.get(key);
    if (!d) {
      d = {
        day,
        appId,
        queueId,
        userId,
        counts: { created: 0, resolved: 0, assigned: 0, received: 0, sent: 0 },
        frtN: 0,
        frtSum: 0,
        frtbSum: 0,
        rtN: 0,
        rtSum: 0,
        rtbSum: 0,
        hist: { frt: emptyHistogram(), frtb: emptyHistogram(), rt: emptyHistogram(), rtb: emptyHistogram() },
      };
      deltas.set(key, d);
    }
    return d;
  };
  for (const f of facts) {
    const queue = f.queueId ?? 0;
    const user = f.userId ?? 0;
    for (const d of [
      deltaOf(f.day, f.appId, queue, user),
      deltaOf(f.day, f.appId, queue, ALL_USERS),
      deltaOf(f.day, 0, 0, user),
    ]) {
      const counted = COUNTED[f.kind];
      if (counted) d.counts[counted] += 1;
      if (f.seconds === null) continue;
      const business = f.businessSeconds ?? f.seconds;
      if (f.kind === 'first_response') {
        d.frtN += 1;
        d.frtSum += f.seconds;
        d.frtbSum += business;
        d.hist.frt[bucketOf(f.seconds)]! += 1;
        d.hist.frtb[bucketOf(business)]! += 1;
      } else if (f.kind === 'resolved') {
        d.rtN += 1;
        d.rtSum += f.seconds;
        d.rtbSum += business;
        d.hist.rt[bucketOf(f.seconds)]! += 1;
        d.hist.rtb[bucketOf(business)]! += 1;
      }
    }
  }
  if (deltas.size === 0) return;
  const arr = (x: number[]) => sql`${sql.param(x)}::int[]`;
  const rows = [...deltas.values()].map(
    (d) => sql`(${companyId}::int, ${d.day}::date, ${d.appId}::int, ${d.queueId}::int, ${d.userId}::int,
      ${d.counts.created}::int, ${d.counts.resolved}::int, ${d.counts.assigned}::int, ${d.counts.received}::int,
      ${d.counts.sent}::int, ${d.frtN}::int, ${d.frtSum}::bigint, ${d.frtbSum}::bigint, ${d.rtN}::int,
      ${d.rtSum}::bigint, ${d.rtbSum}::bigint, ${arr(d.hist.frt)}, ${arr(d.hist.frtb)}, ${arr(d.hist.rt)},
      ${arr(d.hist.rtb)})`,
  );
  const add = (col: string) => sql.raw(`${col} = report_daily.${col} + excluded.${col}`);
  const addHist = (col: string) =>
    sql.raw(`${col} = (select array_agg(coalesce(a, 0) + coalesce(b, 0) order by i)
      from unnest(report_daily.${col}, excluded.${col}) with ordinality as t(a, b, i))`);
  await db.execute(sql`
    insert into report_daily (company_id, day, app_id, queue_id, user_id, conversations_created,
      conversations_resolved, conversations_assigned, messages_received, messages_sent, frt_n, frt_sum, frtb_sum,
      rt_n, rt_sum, rtb_sum, frt_hist, frtb_hist, rt_hist, rtb_hist)
    values ${sql.join(rows, sql`, `)}
    on conflict (company_id, day, app_id, queue_id, user_id) do update set
      ${sql.join(
        [
          ...[
            'conversations_created',
            'conversations_resolved',
            'conversations_assigned',
            'messages_received',
            'messages_sent',
            'frt_n',
            'frt_sum',
            'frtb_sum',
            'rt_n',
            'rt_sum',
            'rtb_sum',
          ].map(add),
          ...['frt_hist', 'frtb_hist', 'rt_hist', 'rtb_hist'].map(addHist),
        ],
        sql`, `,
      )}`);
}
