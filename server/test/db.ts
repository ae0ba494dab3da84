import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openPglite, openPostgres, PGLITE_OPTIONS } from '../src/db/client.ts';

export const TEST_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-data');
/** `<start time in base 36>_<pid>`, set by vitest.config.ts for the whole run. */
const RUN = process.env.INBOX_TEST_RUN ?? 'adhoc';
export const TEMPLATE_DUMP = path.join(TEST_DATA_DIR, `pglite-template-${RUN}.tar.gz`);
/** Every database of this run starts with this; a run's own teardown drops them all. */
export const PG_RUN_PREFIX = `inbox_test_${RUN}_`;
export const PG_TEMPLATE = `${PG_RUN_PREFIX}template`;

export async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database for one test file: a copy of the run's template on either engine. */
export async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB_ENGINE === 'postgres') {
    const name = `${PG_RUN_PREFIX}${randomBytes(6).toString('hex')}`;
    await withAdminClient((c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${PG_TEMPLATE}`));
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const database = openPostgres(url.toString(), 5);
    const close = database.close;
    database.close = async () => {
      await close();
      await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    };
    return database;
  }
  const blob = new Blob([fs.readFileSync(TEMPLATE_DUMP)]);
  const pglite = new PGlite({ loadDataDir: blob, ...PGLITE_OPTIONS });
  await pglite.waitReady;
  return openPglite(pglite);
}
