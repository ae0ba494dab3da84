import { type SQL, sql } from 'drizzle-orm';
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
 * The condition "carries any of these labels" for the customer `id` names (the customer list's filter). An
 * id list as an array parameter: one statement text whatever the labels. (The inbox tests the conversation's
 * own `label_ids` instead: `labelIn` in conversations/poll.ts.)
 */
export function carriesAnyLabel(id: SQL, labelIds: readonly number[]): SQL {
  return sql`exists (select 1 from customer_labels jl where jl.customer_id = ${id}
    and jl.label_id = any(${sql.param(labelIds.filter(isSqlInt))}::int[]))`;
}
