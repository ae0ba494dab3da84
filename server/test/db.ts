import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { type Database, openPglite, openPostgres, pgliteParsers } from '../src/db/client.ts';

export const TEST_DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.test-data');
export const TEMPLATE_DUMP = path.join(TEST_DATA_DIR, 'pglite-template.tar.gz');
export const PG_TEMPLATE = 'inbox_test_template';

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
    const name = `inbox_test_${randomBytes(6).toString('hex')}`;
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
  const pglite = new PGlite({ loadDataDir: blob, parsers: pgliteParsers });
  await pglite.waitReady;
  return openPglite(pglite);
}
