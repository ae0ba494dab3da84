import type { InboxEvent } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { call, loginAs, useTestApp } from '../../../test/app.ts';
import { createCompany, createTenant, PASSWORD } from '../../../test/factories.ts';
import { openStream } from '../../../test/sse.ts';
import { announceEvents } from './announcer.ts';
import { consumeOnce } from './consumer.ts';
import { startEventHub } from './hub.ts';
import { eventInsert } from './record.ts';
import { eventsAfter, lastEventId } from './store.ts';

/**
 * Events get their id when written, from their transaction's id (decision 046), so ids follow the order
 * transactions began writing, not the order they commit. What keeps a reader from skipping one is the
 * horizon: it reads only below the oldest transaction still running. Two connections of their own play two
 * writers, one of which holds its transaction open while the other commits.
 */
const t = useTestApp();

async function connection() {
  const client = new pg.Client({ connectionString: t.database.url });
  await client.connect();
  return client;
}

const dialect = new PgDialect();

/** One event written on `client` (in its open transaction, if any), as every writer writes one. */
async function write(client: pg.Client, companyId: number, type: string) {
  const q = dialect.sqlToQuery(
    sql`${eventInsert} values (${type}, ${companyId}, null, null, null, 'system', null, '{}') returning event_id`,
  );
  const res = await client.query<{ event_id: string }>(q.sql, q.params);
  return Number(res.rows[0]!.event_id);
}

const ids = (list: InboxEvent[]) => list.map((e) => e.event_id);

describe('the event horizon on PostgreSQL', () => {
  it('does not let a reader pass an event whose transaction wrote first and commits last', async () => {
    const company = await createCompany(t.db);
    const first = await connection();
    const second = await connection();
    const hub = await startEventHub({ database: t.database, onError: () => undefined });
    const delivered: number[] = [];
    const unsubscribe = hub.subscribe({ companyId: company.id, deliver: (e) => delivered.push(e.event_id) });
    const handled: number[] = [];
    const spec = {
      name: 'horizon-test',
      handle: async (_tx: unknown, list: InboxEvent[]) =>
        void handled.push(...ids(list).filter((id) => id > start)),
    };
    while ((await consumeOnce(t.db, spec)) > 0) {}
    const start = await lastEventId(t.db);
    try {
      await first.query('begin');
      const early = await write(first, company.id, 'customer.created');
      const late = await write(second, company.id, 'customer.updated');
      expect(late).toBeGreaterThan(early);

      // The later event has committed, but a transaction that may still commit a smaller id is running.
      expect(ids(await eventsAfter(t.db, start, 100))).toEqual([]);
      expect(await announceEvents(t.db, start)).toMatchObject({ last: start, held: true });
      while ((await consumeOnce(t.db, spec)) > 0) {}
      hub.wake();
      await hub.settle();
      expect(handled).toEqual([]);
      expect(delivered).toEqual([]);
      // A list poll of this company would not trust its cached lists meanwhile.
      const pending = await t.db.execute<{ pending: boolean }>(
        sql`select max(event_id) >= event_horizon() as pending from events where company_id = ${company.id}`,
      );
      expect(pending.rows[0]!.pending).toBe(true);

      await first.query('commit');
      expect(ids(await eventsAfter(t.db, start, 100))).toEqual([early, late]);
      expect(await announceEvents(t.db, start)).toMatchObject({ last: late, held: false });
      while ((await consumeOnce(t.db, spec)) > 0) {}
      hub.wake();
      await hub.settle();
      expect(handled).toEqual([early, late]);
      expect(delivered).toEqual([early, late]);
    } finally {
      unsubscribe();
      await hub.stop();
      await first.end();
      await second.end();
    }
  });

  it('never hands a reader following ids a smaller id than one it has taken, under concurrent writers', async () => {
    const company = await createCompany(t.db);
    const writers = await Promise.all(Array.from({ length: 4 }, connection));
    const start = await lastEventId(t.db);
    let writing = true;
    const taken: number[] = [];
    const reader = (async () => {
      let last = start;
      while (writing || taken.length < 4 * 40) {
        for (const e of await eventsAfter(t.db, last, 1000, sql`company_id = ${company.id}`)) {
          taken.push(e.event_id);
          last = e.event_id;
        }
      }
    })();
    try {
      await Promise.all(
        writers.map(async (client) => {
          for (let n = 0; n < 20; n++) {
            // Each transaction writes, waits a moment while others commit, then writes again and commits.
            await client.query('begin');
            await write(client, company.id, 'customer.updated');
            await new Promise((resolve) => setTimeout(resolve, Math.random() * 5));
            await write(client, company.id, 'customer.updated');
            await client.query('commit');
          }
        }),
      );
    } finally {
      writing = false;
      await reader;
      for (const client of writers) await client.end();
    }
    const all = ids(await eventsAfter(t.db, start, 1000, sql`company_id = ${company.id}`));
    expect(all).toHaveLength(4 * 40);
    expect(taken).toEqual(all);
  });

  it('gives a stream exactly what commits after it opens, while an older transaction holds the horizon', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const tenant = await createTenant(t.db);
    const admin = await loginAs(t.app, tenant.admin.email, PASSWORD, tenant.company.id);
    const first = await connection();
    const second = await connection();
    try {
      await first.query('begin');
      const early = await write(first, tenant.company.id, 'label.created');
      // Committed before the stream opens, but above the horizon the open transaction holds.
      const old = await write(second, tenant.company.id, 'label.updated');
      const ticket = (await call(t.app, 'POST', '/events/ticket', { as: admin })).body.data.ticket;
      const st = await openStream(`${base}/api/v1/events/stream?ticket=${ticket}`);
      expect(st.status).toBe(200);
      const late = await write(second, tenant.company.id, 'label.deleted');
      await first.query('commit');
      // What the writers' processes do after they commit.
      await announceEvents(t.db);
      expect([early, old, late]).toEqual([...[early, old, late]].sort((a, b) => a - b));
      await st.next('label.deleted');
      expect(ids(st.events())).toEqual([early, late]);
      await st.close();
    } finally {
      await first.end();
      await second.end();
    }
  });
});
