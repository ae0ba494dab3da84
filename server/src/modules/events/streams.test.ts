import type { InboxEvent } from '@inbox/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { before, call, loginAs, type Session, useTestApp } from '../../../test/app.ts';
import * as make from '../../../test/factories.ts';
import { portal, startChat } from '../../../test/portal.ts';
import { openStream } from '../../../test/sse.ts';
import { MAX_STREAMS_PER_HOLDER } from './sse.ts';

/**
 * Live push as a client reads it off the wire (contract section 7): tickets, what each viewer is sent,
 * replay after a cut, and the portal's narrow view.
 */
const t = useTestApp();
let base = '';
const s = before(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const tenant = await make.createTenant(t.db);
  const other = await make.createTenant(t.db);
  const privateQueue = await make.createQueue(t.db, tenant.app, { isPrivate: true });
  const insider = await make.createUser(t.db, { name: 'Ivy Insider' });
  await make.addCompanyMember(t.db, tenant.company.id, insider.id, 'agent');
  await make.addQueueMember(t.db, privateQueue, insider.id);
  const login = (email: string, companyId = tenant.company.id) =>
    loginAs(t.app, email, make.PASSWORD, companyId);
  return {
    tenant,
    other,
    privateQueue,
    agent: await login(tenant.agent.email),
    manager: await login(tenant.manager.email),
    insider: await login(insider.email),
    otherAgent: await login(other.agent.email, other.company.id),
  };
});

/** The text of a `message.created` event. */
const textOf = (e: InboxEvent) => (e.data.message as { content?: string } | undefined)?.content;

async function ticket(as: Session) {
  const res = await call(t.app, 'POST', '/events/ticket', { as });
  expect(res.status).toBe(200);
  return res.body.data.ticket as string;
}

async function consoleStream(as: Session, headers: Record<string, string> = {}, query = '') {
  return openStream(`${base}/api/v1/events/stream?ticket=${await ticket(as)}${query}`, headers);
}

const streams: Awaited<ReturnType<typeof openStream>>[] = [];
afterAll(async () => {
  for (const st of streams) await st.close();
});
function track<T extends Awaited<ReturnType<typeof openStream>>>(st: T) {
  streams.push(st);
  return st;
}

/** A chat moved by a manager into the private queue (customers cannot pick one themselves). */
async function privateChat() {
  const chat = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
  const moved = await call(t.app, 'POST', '/conversation/transfer', {
    as: s.manager,
    body: { conversation_id: chat.conversationId, queue_id: s.privateQueue.id, transfer_reason: 'VIP' },
  });
  expect(moved.status).toBe(200);
  return chat;
}

describe('console stream', () => {
  it('sends an agent the customer’s message as an SSE frame: id, event name and the event as data', async () => {
    const st = track(await consoleStream(s.agent));
    expect(st.status).toBe(200);
    expect(st.headers.get('content-type')).toContain('text/event-stream');
    const chat = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id, message: 'Hi there' });
    const created = await st.next('conversation.created', (e) => e.conversation_id === chat.conversationId);
    expect(created).toMatchObject({ company_id: s.tenant.company.id, app_id: s.tenant.app.id });
    const sent = await portal(t.app, 'POST', '/portal/messages', {
      token: chat.token,
      body: { content: 'Where is my parcel?' },
    });
    const msg = await st.next('message.created', (e) => textOf(e) === 'Where is my parcel?');
    expect(msg.actor.type).toBe('customer');
    expect((msg.data.message as { message_id: number }).message_id).toBe(sent.body.data.message_id);
    const frame = st.frames.find((f) => f.id === String(msg.event_id));
    expect(frame?.event).toBe('message.created');
    // Ids increase along the stream.
    const ids = st.events().map((e) => e.event_id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it('keeps a private queue’s conversation from an agent outside it, and shows it to its member and managers', async () => {
    const agent = track(await consoleStream(s.agent));
    const insider = track(await consoleStream(s.insider));
    const manager = track(await consoleStream(s.manager));
    const other = track(await consoleStream(s.otherAgent));
    const chat = await privateChat();
    await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body: { content: 'Secret' } });
    const mine = (e: InboxEvent) => e.conversation_id === chat.conversationId && textOf(e) === 'Secret';
    await insider.next('message.created', mine);
    await manager.next('message.created', mine);
    // A marker event everyone may see, after the private one: once it arrives, the private one would have.
    const marker = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
    await agent.next('conversation.created', (e) => e.conversation_id === marker.conversationId);
    expect(agent.events().filter(mine)).toEqual([]);
    await other.until(() => false, 300);
    expect(other.events().filter((e) => e.company_id !== s.other.company.id)).toEqual([]);
  });

  it('tells an agent when a conversation it saw is assigned away, so its list can drop it', async () => {
    const chat = await privateChat();
    const st = track(await consoleStream(s.insider));
    const res = await call(t.app, 'POST', '/conversation/assign', {
      as: s.manager,
      body: { conversation_id: chat.conversationId, user_id: s.tenant.manager.id },
    });
    expect(res.status).toBe(200);
    const assigned = await st.next('conversation.assigned', (e) => e.conversation_id === chat.conversationId);
    expect(assigned.data).toMatchObject({ to: s.tenant.manager.id, from: null });
  });

  it('takes a ticket once: a used, unknown or missing ticket answers 401', async () => {
    const tk = await ticket(s.agent);
    const first = track(await openStream(`${base}/api/v1/events/stream?ticket=${tk}`));
    expect(first.status).toBe(200);
    for (const q of [`ticket=${tk}`, 'ticket=nope', '']) {
      const again = await openStream(`${base}/api/v1/events/stream?${q}`);
      expect(again.status).toBe(401);
      expect(JSON.parse(await again.body())).toMatchObject({
        success: false,
        error: { code: 'UNAUTHENTICATED' },
      });
    }
  });

  it('gives no ticket for a company the caller is not in', async () => {
    const res = await call(t.app, 'POST', '/events/ticket', {
      as: { ...s.agent, companyId: s.other.company.id },
    });
    expect(res.status).toBe(403);
  });

  it('replays what a client missed, from Last-Event-ID or ?last_event_id=, then goes on live', async () => {
    const chat = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
    const first = await consoleStream(s.agent);
    await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body: { content: 'one' } });
    const one = await first.next('message.created', (e) => textOf(e) === 'one');
    await first.close();
    // While the client is away:
    await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body: { content: 'two' } });
    await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body: { content: 'three' } });
    for (const how of ['header', 'query'] as const) {
      const resumed = track(
        how === 'header'
          ? await consoleStream(s.agent, { 'last-event-id': String(one.event_id) })
          : await consoleStream(s.agent, {}, `&last_event_id=${one.event_id}`),
      );
      await resumed.next('message.created', (e) => textOf(e) === 'three');
      const texts = resumed
        .events()
        .filter((e) => e.type === 'message.created' && e.conversation_id === chat.conversationId)
        .map((e) => textOf(e));
      expect(texts).toEqual(['two', 'three']);
    }
  });
});

