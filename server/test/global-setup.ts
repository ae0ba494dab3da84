import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, PGLITE_OPTIONS } from '../src/db/client.ts';
import { PG_RUN_PREFIX, PG_TEMPLATE, TEMPLATE_DUMP, TEST_DATA_DIR, withAdminClient } from './db.ts';

/** A run that crashed may leave databases behind; those of runs started this long ago are dropped too. */
const STALE_RUN_MS = 6 * 3600_000;

/** This run's databases, and those of runs that started long ago and never cleaned up. */
async function dropRunDatabases() {
  await withAdminClient(async (client) => {
    const res = await client.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE 'inbox_test_%' ORDER BY datname DESC`,
    );
    for (const { datname } of res.rows) {
      const started = Number.parseInt(datname.split('_')[2] ?? '', 36);
      const stale = Number.isFinite(started) && Date.now() - started > STALE_RUN_MS;
      if (datname.startsWith(PG_RUN_PREFIX) || stale) {
        await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
    }
  });
}

/** Migrates once per run: a PGlite dump, or a PostgreSQL template database, that each test file copies. */
export default async function setup(project: TestProject) {
  if (project.name === 'postgres') {
    await withAdminClient((client) => client.query(`CREATE DATABASE ${PG_TEMPLATE}`));
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${PG_TEMPLATE}`;
    const db = openPostgres(url.toString(), 1);
    await db.migrate();
    await db.close();
    return dropRunDatabases;
  }
  fs.mkdirSync(TEST_DATA_DIR, { recursive: true });
  const pglite = new PGlite(PGLITE_OPTIONS);
  await pglite.waitReady;
  await openPglite(pglite).migrate();
  const dump = await pglite.dumpDataDir('gzip');
  fs.writeFileSync(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  return () => fs.rmSync(TEMPLATE_DUMP, { force: true });
}
