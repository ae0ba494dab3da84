import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { statement } from '../../db/statement.ts';
import { bucketOf, emptyHistogram } from './histogram.ts';
import { ALL_USERS } from './metrics.ts';
import { DURATION_MEASURES } from './rollups.ts';

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

const p = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;
const add = (col: string) => sql.raw(`${col} = report_daily.${col} + excluded.${col}`);
// Most deltas carry no duration (a customer's message, a new conversation): their histograms stay as they
// are, sparing the row four array merges, which were most of this statement's time under the send bench.
const addHist = (col: string, n: string) =>
  sql.raw(`${col} = case when excluded.${n} = 0 then report_daily.${col} else
    (select array_agg(coalesce(a, 0) + coalesce(b, 0) order by i)
    from unnest(report_daily.${col}, excluded.${col}) with ordinality as t(a, b, i)) end`);

/**
 * One upsert of a batch's deltas, its columns as arrays: a fixed text (prepared once per connection) and
 * twenty parameters whatever the batch, where a row of parameters per delta made building the query most
 * of the consumer's time in Node.
 */
const addRollups = statement(
  'report_daily_add',
  sql`
    insert into report_daily (company_id, day, app_id, queue_id, user_id, conversations_created,
      conversations_resolved, conversations_assigned, messages_received, messages_sent, frt_n, frt_sum, frtb_sum,
      rt_n, rt_sum, rtb_sum, frt_hist, frtb_hist, rt_hist, rtb_hist)
    select ${p('company', 'int')}, v.day, v.app, v.queue, v.usr, v.created, v.resolved, v.assigned, v.received,
      v.sent, v.frt_n, v.frt_sum, v.frtb_sum, v.rt_n, v.rt_sum, v.rtb_sum, v.frt_hist::int[], v.frtb_hist::int[],
      v.rt_hist::int[], v.rtb_hist::int[]
    from unnest(${p('day', 'date[]')}, ${p('app', 'int[]')}, ${p('queue', 'int[]')}, ${p('user', 'int[]')},
      ${p('created', 'int[]')}, ${p('resolved', 'int[]')}, ${p('assigned', 'int[]')}, ${p('received', 'int[]')},
      ${p('sent', 'int[]')}, ${p('frtN', 'int[]')}, ${p('frtSum', 'bigint[]')}, ${p('frtbSum', 'bigint[]')},
      ${p('rtN', 'int[]')}, ${p('rtSum', 'bigint[]')}, ${p('rtbSum', 'bigint[]')}, ${p('frtHist', 'text[]')},
      ${p('frtbHist', 'text[]')}, ${p('rtHist', 'text[]')}, ${p('rtbHist', 'text[]')})
      as v(day, app, queue, usr, created, resolved, assigned, received, sent, frt_n, frt_sum, frtb_sum, rt_n,
        rt_sum, rtb_sum, frt_hist, frtb_hist, rt_hist, rtb_hist)
    on conflict (company_id, day, app_id, queue_id, user_id) do update set
      ${sql.join(
        [
          ...[
            'conversations_created',
            'conversations_resolved',
            'conversations_assigned',
            'messages_received',
            'messages_sent',
            ...DURATION_MEASURES,
          ].map(add),
          addHist('frt_hist', 'frt_n'),
          addHist('frtb_hist', 'frt_n'),
          addHist('rt_hist', 'rt_n'),
          addHist('rtb_hist', 'rt_n'),
        ],
        sql`, `,
      )}`,
);

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
  const rows = [...deltas.values()];
  const col = <T>(pick: (d: Delta) => T) => rows.map(pick);
  // A histogram travels as its array literal: one text[] parameter holds them all.
  const hist = (which: keyof Delta['hist']) => col((d) => `{${d.hist[which].join(',')}}`);
  await addRollups.rows(db, {
    company: companyId,
    day: col((d) => d.day),
    app: col((d) => d.appId),
    queue: col((d) => d.queueId),
    user: col((d) => d.userId),
    created: col((d) => d.counts.created),
    resolved: col((d) => d.counts.resolved),
    assigned: col((d) => d.counts.assigned),
    received: col((d) => d.counts.received),
    sent: col((d) => d.counts.sent),
    frtN: col((d) => d.frtN),
    frtSum: col((d) => d.frtSum),
    frtbSum: col((d) => d.frtbSum),
    rtN: col((d) => d.rtN),
    rtSum: col((d) => d.rtSum),
    rtbSum: col((d) => d.rtbSum),
    frtHist: hist('frt'),
    frtbHist: hist('frtb'),
    rtHist: hist('rt'),
    rtbHist: hist('rtb'),
  });
}
