import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { customType, integer, timestamp } from 'drizzle-orm/pg-core';

/** Every time column is `timestamptz`, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A required reference whose row goes with its parent (a company's apps, a conversation's messages). */
export const cascadeTo = (name: string, parent: () => AnyPgColumn) =>
  integer(name).notNull().references(parent, { onDelete: 'cascade' });

/** Created and updated times, both set on insert. */
export const timestamps = () => ({
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** A text search document: kept by PostgreSQL from other columns, read only by searches in SQL. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
