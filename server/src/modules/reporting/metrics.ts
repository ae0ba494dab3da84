import { CSAT_SATISFIED_SCORE, type CsatStats, type Metrics, type TimeStats } from '@inbox/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { emptyHistogram, estimatedStats } from './histogram.ts';

/** What one report reads: a company, the apps in the caller's reach (null: all), optional queue and agent. */
export interface ReportScope {
  companyId: number;
  appIds: number[] | null;
  queueId?: number;
  userId?: number;
}

/**
 * Up to this many durations in a period, medians and p90s are exact (sorted from the facts); beyond, they
 * are estimated from the daily histograms so a year of a large company still answers at once.
 */
export const EXACT_LIMIT = 20_000;

/**
 * The rows of `alias` (report_daily d, or report_facts f) in the scope between two days, both included.
 * Rollups hold each (day, app, queue) once per credited agent and once for all agents together
 * (`ALL_USERS`): without an agent the reader takes the latter, `each` takes the per-agent rows.
 */
export function scopeWhere(
  alias: 'd' | 'f',
  s: ReportScope,
  from: string,
  to: string,
  users: 'scope' | 'each' = 'scope',
): SQL {
  const col = (name: string) => sql.raw(`${alias}.${name}`);
  const parts: SQL[] = [
    sql`${col('company_id')} = ${s.companyId}`,
    sql`${col('day')} between ${from}::date and ${to}::date`,
  ];
  const byAgent = users === 'each' || s.userId !== undefined;
  if (s.appIds !== null) parts.push(sql`${col('app_id')} = any(${sql.param(s.appIds)}::int[])`);
  else if (alias === 'd') {
    // Across apps: one row a day per agent (app 0), or the apps' rows (app > 0) for a queue or for everyone.
    parts.push(byAgent && s.queueId === undefined ? sql`d.app_id = 0` : sql`d.app_id > 0`);
  }
  if (s.queueId !== undefined) parts.push(sql`${col('queue_id')} = ${s.queueId}`);
  if (users === 'each') parts.push(sql`${col('user_id')} > 0`);
  else if (s.userId !== undefined) parts.push(sql`${col('user_id')} = ${s.userId}`);
  else if (alias === 'd') parts.push(sql`${col('user_id')} = ${ALL_USERS}`);
  return sql.join(parts, sql` and `);
}

/** The rollup rows that count every agent of a (day, app, queue) together. */
export const ALL_USERS = -1;

/** Sums of the rollup columns, for `select ... from report_daily d`. */
export const ROLLUP_SUMS = sql`
  coalesce(sum(d.conversations_created), 0) as conversations_created,
  coalesce(sum(d.conversations_resolved), 0) as conversations_resolved,
  coalesce(sum(d.conversations_assigned), 0) as conversations_assigned,
  coalesce(sum(d.messages_received), 0) as messages_received,
  coalesce(sum(d.messages_sent), 0) as messages_sent,
  coalesce(sum(d.frt_n), 0) as frt_n, coalesce(sum(d.frt_sum), 0) as frt_sum,
  coalesce(sum(d.frtb_sum), 0) as frtb_sum, coalesce(sum(d.rt_n), 0) as rt_n,
  coalesce(sum(d.rt_sum), 0) as rt_sum, coalesce(sum(d.rtb_sum), 0) as rtb_sum`;

export type SumRow = Record<string, string | number | null>;
const n = (r: SumRow, k: string) => Number(r[k] ?? 0);
const avg = (sum: number, count: number) => (count === 0 ? null : Math.round((sum / count) * 10) / 10);

/** The four time metrics' averages only (charts): exact from the sums. */
export const averagesOf = (r: SumRow) => ({
  first_response_time: avg(n(r, 'frt_sum'), n(r, 'frt_n')),
  resolution_time: avg(n(r, 'rt_sum'), n(r, 'rt_n')),
  first_response_time_business: avg(n(r, 'frtb_sum'), n(r, 'frt_n')),
  resolution_time_business: avg(n(r, 'rtb_sum'), n(r, 'rt_n')),
});

