import type { ListMeta } from '@inbox/contract';
import { type AnyColumn, asc, count, getTableName, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** ILIKE `%text%` over any of the columns; the user's own `%`, `_` and `\` are matched literally. */
export function contains(text: string | undefined, ...columns: AnyColumn[]): SQL | undefined {
  if (!text) return undefined;
  const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((c) => ilike(c, pattern)));
}

export interface Page<T> {
  rows: T[];
  meta: ListMeta;
}

export const pageOf = <T>(rows: T[], total: number, paging: { limit: number; offset: number }): Page<T> => ({
  rows,
  meta: { total, limit: paging.limit, offset: paging.offset },
});

/**
 * One page of a list of named things (apps, queues, companies, users, members), A to Z with the id breaking
 * ties, and how many the whole list holds. `query` is the list's select with its joins and conditions, made
 * `$dynamic()`; the total counts that same query, so the two cannot disagree on what the list is.
 */
export async function pageByName<Q extends PgSelect>(
  db: DbOrTx,
  query: Q,
  [name, id]: [AnyColumn, AnyColumn],
  paging: { limit: number; offset: number },
) {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(sql`(${query}) as listed`);
  const rows: Awaited<Q> = await query.orderBy(asc(name), asc(id)).limit(paging.limit).offset(paging.offset);
  return { rows, total };
}

/** `"table"."column"`, spelled out: drizzle leaves columns unqualified in single-table selects, which
 * silently rebinds them to the inner table inside a correlated subquery. */
export const qualified = (column: AnyPgColumn) =>
  sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/** A correlated `count(*)` of the rows of `fk`'s table that point at `owner`, as an int. */
export const countOf = (fk: AnyPgColumn, owner: AnyPgColumn) =>
  sql<number>`(select count(*)::int from ${fk.table} where ${qualified(fk)} = ${qualified(owner)})`;

/**
 * `column = any($n)` with the whole list as one parameter: unlike `inArray`, the statement's text is the same
 * for any list, so a prepared statement (`preparedRows`) serves every caller.
 */
export const anyOf = (column: AnyColumn, values: readonly (number | string)[], type: 'int' | 'text') =>
  sql`${column} = any(${sql.param(values)}::${sql.raw(type)}[])`;

/**
 * A value behind an init plan (`(select $n::type)`): the planner sees no value, so its plan for one value is
 * its plan for any, and a named statement (`preparedRows`) keeps that one generic plan instead of planning
 * each call for its values (an agent's ids, a search's words, a page's depth).
 */
export const hiddenValue = (value: unknown, type: 'int' | 'int[]' | 'bigint' | 'text') =>
  sql`(select ${sql.param(value)}::${sql.raw(type)})`;
