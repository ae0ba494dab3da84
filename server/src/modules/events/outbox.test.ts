import type { InboxEvent } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { before, call, loginAs, useTestApp } from '../../../test/app.ts';
import { untilReadable } from '../../../test/events.ts';
import { createApp, createTenant, PASSWORD } from '../../../test/factories.ts';
import { portal, startChat } from '../../../test/portal.ts';
import { openPostgres } from '../../db/client.ts';
import { consumeOnce, startConsumer } from './consumer.ts';
import { startEventHub } from './hub.ts';
import { pruneEvents } from './prune.ts';
import { eventsAfter, ofConversation } from './store.ts';

/** The outbox (contract section 7): written once with each change, read in id order by streams and consumers. */
const t = useTestApp();
const s = before(async () => {
  const tenant = await createTenant(t.db);
  return { tenant, agent: await loginAs(t.app, tenant.agent.email, PASSWORD, tenant.company.id) };
});

/** Every event of a conversation that has committed. */
async function eventsOf(conversationId: number) {
  await untilReadable(t.db);
  return eventsAfter(t.db, 0, 1000, ofConversation(s.tenant.company.id, conversationId));
}

const chatIn = () => startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });

describe('the event outbox', () => {
  it('records each change of a conversation as it happens, with who did it', async () => {
    const chat = await chatIn();
    const id = chat.conversationId;
    const as = s.agent;
    await call(t.app, 'POST', '/conversation/read', { as, body: { conversation_id: id } });
    await call(t.app, 'POST', '/conversation/typing', { as, body: { conversation_id: id } });
    await call(t.app, 'POST', '/messages', { as, body: { conversation_id: id, content: 'Hello' } });
    await call(t.app, 'POST', '/conversation/assign', {
      as,
      body: { conversation_id: id, user_id: s.tenant.agent.id },
    });
    await call(t.app, 'POST', '/conversation/resolve', { as, body: { conversation_id: id } });
    const events = await eventsOf(id);
    const agent = { type: 'user', id: s.tenant.agent.id };
    expect(events.map((e) => [e.type, e.actor])).toEqual([
      ['conversation.created', { type: 'customer', id: events[0]!.customer_id }],
      ['message.created', { type: 'customer', id: events[0]!.customer_id }],
      ['conversation.read', agent],
      ['typing', agent],
      ['message.created', agent],
      // Sending moves the sender's own read marker past its message.
      ['conversation.read', agent],
      ['message.created', { type: 'system' }],
      ['conversation.assigned', agent],
      ['message.created', { type: 'system' }],
      ['conversation.status_changed', agent],
      ['conversation.resolved', agent],
    ]);
    const resolved = events.at(-1)!;
    expect(resolved.data.conversation).toMatchObject({
      status: 'resolved',
      assigned_user_id: s.tenant.agent.id,
    });
    expect(resolved).toMatchObject({ company_id: s.tenant.company.id, app_id: s.tenant.app.id });
    const ids = events.map((e) => e.event_id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('writes nothing when the change fails: a refused send leaves no event', async () => {
    const chat = await chatIn();
    const before = (await eventsOf(chat.conversationId)).length;
    const refused = await portal(t.app, 'POST', '/portal/messages', {
      token: chat.token,
      body: { content: 'with a file', attachments: [987654] },
    });
    expect(refused.status).toBe(422);
    expect(await eventsOf(chat.conversationId)).toHaveLength(before);
  });

  it('gives no event twice for a repeated client_message_id', async () => {
    const chat = await chatIn();
    const body = { content: 'Once', client_message_id: 'c-1' };
    await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body });
    await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body });
    const texts = (await eventsOf(chat.conversationId)).filter((e) => e.type === 'message.created');
    expect(texts.map((e) => (e.data.message as { content: string }).content)).toEqual([
      'My order has not arrived',
      'Once',
    ]);
  });

  it('records a deletion after the row is gone, with what a reader needs to drop it', async () => {
    const chat = await chatIn();
    const admin = await loginAs(t.app, s.tenant.admin.email, PASSWORD, s.tenant.company.id);
    const res = await call(t.app, 'DELETE', '/conversations', {
      as: admin,
      query: { id: chat.conversationId },
    });
    expect(res.status).toBe(200);
    const deleted = (await eventsOf(chat.conversationId)).at(-1)!;
    expect(deleted.type).toBe('conversation.deleted');
    expect(deleted.data.conversation).toMatchObject({ queue_id: s.tenant.queue.id });
  });

  it('records the deletion of each conversation when their app is deleted', async () => {
    const other = await createApp(t.db, s.tenant.company.id, { name: 'Closing down' });
    const chats = [await startChat(t.app, other.id), await startChat(t.app, other.id)];
    const admin = await loginAs(t.app, s.tenant.admin.email, PASSWORD, s.tenant.company.id);
    const res = await call(t.app, 'DELETE', '/apps', { as: admin, query: { id: other.id } });
    expect(res.status).toBe(200);
    for (const chat of chats) {
      const last = (await eventsOf(chat.conversationId)).at(-1)!;
      expect(last).toMatchObject({
        type: 'conversation.deleted',
        app_id: other.id,
        actor: { type: 'user', id: s.tenant.admin.id },
        data: { conversation: { status: 'open', queue_id: null, assigned_user_id: null } },
      });
    }
  });

  it('numbers events so that a reader following event ids under concurrent writes misses none', async () => {
    const chats = await Promise.all(Array.from({ length: 8 }, chatIn));
    const start = (await eventsAfter(t.db, 0, 100_000)).at(-1)!.event_id;
    const seen: InboxEvent[] = [];
    let last = start;
    let writing = true;
    const reader = (async () => {
      while (writing) {
        // The embedded engine answers without I/O: let the requests' own callbacks run between reads.
        await new Promise((resolve) => setImmediate(resolve));
        for (const e of await eventsAfter(t.db, last, 1000)) {
          seen.push(e);
          last = e.event_id;
        }
      }
    })();
    await Promise.all(
      chats.map(async (chat, i) => {
        for (let n = 0; n < 15; n++) {
          const body = { content: `m ${i}-${n}` };
          const res = await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body });
          expect(res.status).toBe(201);
        }
      }),
    );
    writing = false;
    await reader;
    await untilReadable(t.db);
    for (const e of await eventsAfter(t.db, last, 1000)) seen.push(e);
    const all = await eventsAfter(t.db, start, 100_000);
    expect(all.filter((e) => e.type === 'message.created')).toHaveLength(8 * 15);
    expect(seen.map((e) => e.event_id)).toEqual(all.map((e) => e.event_id));
  });
});

