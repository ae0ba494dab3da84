import type { LabelReport, LabelReportQuery, TimeStats } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { CompanyCtx } from '../access/context.ts';
import { scopeWhere } from './metrics.ts';
import { reportScope } from './service.ts';

type Row = Record<string, string | number | null> & { label_id: number; name: string; color: string };

const num = (v: unknown) => (v === null || v === undefined ? null : Math.round(Number(v) * 10) / 10);
const stats = (r: Row, k: 'frt' | 'rt'): TimeStats => ({
  avg_s: num(r[`${k}_avg`]),
  median_s: num(r[`${k}_median`]),
  p90_s: num(r[`${k}_p90`]),
});

/** Section 11's statistics of one fact kind's durations: average, median (the mean of an even count's middle two), nearest-rank p90. */
const timeColumns = (kind: 'first_response' | 'resolved', as: 'frt' | 'rt') => {
  const only = sql.raw(`filter (where f.kind = '${kind}' and f.seconds is not null)`);
  return sql`avg(f.seconds) ${only} as ${sql.raw(`${as}_avg`)},
    percentile_cont(0.5) within group (order by f.seconds) ${only} as ${sql.raw(`${as}_median`)},
    percentile_disc(0.9) within group (order by f.seconds) ${only} as ${sql.raw(`${as}_p90`)}`;
};

/**
 * `GET /reporting/labels` (contract section 13): for each of the company's labels, the numbers of section 11
 * over the conversations carrying it now, with section 11's days, definitions and reach (an agent who runs
 * no app sees only its own resolutions and first responses). A conversation with two labels counts for
 * both. Read from the facts themselves (exact medians): the rollups do not know labels, which change after
 * the facts were written. A label on nothing in the period answers zeros.
 */
export async function labelReport(ctx: CompanyCtx, q: LabelReportQuery): Promise<LabelReport[]> {
  const scope = await reportScope(ctx, q);
  const res = await ctx.db.execute<Row>(sql`
    select l.id as label_id, l.name, l.color,
      count(f.id) filter (where f.kind = 'conversation_created') as created,
      count(f.id) filter (where f.kind = 'resolved') as resolved,
      ${timeColumns('first_response', 'frt')}, ${timeColumns('resolved', 'rt')}
    from labels l
    left join conversation_labels cl on cl.label_id = l.id
    left join report_facts f on f.conversation_id = cl.conversation_id
      and f.kind in ('conversation_created', 'resolved', 'first_response') and ${scopeWhere('f', scope, q.from, q.to)}
    where l.company_id = ${ctx.companyId}
    group by l.id, l.name, l.color
    order by lower(l.name), l.id`);
  return res.rows.map((r) => ({
    label_id: Number(r.label_id),
    name: r.name,
    color: r.color,
    conversations_created: Number(r.created),
    conversations_resolved: Number(r.resolved),
    first_response_time: stats(r, 'frt'),
    resolution_time: stats(r, 'rt'),
  }));
}