export const countsOf = (r: SumRow) => ({
  conversations_created: n(r, 'conversations_created'),
  conversations_resolved: n(r, 'conversations_resolved'),
  messages_received: n(r, 'messages_received'),
  messages_sent: n(r, 'messages_sent'),
});

type TimeKey = 'frt' | 'frtb' | 'rt' | 'rtb';
type Times = Record<TimeKey, TimeStats>;
const KEYS: TimeKey[] = ['frt', 'frtb', 'rt', 'rtb'];
/** Where each time metric's exact percentiles come from: the fact kind and its column. */
const EXACT_OF: Record<TimeKey, [string, string]> = {
  frt: ['first_response', 'seconds'],
  frtb: ['first_response', 'business_seconds'],
  rt: ['resolved', 'seconds'],
  rtb: ['resolved', 'business_seconds'],
};
const SUM_OF: Record<TimeKey, [string, string]> = {
  frt: ['frt_sum', 'frt_n'],
  frtb: ['frtb_sum', 'frt_n'],
  rt: ['rt_sum', 'rt_n'],
  rtb: ['rtb_sum', 'rt_n'],
};

/** `array[sum(d.frt_hist[1]), ...] as frt`: one histogram summed over the rows of a group. */
const summedHistogram = (k: TimeKey) =>
  sql.raw(
    `array[${emptyHistogram()
      .map((_, i) => `coalesce(sum(d.${k}_hist[${i + 1}]), 0)`)
      .join(', ')}]::bigint[] as ${k}`,
  );

const num = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);

/**
 * The time metrics of each group (one, or one per agent): averages from the sums; medians (the mean of the
 * two middle values of an even count) and nearest-rank p90s sorted from the facts when the period holds no
 * more than `EXACT_LIMIT` durations, else estimated from the summed histograms.
 */
async function timesOf<K extends TimeKey>(
  db: DbOrTx,
  scope: ReportScope,
  from: string,
  to: string,
  sums: Map<string, SumRow>,
  byUser: boolean,
  exactLimit: number,
  keys: readonly K[],
): Promise<Map<string, Record<K, TimeStats>>> {
  const total = [...sums.values()].reduce((t, r) => t + n(r, 'frt_n') + n(r, 'rt_n'), 0);
  const out = new Map<string, Record<K, TimeStats>>();
  const group = byUser ? sql`coalesce(f.user_id, 0)` : sql`0`;
  if (total <= exactLimit) {
    const col = (kind: string, column: string, as: string) => {
      const only = sql.raw(`filter (where f.kind = '${kind}' and f.${column} is not null)`);
      const c = sql.raw(`f.${column}`);
      return sql`percentile_cont(0.5) within group (order by ${c}) ${only} as ${sql.raw(`${as}_median`)},
        percentile_disc(0.9) within group (order by ${c}) ${only} as ${sql.raw(`${as}_p90`)}`;
    };
    const res = await db.execute<SumRow>(sql`
      select ${group} as g, ${sql.join(
        keys.map((k) => col(EXACT_OF[k][0], EXACT_OF[k][1], k)),
        sql`, `,
      )}
      from report_facts f
      where ${scopeWhere('f', scope, from, to)} and f.kind in ('first_response', 'resolved')
      group by 1`);
    const exact = new Map(res.rows.map((r) => [String(r.g), r]));
    for (const [g, r] of sums) {
      const e = exact.get(g) ?? {};
      out.set(
        g,
        Object.fromEntries(
          keys.map((k) => [
            k,
            {
              avg_s: avg(n(r, SUM_OF[k][0]), n(r, SUM_OF[k][1])),
              median_s: num(e[`${k}_median`]),
              p90_s: num(e[`${k}_p90`]),
            },
          ]),
        ) as Record<K, TimeStats>,
      );
    }
    return out;
  }
  // The histograms are summed bucket by bucket in the database, one aggregate per bucket: a year of agents
  // is thousands of rows of 33 buckets, cheaper to add up there than to ship, and far cheaper column by
  // column than unnested into a row per bucket.
  const res = await db.execute<{ g: number } & Record<TimeKey, (number | string)[]>>(sql`
    select ${byUser ? sql`d.user_id` : sql`0`} as g, ${sql.join(keys.map(summedHistogram), sql`, `)}
    from report_daily d
    where ${scopeWhere('d', scope, from, to, byUser ? 'each' : 'scope')} and (d.frt_n > 0 or d.rt_n > 0)
    group by 1`);
  const hists = new Map<string, Record<K, number[]>>();
  for (const row of res.rows) {
    hists.set(
      String(row.g),
      Object.fromEntries(keys.map((k) => [k, row[k].map(Number)])) as Record<K, number[]>,
    );
  }
  for (const [g, r] of sums) {
    const h = hists.get(g);
    out.set(
      g,
      Object.fromEntries(
        keys.map((k) => [
          k,
          estimatedStats(n(r, SUM_OF[k][1]), n(r, SUM_OF[k][0]), h?.[k] ?? emptyHistogram()),
        ]),
      ) as Record<K, TimeStats>,
    );
  }
  return out;
}

