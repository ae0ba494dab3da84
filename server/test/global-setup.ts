import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres, pgliteParsers } from '../src/db/client.ts';
import { PG_TEMPLATE, TEMPLATE_DUMP, TEST_DATA_DIR, withAdminClient } from './db.ts';

/** Migrates once per run: a PGlite dump, or a PostgreSQL template database, that each test file copies. */
export default async function setup(project: TestProject) {
  if (project.name === 'postgres') {
    await withAdminClient(async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${PG_TEMPLATE} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${PG_TEMPLATE}`);
    });
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${PG_TEMPLATE}`;
    const db = openPostgres(url.toString(), 1);
    await db.migrate();
    await db.close();
    return;
  }
  fs.mkdirSync(TEST_DATA_DIR, { recursive: true });
  const pglite = new PGlite({ parsers: pgliteParsers });
  await pglite.waitReady;
  await openPglite(pglite).migrate();
  const dump = await pglite.dumpDataDir('gzip');
  fs.writeFileSync(TEMPLATE_DUMP, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
}
