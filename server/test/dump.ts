import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client.ts';

/**
 * Every row of every table the product and its job queue keep, as text: what a database dump shows, for
 * tests that look for something that must not be there.
 */
export async function databaseDump(db: DbOrTx): Promise<string> {
  const tables = await db.execute<{ schema: string; name: string }>(sql`
    select table_schema as schema, table_name as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
    order by 1, 2`);
  const parts: string[] = [];
  for (const { schema, name } of tables.rows) {
    const rows = await db.execute<{ row: string }>(
      sql`select r::text as row from ${sql.identifier(schema)}.${sql.identifier(name)} r`,
    );
    for (const { row } of rows.rows) parts.push(`${schema}.${name}: ${row}`);
  }
  return parts.join('\n');
}