/**
 * Satisfaction ratings given in the period (contract section 14), read from the `rated` facts (their
 * `seconds` is the score): ratings are few beside messages, so the facts answer exactly, in one statement,
 * under the same scope as every other number. `byUser` groups them by the agent who resolved.
 */
export async function csatOf(
  db: DbOrTx,
  scope: ReportScope,
  from: string,
  to: string,
  byUser = false,
): Promise<Map<number, CsatStats>> {
  const group = byUser ? sql`coalesce(f.user_id, 0)` : sql`0`;
  const res = await db.execute<{ g: number; n: number; total: number; satisfied: number }>(sql`
    select ${group} as g, count(*)::int as n, coalesce(sum(f.seconds), 0)::int as total,
      (count(*) filter (where f.seconds >= ${CSAT_SATISFIED_SCORE}))::int as satisfied
    from report_facts f
    where ${scopeWhere('f', scope, from, to)} and f.kind = 'rated'
    group by 1`);
  return new Map(
    res.rows.map((r) => [
      Number(r.g),
      {
        responses: Number(r.n),
        average: avg(Number(r.total), Number(r.n)),
        satisfied_pct: avg(100 * Number(r.satisfied), Number(r.n)),
      },
    ]),
  );
}

export const NO_CSAT: CsatStats = { responses: 0, average: null, satisfied_pct: null };

const toMetrics = (r: SumRow, t: Times, csat: CsatStats): Metrics => ({
  ...countsOf(r),
  csat,
  first_response_time: t.frt,
  resolution_time: t.rt,
  first_response_time_business: t.frtb,
  resolution_time_business: t.rtb,
});

/** The metrics of contract section 11 for one scope and period, from the daily rollups. */
export async function metricsFor(
  db: DbOrTx,
  scope: ReportScope,
  from: string,
  to: string,
  exactLimit = EXACT_LIMIT,
): Promise<Metrics> {
  const res = await db.execute<SumRow>(
    sql`select ${ROLLUP_SUMS} from report_daily d where ${scopeWhere('d', scope, from, to)}`,
  );
  const sums = new Map([['0', res.rows[0] ?? {}]]);
  const times = await timesOf(db, scope, from, to, sums, false, exactLimit, KEYS);
  const csat = (await csatOf(db, scope, from, to)).get(0) ?? NO_CSAT;
  return toMetrics(sums.get('0')!, times.get('0')!, csat);
}

/** Per credited agent: the sums and time metrics of the scope and period. */
export async function metricsByUser(db: DbOrTx, scope: ReportScope, from: string, to: string) {
  const res = await db.execute<SumRow>(sql`
    select d.user_id as g, ${ROLLUP_SUMS} from report_daily d
    where ${scopeWhere('d', scope, from, to, 'each')} group by d.user_id`);
  const sums = new Map(res.rows.map((r) => [String(r.g), r]));
  // Agent performance shows first response and resolution in calendar time only: half the histograms.
  const times = await timesOf(db, scope, from, to, sums, true, EXACT_LIMIT, ['frt', 'rt'] as const);
  return new Map([...sums].map(([g, r]) => [Number(g), { sums: r, times: times.get(g)! }]));
}

/** `YYYY-MM-DD` plus whole days. */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
