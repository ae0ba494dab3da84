import type { Table } from 'drizzle-orm';
import type { DbOrTx } from '../../server/src/db/client.ts';

/**
 * Multi-row inserts in slices: one statement per slice keeps both drivers fast and stays far below
 * PostgreSQL's 65,535 bind parameters per statement.
 */
export async function insertBatched<T extends Table>(
  db: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
  size = 1000,
) {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size) as never);
  }
}
