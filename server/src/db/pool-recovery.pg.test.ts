import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
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

describe('a transaction on a connection that died', () => {
  it('gives the connection back to the pool when `begin` or `rollback` fails, so the pool never runs dry', async () => {
    // Installed by openPostgres, which the test database above went through.
    const url = (database as { url?: string }).url!;
    const pool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 2000 });
    let failing: string | null = null;
    // The one connection answers the chosen statement with the error a dropped socket gives.
    pool.on('connect', (client) => {
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
        const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
        return failing && text === failing
          ? Promise.reject(new Error('Connection terminated'))
          : query(...args);
      };
    });
    const db = drizzle(pool);
    for (const statement of ['begin', 'rollback']) {
      failing = statement;
      await expect(
        db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          throw new Error('the work failed');
        }),
      ).rejects.toThrow(statement === 'begin' ? 'Failed query: begin' : 'the work failed');
      failing = null;
      // With one connection in the pool, a leaked one would leave this waiting until the 2 s timeout.
      const answer = await db.transaction((tx) => tx.execute<{ n: number }>(sql`select 7 as n`));
      expect(answer.rows[0]).toEqual({ n: 7 });
    }
    await pool.end();
  });
});
