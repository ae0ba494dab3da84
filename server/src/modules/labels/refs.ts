import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isSqlInt } from '../access/conversation-visibility.ts';

/**
 * The labels a conversation or customer carries, as the `jsonb` array every answer shows
 * (`[{label_id, name, color}]`, by name): read from the labels themselves in the same statement as the rows
 * they belong to, so a rename shows at once and a page costs no extra round trip (one index range per row,
 * on the join table's primary key).
 */
export function labelRefsSql(of: 'conversation' | 'customer', id: SQL): SQL {
  const join = of === 'conversation' ? sql.raw('conversation_labels') : sql.raw('customer_labels');
  const key = of === 'conversation' ? sql.raw('conversation_id') : sql.raw('customer_id');
  return sql`coalesce((select jsonb_agg(jsonb_build_object('label_id', l.id, 'name', l.name, 'color', l.color)
      order by lower(l.name), l.id)
    from ${join} jl join labels l on l.id = jl.label_id where jl.${key} = ${id}), '[]'::jsonb)`;
}

export interface LabelRefRow {
  label_id: number;
  name: string;
  color: string;
}

/** Reads the array back (PGlite and pg both hand `jsonb` over parsed; text is parsed here). */
export const labelRefsOf = (v: unknown): LabelRefRow[] =>
  (typeof v === 'string' ? JSON.parse(v) : (v ?? [])) as LabelRefRow[];

/**
 * The condition "carries any of these labels" for the row `id` names (a list filter). An id list as an
 * array parameter: one statement text whatever the labels.
 */
export function carriesAnyLabel(of: 'conversation' | 'customer', id: SQL, labelIds: readonly number[]): SQL {
  const join = of === 'conversation' ? sql.raw('conversation_labels') : sql.raw('customer_labels');
  const key = of === 'conversation' ? sql.raw('conversation_id') : sql.raw('customer_id');
  return sql`exists (select 1 from ${join} jl where jl.${key} = ${id}
    and jl.label_id = any(${sql.param(labelIds.filter(isSqlInt))}::int[]))`;
}

/**
 * The company's conversations carrying any of the labels, when there are at most `cap` of them; null when
 * there are more. A rare label is then filtered by its ids (a few key lookups), as a search's few matches
 * are: walking the list in its order for one conversation in a hundred read a hundred rows for each, and
 * counting up to the cap read the whole company (bench/RESULTS.md, inbox sorts).
 */
export async function fewLabelled(
  db: DbOrTx,
  companyId: number,
  labelIds: readonly number[],
  cap: number,
): Promise<number[] | null> {
  const ids = labelIds.filter(isSqlInt);
  if (ids.length === 0) return [];
  const res = await db.execute<{
    id: number;
  }>(sql`select distinct conversation_id as id from conversation_labels
    where company_id = ${companyId} and label_id = any(${sql.param(ids)}::int[]) limit ${cap + 1}`);
  return res.rows.length > cap ? null : res.rows.map((r) => Number(r.id));
}
