import { Readable } from 'node:stream';
import type { CsatStats, ExportQuery, Metrics, TimeStats } from '@inbox/contract';
import { stringify } from 'csv-stringify';
import { sql } from 'drizzle-orm';
import type { CompanyCtx } from '../access/context.ts';
import { priorityOf } from '../conversations/priority.ts';
import { addDays, daysBetween, metricsFor } from './metrics.ts';
import { agentPerformance, reportScope } from './service.ts';

type Cell = string | number | null;

/**
 * A text cell a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, carriage return) gets a
 * leading `'` (contract section 11); numbers stay numbers.
 */
export const safeCell = (v: Cell): Cell => (typeof v === 'string' && /^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

const TIME_PARTS: [keyof TimeStats, string][] = [
  ['avg_s', 'avg_s'],
  ['median_s', 'median_s'],
  ['p90_s', 'p90_s'],
];

/** Satisfaction's columns (contract section 14), in the overview's rows and the agents' columns. */
const CSAT_PARTS = ['responses', 'average', 'satisfied_pct'] as const satisfies (keyof CsatStats)[];

/** The overview as rows of metric, this period, the period before. */
function overviewRows(now: Metrics, before: Metrics): Cell[][] {
  const rows: Cell[][] = [['metric', 'value', 'previous']];
  for (const key of Object.keys(now) as (keyof Metrics)[]) {
    const a = now[key];
    const b = before[key];
    if (typeof a === 'number') rows.push([key, a, b as number]);
    else if (key === 'csat')
      for (const part of CSAT_PARTS) rows.push([`csat_${part}`, now.csat[part], before.csat[part]]);
    else
      for (const [part, label] of TIME_PARTS)
        rows.push([`${key}_${label}`, (a as TimeStats)[part] as Cell, (b as TimeStats)[part] as Cell]);
  }
  return rows;
}

async function* conversationRows(ctx: CompanyCtx, q: ExportQuery): AsyncGenerator<Cell[]> {
  const scope = await reportScope(ctx, q);
  yield [
    'number',
    'conversation_id',
    'app',
    'queue',
    'customer',
    'channel',
    'status',
    'priority',
    'assignee',
    'created_ts',
    'first_reply_ts',
    'resolved_ts',
  ];
  const tz = sql`(select timezone from companies where id = ${ctx.companyId})`;
  let after = 0;
  for (;;) {
    // Pages by id, so a large export streams without holding every row.
    const res = await ctx.db.execute<Record<string, Cell>>(sql`
      select c.number, c.id, a.name as app, q.name as queue, cu.name as customer, c.channel, c.status,
        c.priority, u.name as assignee, c.created_at, c.first_reply_at, c.resolved_at
      from conversations c join apps a on a.id = c.app_id join customers cu on cu.id = c.customer_id
      left join queues q on q.id = c.queue_id left join users u on u.id = c.assigned_user_id
      where c.company_id = ${ctx.companyId} and c.id > ${after}
        and (c.created_at at time zone ${tz})::date between ${q.from}::date and ${q.to}::date
        ${scope.appIds !== null ? sql`and c.app_id = any(${sql.param(scope.appIds)}::int[])` : sql``}
        ${scope.queueId !== undefined ? sql`and c.queue_id = ${scope.queueId}` : sql``}
        ${scope.userId !== undefined ? sql`and c.assigned_user_id = ${scope.userId}` : sql``}
      order by c.id limit 1000`);
    if (res.rows.length === 0) return;
    for (const r of res.rows) {
      const iso = (v: Cell | undefined) => (v == null ? null : new Date(v as string).toISOString());
      const text = (v: Cell | undefined) => (v == null ? null : String(v));
      yield [
        Number(r.number),
        Number(r.id),
        text(r.app),
        text(r.queue),
        text(r.customer),
        text(r.channel),
        text(r.status),
        priorityOf(r.priority as number | null),
        text(r.assignee),
        iso(r.created_at),
        iso(r.first_reply_at),
        iso(r.resolved_at),
      ];
    }
    after = Number(res.rows.at(-1)!.id);
  }
}

async function* reportRows(ctx: CompanyCtx, q: ExportQuery): AsyncGenerator<Cell[]> {
  if (q.report === 'conversations') {
    yield* conversationRows(ctx, q);
    return;
  }
  if (q.report === 'agents') {
    yield [
      'user_id',
      'name',
      'conversations_assigned',
      'conversations_resolved',
      'messages_sent',
      'first_response_avg_s',
      'first_response_median_s',
      'first_response_p90_s',
      'resolution_avg_s',
      'resolution_median_s',
      'resolution_p90_s',
      ...CSAT_PARTS.map((p) => `csat_${p}`),
    ];
    for (const r of await agentPerformance(ctx, q)) {
      const f = r.first_response_time;
      const res = r.resolution_time;
      yield [
        r.user_id,
        r.name,
        r.conversations_assigned,
        r.conversations_resolved,
        r.messages_sent,
        f.avg_s,
        f.median_s,
        f.p90_s,
        res.avg_s,
        res.median_s,
        res.p90_s,
        ...CSAT_PARTS.map((p) => r.csat[p]),
      ];
    }
    return;
  }
  const scope = await reportScope(ctx, q);
  const length = daysBetween(q.from, q.to) + 1;
  const now = await metricsFor(ctx.db, scope, q.from, q.to);
  const before = await metricsFor(ctx.db, scope, addDays(q.from, -length), addDays(q.from, -1));
  yield* overviewRows(now, before);
}

/**
 * `GET /reporting/export`: RFC 4180 with CRLF, UTF-8 with a byte-order mark (so spreadsheet programs read
 * the accents), streamed row by row. The first row is checked before streaming, so a refusal (a 404 app)
 * is an ordinary error answer, not a broken download.
 */
export async function exportReport(ctx: CompanyCtx, q: ExportQuery): Promise<Readable> {
  const rows = reportRows(ctx, q);
  const first = await rows.next();
  const csv = stringify({ bom: true, record_delimiter: 'windows', cast: { number: (n) => String(n) } });
  async function* all() {
    if (!first.done) yield first.value;
    yield* rows;
  }
  return Readable.from(all())
    .map((row: Cell[]) => row.map(safeCell))
    .pipe(csv);
}
