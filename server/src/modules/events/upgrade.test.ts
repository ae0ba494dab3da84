import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { InboxEvent } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { PG_RUN_PREFIX, withAdminClient } from '../../../test/db.ts';
import { type Database, openPglite, openPostgres, PGLITE_OPTIONS } from '../../db/client.ts';
import { consumeOnce } from './consumer.ts';
import { recordEvent } from './record.ts';
import { eventsAfter } from './store.ts';

/**
 * Migration 0032 (decision 046) on a database written by the sequencer that numbered events after commit:
 * ids already given stay, events still waiting for one get the next ones in written order, and new ids come
 * after all of them, so a consumer and a stream resume where they stood, nothing replayed and nothing lost.
 */
const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');
const closing: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
});

/** The migrations before this one, as an installation that has not upgraded yet has them. */
function migrationsUpTo(last: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-migrations-'));
  closing.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
  const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8'));
  const upTo = journal.entries.findIndex((e: { tag: string }) => e.tag === last);
  journal.entries = journal.entries.slice(0, upTo + 1);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const e of journal.entries)
    fs.copyFileSync(path.join(migrations, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}

/** An empty database of the engine under test, migrated only as far as `folder` goes. */
async function oldDatabase(folder: string): Promise<Database> {
  if (process.env.TEST_DB_ENGINE === 'postgres') {
    const name = `${PG_RUN_PREFIX}upgrade_${Date.now().toString(36)}`;
    await withAdminClient((c) => c.query(`CREATE DATABASE ${name}`));
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const database = openPostgres(url.toString(), 3);
    closing.push(async () => {
      await database.close();
      await withAdminClient((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    });
    await migratePg(database.db, { migrationsFolder: folder });
    return database;
  }
  const pglite = new PGlite(PGLITE_OPTIONS);
  await pglite.waitReady;
  const database = openPglite(pglite);
  closing.push(() => database.close());
  await migratePglite(database.db as never, { migrationsFolder: folder });
  return database;
}

const ids = (list: InboxEvent[]) => list.map((e) => e.event_id);

describe('upgrading to events numbered when written (migration 0032)', () => {
  it('keeps every id given, numbers the waiting events next, and resumes consumers and streams where they were', async () => {
    const database = await oldDatabase(migrationsUpTo('0031_conversation-keys-explicit'));
    const { db } = database;
    const [company] = (
      await db.execute<{ id: number }>(sql`insert into companies (name) values ('Before') returning id`)
    ).rows;
    const old = (type: string) => sql`insert into events (type, company_id, actor_type, data)
      values (${type}, ${company!.id}, 'system', '{}')`;
    // The old way: written with no id, then numbered by the sequencer after commit.
    for (const type of ['customer.created', 'conversation.created', 'message.created'])
      await db.execute(old(type));
    await db.execute(sql`update events set event_id = nextval('event_ids')`);
    // Two more committed, the process stopped before its sequencer ran.
    await db.execute(old('message.created'));
    await db.execute(old('conversation.read'));
    // A consumer that has handled the first two.
    await db.execute(sql`insert into event_consumers (name, last_event_id) values ('behind', 2)`);

    await database.migrate();

    const kept = await eventsAfter(db, 0, 100);
    expect(kept.map((e) => [e.event_id, e.type])).toEqual([
      [1, 'customer.created'],
      [2, 'conversation.created'],
      [3, 'message.created'],
      [4, 'message.created'],
      [5, 'conversation.read'],
    ]);
    await recordEvent(db, { type: 'message.created', companyId: company!.id, actor: { type: 'system' } });
    const after = await eventsAfter(db, 0, 100);
    expect(after).toHaveLength(6);
    expect(after[5]!.event_id).toBeGreaterThan(5);

    // A stream reconnecting with `Last-Event-ID: 3` replays what came after, old ids and new.
    expect(ids(await eventsAfter(db, 3, 100))).toEqual([4, 5, after[5]!.event_id]);
    // The consumer goes on from 2: each later event once, none of the two it had handled.
    const handled: number[] = [];
    const spec = {
      name: 'behind',
      batch: 2,
      handle: async (_tx: unknown, list: InboxEvent[]) => void handled.push(...ids(list)),
    };
    while ((await consumeOnce(db, spec)) > 0) {}
    expect(handled).toEqual([3, 4, 5, after[5]!.event_id]);
    // Every migration on an empty embedded database: about half a minute on a busy machine.
  }, 180_000);
});
