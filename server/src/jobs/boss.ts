import type { PGlite, Results } from '@electric-sql/pglite';
import PgBoss from 'pg-boss';

/**
 * The database as pg-boss reaches it: PGlite itself, or the PostgreSQL address. `db/client.ts` installs the job
 * tables as part of its migration, so this file names only what it needs instead of importing the client back.
 */
export interface JobsDatabase {
  pglite?: PGlite | undefined;
  url?: string | undefined;
}

/** pg-boss keeps its tables in a schema of its own, beside the product's. */
export const JOBS_SCHEMA = 'pgboss';

type PgResult = { rows: unknown[]; rowCount: number };
const asPg = (r: Results): PgResult => ({ rows: r.rows, rowCount: r.affectedRows ?? r.rows.length });

/**
 * pg-boss speaks to a database through `executeSql`. On the embedded engine that is PGlite itself: a text
 * without parameters may hold several statements (pg-boss sends `BEGIN; ...; COMMIT` as one text), which
 * PGlite runs with `exec` and answers, as `pg` does, with one result per statement.
 */
export function pgliteBossDb(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return asPg(await pglite.query(text, values));
      const results = (await pglite.exec(text)).map(asPg);
      return (results.length === 1 ? results[0] : results) as { rows: unknown[] };
    },
  };
}

/** What pg-boss needs to reach the database: its own small pool on PostgreSQL, PGlite itself embedded. */
export function bossConnection(database: JobsDatabase, poolSize = 3): PgBoss.DatabaseOptions {
  if (database.pglite) return { db: pgliteBossDb(database.pglite), schema: JOBS_SCHEMA };
  return { connectionString: database.url, max: poolSize, schema: JOBS_SCHEMA };
}

/** Creates or upgrades pg-boss's tables (part of `migrate`, so a test template already holds them). */
export async function installJobTables(database: JobsDatabase) {
  const boss = new PgBoss({
    ...bossConnection(database, 1),
    supervise: false,
    schedule: false,
    migrate: true,
  });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}