describe('portal stream', () => {
  it('sends the customer agent replies, agent typing and status, never notes, assignments or others’ chats', async () => {
    const chat = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
    const elsewhere = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
    const st = track(await openStream(`${base}/api/v1/portal/events?token=${chat.token}`));
    expect(st.status).toBe(200);
    const id = chat.conversationId;
    const send = (body: object) =>
      call(t.app, 'POST', '/messages', { as: s.agent, body: { conversation_id: id, ...body } });
    await send({ content: 'Internal: VIP customer', is_private: true });
    await call(t.app, 'POST', '/conversation/assign', {
      as: s.agent,
      body: { conversation_id: id, user_id: s.tenant.agent.id },
    });
    await call(t.app, 'POST', '/conversation/typing', { as: s.agent, body: { conversation_id: id } });
    await send({ content: 'We are on it' });
    await portal(t.app, 'POST', '/portal/messages', {
      token: elsewhere.token,
      body: { content: 'not yours' },
    });
    await call(t.app, 'POST', '/conversation/resolve', { as: s.agent, body: { conversation_id: id } });
    await st.next('conversation.resolved');
    const events = st.events();
    expect(events.every((e) => e.conversation_id === id)).toBe(true);
    expect(events.map((e) => e.type)).toEqual([
      'typing',
      'message.created',
      'conversation.status_changed',
      'conversation.resolved',
    ]);
    const text = JSON.stringify(events);
    expect(text).not.toContain('VIP');
    expect(text).not.toContain('not yours');
    expect(text).not.toContain('assigned_user_id');
    expect(events[1]!.data).toEqual({
      message: expect.objectContaining({ content: 'We are on it', sender_type: 'agent' }),
    });
  });

  it('lets one chat hold a few streams, refuses more with 429 and Retry-After, and takes one again when a tab closes', async () => {
    const { token } = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
    const url = `${base}/api/v1/portal/events?token=${token}`;
    const open = [];
    for (let i = 0; i < MAX_STREAMS_PER_HOLDER; i += 1) open.push(await openStream(url));
    expect(open.map((st) => st.status)).toEqual(open.map(() => 200));
    const refused = await openStream(url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another chat is not affected by this one's streams.
    const other = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
    const elsewhere = await openStream(`${base}/api/v1/portal/events?token=${other.token}`);
    expect(elsewhere.status).toBe(200);
    await elsewhere.close();
    await open.pop()!.close();
    // The server sees the closed tab once its connection is gone; then the chat may open a stream again.
    let again = await openStream(url);
    for (let i = 0; again.status === 429 && i < 50; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      again = await openStream(url);
    }
    expect(again.status).toBe(200);
    await Promise.all([...open, again].map((st) => st.close()));
  });

  it('answers 401 without a valid token', async () => {
    for (const q of ['', '?token=bogus']) {
      const st = await openStream(`${base}/api/v1/portal/events${q}`);
      expect(st.status).toBe(401);
    }
  });
});
