import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, withAdminClient } from '../../test/db.ts';
import type { Database } from './client.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('the PostgreSQL pool', () => {
  it('survives the server dropping its idle connections and answers the next query', async () => {
    await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select 1`)));
    const current = await database.db.execute<{ name: string }>(sql`select current_database() as name`);
    const name = current.rows[0]!.name;
    const killed = await withAdminClient((c) =>
      c.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [name],
      ),
    );
    expect(killed.rowCount).toBeGreaterThan(0);
    // Give the dropped sockets a moment to report their errors to the pool.
    await new Promise((r) => setTimeout(r, 200));
    const res = await database.db.execute(sql`select 42 as answer`);
    expect(res.rows[0]).toEqual({ answer: 42 });
  });
});