describe('consumers', () => {
  it('hands each event to a consumer once, resumes where it stopped after a failure, and skips other types', async () => {
    await t.db.execute(sql`create table if not exists consumer_log (event_id bigint primary key, type text)`);
    const chat = await chatIn();
    let failOnce = true;
    const spec = {
      name: 'test-log',
      types: ['message.created'] as const,
      batch: 3,
      async handle(tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0], events: InboxEvent[]) {
        for (const e of events) {
          // A primary key: a second hand-over of the same event would fail the test's batch.
          await tx.execute(sql`insert into consumer_log values (${e.event_id}, ${e.type})`);
          if (failOnce && e.data.message && (e.data.message as { content: string }).content === 'two') {
            failOnce = false;
            throw new Error('crash in the middle of a batch');
          }
        }
      },
    };
    for (const content of ['one', 'two', 'three']) {
      await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body: { content } });
    }
    await expect(async () => {
      while ((await consumeOnce(t.db, spec)) > 0) {}
    }).rejects.toThrow('crash');
    // A restart: the failed batch rolled back with its position, and runs again.
    const hub = await startEventHub({ database: t.database, onError: () => undefined });
    const consumer = await startConsumer({ db: t.db, hub, spec, onError: () => undefined });
    await consumer.settle();
    await consumer.stop();
    await hub.stop();
    const all = (await eventsAfter(t.db, 0, 100_000)).filter((e) => e.type === 'message.created');
    const logged = await t.db.execute<{ event_id: string }>(
      sql`select event_id from consumer_log order by 1`,
    );
    expect(logged.rows.map((r) => Number(r.event_id))).toEqual(all.map((e) => e.event_id));
    // Events of other types only (the resolve and its line): nothing is handed over, and the position moves
    // past them.
    await call(t.app, 'POST', '/conversation/resolve', {
      as: s.agent,
      body: { conversation_id: chat.conversationId },
    });
    const resolved = (await eventsOf(chat.conversationId)).find((e) => e.type === 'conversation.resolved');
    const handed: number[] = [];
    const quiet = {
      ...spec,
      types: ['app.deleted'] as const,
      handle: async (_tx: unknown, events: InboxEvent[]) => void handed.push(events.length),
    };
    expect(await consumeOnce(t.db, quiet)).toBe(1);
    expect(handed).toEqual([]);
    const at = await t.db.execute<{ last: string }>(
      sql`select last_event_id::text as last from event_consumers where name = 'test-log'`,
    );
    expect(Number(at.rows[0]!.last)).toBeGreaterThanOrEqual(resolved!.event_id);
  });

  it('shares one consumer between two processes: every event handled exactly once', async () => {
    await t.db.execute(sql`create table if not exists shared_log (event_id bigint primary key)`);
    const second = t.database.url ? openPostgres(t.database.url, 3) : t.database;
    const spec = {
      name: 'test-shared',
      batch: 5,
      handle: async (tx: Parameters<Parameters<typeof t.db.transaction>[0]>[0], events: InboxEvent[]) => {
        for (const e of events) await tx.execute(sql`insert into shared_log values (${e.event_id})`);
      },
    };
    const hubs = [
      await startEventHub({ database: t.database, onError: () => undefined }),
      await startEventHub({ database: second, onError: () => undefined }),
    ];
    const consumers = await Promise.all(
      [t.db, second.db].map((db, i) => startConsumer({ db, hub: hubs[i]!, spec, onError: () => undefined })),
    );
    const chats = await Promise.all(Array.from({ length: 4 }, chatIn));
    for (const chat of chats) {
      await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body: { content: 'hi' } });
    }
    await untilReadable(t.db);
    const total = (await eventsAfter(t.db, 0, 100_000)).length;
    await expect
      .poll(async () => Number((await t.db.execute(sql`select count(*) as n from shared_log`)).rows[0]!.n), {
        timeout: 8000,
      })
      .toBe(total);
    for (const c of consumers) await c.stop();
    for (const h of hubs) await h.stop();
    if (second !== t.database) await second.close();
  });

  it('prunes old events, but not those a consumer has yet to handle', async () => {
    await t.db.execute(sql`update events set created_at = now() - interval '40 days'`);
    const [, , third, fourth] = await eventsAfter(t.db, 0, 4);
    await t.db.execute(sql`insert into event_consumers (name, last_event_id) values ('lagging', ${third!.event_id})
      on conflict (name) do update set last_event_id = excluded.last_event_id`);
    await pruneEvents(t.db, 30);
    const left = await eventsAfter(t.db, 0, 100_000);
    expect(left[0]!.event_id).toBe(fourth!.event_id);
    await t.db.execute(sql`delete from event_consumers`);
    await pruneEvents(t.db, 30);
    expect(await eventsAfter(t.db, 0, 10)).toEqual([]);
  });
});
