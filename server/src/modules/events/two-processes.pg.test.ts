import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { before, call, createTestApp, loginAs, type TestContext } from '../../../test/app.ts';
import { openTestDatabase } from '../../../test/db.ts';
import { createTenant, PASSWORD } from '../../../test/factories.ts';
import { portal, startChat } from '../../../test/portal.ts';
import { openStream } from '../../../test/sse.ts';
import { openPostgres } from '../../db/client.ts';

/**
 * Two server processes on one PostgreSQL (each with its own pool, LISTEN connection, announcer and hub):
 * the customer talks to one, the agent to the other, and the live chat works both with push and polling.
 */
const apps: TestContext[] = [];
afterAll(async () => {
  for (const a of apps.reverse()) await a.close();
});

const s = before(async () => {
  const database = await openTestDatabase();
  const first = await createTestApp({}, database);
  apps.push(first);
  // The second process: a pool of its own on the same database, closed before the first drops it.
  const second = await createTestApp({}, openPostgres(database.url!, 5));
  apps.push(second);
  const tenant = await createTenant(first.db);
  const customerSide = first.app;
  const agentSide = second.app;
  return {
    tenant,
    customerSide,
    agentSide,
    customerBase: await customerSide.listen({ port: 0, host: '127.0.0.1' }),
    agentBase: await agentSide.listen({ port: 0, host: '127.0.0.1' }),
    agent: await loginAs(agentSide, tenant.agent.email, PASSWORD, tenant.company.id),
  };
});

const textOf = (e: { data: Record<string, unknown> }) => (e.data.message as { content?: string }).content;

describe('two processes on one PostgreSQL', () => {
  it('pushes the chat both ways: messages, typing and resolve cross from one process to the other', async () => {
    const chat = await startChat(s.customerSide, s.tenant.app.id, { queueId: s.tenant.queue.id });
    const id = chat.conversationId;
    const ticket = await call(s.agentSide, 'POST', '/events/ticket', { as: s.agent });
    const agentStream = await openStream(
      `${s.agentBase}/api/v1/events/stream?ticket=${ticket.body.data.ticket}`,
    );
    const customerStream = await openStream(`${s.customerBase}/api/v1/portal/events?token=${chat.token}`);
    try {
      await portal(s.customerSide, 'POST', '/portal/typing', { token: chat.token, body: {} });
      await agentStream.next('typing', (e) => e.conversation_id === id && e.actor.type === 'customer');
      await portal(s.customerSide, 'POST', '/portal/messages', {
        token: chat.token,
        body: { content: 'Hi from A' },
      });
      await agentStream.next('message.created', (e) => textOf(e) === 'Hi from A');

      const agentCall = (path: string, body: object = {}) =>
        call(s.agentSide, 'POST', path, { as: s.agent, body: { conversation_id: id, ...body } });
      await agentCall('/conversation/typing');
      await customerStream.next('typing');
      expect((await agentCall('/messages', { content: 'Hello from B' })).status).toBe(201);
      await customerStream.next('message.created', (e) => textOf(e) === 'Hello from B');
      await agentCall('/conversation/resolve');
      await customerStream.next('conversation.resolved');
      await agentStream.next('conversation.resolved', (e) => e.conversation_id === id);
    } finally {
      await agentStream.close();
      await customerStream.close();
    }
  });

  it('serves the same chat by polling, each side reading what the other process wrote', async () => {
    const chat = await startChat(s.customerSide, s.tenant.app.id, { queueId: s.tenant.queue.id });
    const id = chat.conversationId;
    await portal(s.customerSide, 'POST', '/portal/typing', { token: chat.token, body: {} });
    await portal(s.customerSide, 'POST', '/portal/messages', {
      token: chat.token,
      body: { content: 'Polling A' },
    });
    const seen = await call(s.agentSide, 'GET', '/conversation/poll', {
      as: s.agent,
      query: { conversation_id: id, limit: 1, offset: 0 },
    });
    expect(seen.body.data.messages.map((m: { content: string }) => m.content)).toContain('Polling A');
    await call(s.agentSide, 'POST', '/conversation/typing', { as: s.agent, body: { conversation_id: id } });
    await call(s.agentSide, 'POST', '/messages', {
      as: s.agent,
      body: { conversation_id: id, content: 'Polling B' },
    });
    const polled = await portal(s.customerSide, 'GET', '/portal/poll', { token: chat.token });
    expect(polled.body.data.messages.map((m: { content: string }) => m.content)).toContain('Polling B');
    await call(s.agentSide, 'POST', '/conversation/resolve', { as: s.agent, body: { conversation_id: id } });
    const ended = await portal(s.customerSide, 'GET', '/portal/poll', { token: chat.token });
    expect(ended.body.data.conversation_status).toBe('resolved');
  });

  it('keeps each process’s inbox lists true to what the other process wrote', async () => {
    const chat = await startChat(s.customerSide, s.tenant.app.id, { queueId: s.tenant.queue.id });
    const id = chat.conversationId;
    const onFirst = await loginAs(s.customerSide, s.tenant.agent.email, PASSWORD, s.tenant.company.id);
    const rowOnFirst = async () => {
      const res = await call(s.customerSide, 'GET', '/conversation/poll', {
        as: onFirst,
        query: { app_id: s.tenant.app.id },
      });
      expect(res.status).toBe(200);
      return res.body.data.conversations.find((c: { conversation_id: number }) => c.conversation_id === id);
    };
    // Asked twice, so the first process holds the list in its cache.
    expect(await rowOnFirst()).toMatchObject({ status: 'open' });
    expect(await rowOnFirst()).toMatchObject({ status: 'open' });

    const onSecond = (path: string, body: object = {}) =>
      call(s.agentSide, 'POST', path, { as: s.agent, body: { conversation_id: id, ...body } });
    expect((await onSecond('/messages', { content: 'Written on B' })).status).toBe(201);
    // The reply assigned the conversation to its writer, and a line saying so is the last message.
    expect(await rowOnFirst()).toMatchObject({
      assigned_user: { user_id: s.tenant.agent.id },
      last_message: { sender_type: 'system' },
    });
    await onSecond('/conversation/resolve');
    expect(await rowOnFirst()).toMatchObject({ status: 'resolved' });
    // A rename writes no event; the catalog version moves in the second process’s own transaction.
    await apps[1]!.db.execute(sql`update apps set name = 'Renamed on B' where id = ${s.tenant.app.id}`);
    expect(await rowOnFirst()).toMatchObject({ app_name: 'Renamed on B' });
  });
});
