import type { ListMeta } from '@inbox/contract';
import { type AnyColumn, getTableName, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

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
