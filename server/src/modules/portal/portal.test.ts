import { Message, ok, PortalPoll } from '@inbox/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf, errorOf, fieldErrorsOf } from '../../../test/answers.ts';
import { createApp, createQueue, createTenant } from '../../../test/factories.ts';
import { agentSend, agentTyping, portal, startChat, usePortalSuite } from '../../../test/portal.ts';
import { activities, conversations, customerApps, customers } from '../../db/schema/index.ts';

const { t, tenant } = usePortalSuite();

const where = (conversationId: number) => ({ companyId: tenant.company.id, conversationId });

describe('portal queues', () => {
  it('lists only active public queues with the company and app names', async () => {
    const app = await createApp(t.db, tenant.company.id, { name: 'Acme Shop' });
    const billing = await createQueue(t.db, app, { name: 'Billing' });
    await createQueue(t.db, app, { name: 'Secret', isPrivate: true });
    await createQueue(t.db, app, { name: 'Old', isActive: false });
    const res = await portal(t.app, 'GET', '/portal/queues', { query: { app_id: app.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        queues: [{ queue_id: billing.id, queue_name: 'Billing' }],
        company_name: tenant.company.name,
        app_name: 'Acme Shop',
      },
    });
  });

  it('answers 404 INVALID_APP for an unknown or inactive app', async () => {
    const inactive = await createApp(t.db, tenant.company.id, { isActive: false });
    for (const appId of [inactive.id, 999_999]) {
      const res = await portal(t.app, 'GET', '/portal/queues', { query: { app_id: appId } });
      expect(errorOf(res, 404)).toMatchObject({ code: 'INVALID_APP', details: { app_id: appId } });
      expect(res.body.message).toBe('This support link is invalid. Please check the URL and try again.');
    }
  });
});

describe('portal start', () => {
  it('opens a conversation with the first message and a token', async () => {
    const res = await portal(t.app, 'POST', '/portal/start', {
      body: {
        app_id: tenant.app.id,
        queue_id: tenant.queue.id,
        customer_info: { name: '  Dana Doe ', email: ' Dana@Example.TEST ', phone: '' },
        initial_message: '  Where is my parcel?  ',
        status: 'resolved',
        company_id: 12345,
      },
    });
    expect(res.status).toBe(201);
    const { portal_token, conversation_id } = res.body.data;
    expect(portal_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const [conv] = await t.db.select().from(conversations).where(eq(conversations.id, conversation_id));
    expect(conv).toMatchObject({
      companyId: tenant.company.id,
      status: 'open',
      channel: 'portal',
      queueId: tenant.queue.id,
    });
    expect(conv!.number).toBeGreaterThan(0);
    const [customer] = await t.db.select().from(customers).where(eq(customers.id, conv!.customerId));
    expect(customer).toMatchObject({ name: 'Dana Doe', email: 'dana@example.test', phone: null });
    const conversation = await portal(t.app, 'GET', '/portal/conversation', {
      token: portal_token,
      inQuery: true,
    });
    expect(conversation.body.data.messages).toMatchObject([
      { sender_type: 'customer', sender_name: 'Dana Doe', content: 'Where is my parcel?', attachments: [] },
    ]);
  });

  it('finds the customer by email within the company and links it to the app', async () => {
    const a = await startChat(t.app, tenant.app.id, {
      email: 'repeat@example.test',
      queueId: tenant.queue.id,
      name: 'Rae',
    });
    const other = await createApp(t.db, tenant.company.id);
    const b = await startChat(t.app, other.id, { email: 'REPEAT@example.test', name: 'Someone Else' });
    const rows = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.companyId, tenant.company.id));
    const convA = rows.find((c) => c.id === a.conversationId)!;
    const convB = rows.find((c) => c.id === b.conversationId)!;
    expect(convA.customerId).toBe(convB.customerId);
    expect(convB.number).toBeGreaterThan(convA.number);
    const links = await t.db.select().from(customerApps).where(eq(customerApps.customerId, convA.customerId));
    expect(links.map((l) => l.appId).sort()).toEqual([tenant.app.id, other.id].sort());
    const started = await t.db.select().from(activities).where(eq(activities.action, 'conversation.created'));
    expect(started.some((r) => r.entityId === String(b.conversationId))).toBe(true);
  });

  it('numbers conversations per company', async () => {
    const other = await createTenant(t.db);
    const first = await startChat(t.app, other.app.id, { queueId: other.queue.id });
    const [conv] = await t.db.select().from(conversations).where(eq(conversations.id, first.conversationId));
    expect(conv!.number).toBe(1);
  });

  it('answers 422 with the product spec sentences', async () => {
    const res = await portal(t.app, 'POST', '/portal/start', {
      body: { app_id: tenant.app.id, customer_info: { name: ' ', email: '' }, initial_message: '   ' },
    });
    expect(errorOf(res, 422).code).toBe('VALIDATION_ERROR');
    expect(res.body.errors).toEqual({
      'customer_info.name': ['Name is required'],
      'customer_info.email': ['Email is required'],
      initial_message: ['Please describe how we can help you'],
    });
    const bad = await portal(t.app, 'POST', '/portal/start', {
      body: {
        app_id: tenant.app.id,
        customer_info: { name: 'A', email: 'not-an-email' },
        initial_message: 'hi',
      },
    });
    expect(bad.body.errors).toEqual({ 'customer_info.email': ['Please enter a valid email address'] });
  });

  it('requires a topic when the app has public queues, and only a public active one', async () => {
    const body = {
      app_id: tenant.app.id,
      customer_info: { name: 'A', email: 'a@example.test' },
      initial_message: 'hi',
    };
    const missing = await portal(t.app, 'POST', '/portal/start', { body });
    expect(fieldErrorsOf(missing)).toEqual({ queue_id: ['Please select what area you need help with'] });
    const hidden = await createQueue(t.db, tenant.app, { isPrivate: true });
    const foreign = await createTenant(t.db);
    for (const queueId of [hidden.id, foreign.queue.id, 999_999]) {
      const res = await portal(t.app, 'POST', '/portal/start', { body: { ...body, queue_id: queueId } });
      expect(fieldErrorsOf(res).queue_id).toEqual(['Please select what area you need help with']);
    }
  });

  it('starts without a topic when the app has no public queues', async () => {
    const bare = await createApp(t.db, tenant.company.id);
    const chat = await startChat(t.app, bare.id);
    const res = await portal(t.app, 'GET', '/portal/conversation', { token: chat.token });
    expect(res.body.data.queue).toEqual({ queue_id: null, queue_name: null });
  });

  it('refuses an inactive app with INVALID_APP', async () => {
    const inactive = await createApp(t.db, tenant.company.id, { isActive: false });
    const res = await portal(t.app, 'POST', '/portal/start', {
      body: {
        app_id: inactive.id,
        customer_info: { name: 'A', email: 'a@example.test' },
        initial_message: 'hi',
      },
    });
    expect(errorOf(res, 404).code).toBe('INVALID_APP');
  });
});

describe('a whole chat from both sides', () => {
  it('exchanges messages, shows typing, hides internal notes and moves the status', async () => {
    const chat = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id, name: 'Casey' });
    const conversation = await portal(t.app, 'GET', '/portal/conversation', { token: chat.token });
    expect(conversation.status).toBe(200);
    const data = conversation.body.data;
    expect(data).toMatchObject({
      app: { app_id: tenant.app.id, app_name: tenant.app.name },
      company: { company_id: tenant.company.id, company_name: tenant.company.name },
      conversation: { conversation_id: chat.conversationId, status: 'open', is_resolved: false },
      customer: { name: 'Casey' },
      queue: { queue_id: tenant.queue.id, queue_name: tenant.queue.name },
      assigned_user: null,
      statistics: { message_count: 1 },
      endpoints: { poll: '/api/v1/portal/poll', messages: '/api/v1/portal/messages' },
    });
    expect(Date.parse(data.portal_session.expires_ts)).toBeGreaterThan(Date.now() + 86_000_000);
    const firstId = data.messages[0].message_id;

    // The agent sees the customer typing, then the customer sees the agent typing and replying.
    expect((await portal(t.app, 'POST', '/portal/typing', { token: chat.token, body: {} })).status).toBe(200);
    const quiet = await portal(t.app, 'GET', '/portal/poll', {
      token: chat.token,
      query: { last_message_id: firstId },
    });
    expect(quiet.body.data).toMatchObject({
      messages: [],
      is_agent_typing: false,
      conversation_status: 'open',
    });
    await agentTyping(t.db, where(chat.conversationId), tenant.agent.id);
    const typing = await portal(t.app, 'GET', '/portal/poll', {
      token: chat.token,
      query: { last_message_id: firstId },
    });
    expect(typing.body.data.is_agent_typing).toBe(true);

    await agentSend(t.db, where(chat.conversationId), tenant.agent.id, 'Let me check', { isPrivate: true });
    const reply = await agentSend(t.db, where(chat.conversationId), tenant.agent.id, 'It ships today');
    const polled = await portal(t.app, 'GET', '/portal/poll', {
      token: chat.token,
      query: { last_message_id: firstId },
    });
    expect(polled.body.data.messages).toEqual([
      {
        message_id: reply.id,
        conversation_id: chat.conversationId,
        sender_type: 'agent',
        sender_name: 'Alex Agent',
        content: 'It ships today',
        content_type: 'text',
        created_ts: expect.any(String),
        attachments: [],
      },
    ]);
    // Poll and send skip zod when answering (lean serializer); they must still match the contract exactly.
    expect(ok(PortalPoll).parse(polled.body)).toEqual(polled.body);
    // Sending the reply cleared the agent's typing signal.
    expect(polled.body.data.is_agent_typing).toBe(false);
    expect(polled.body.data.conversation_status).toBe('pending');
    const [afterReply] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, chat.conversationId));
    expect(afterReply!.firstReplyAt).not.toBeNull();
    expect(afterReply!.waitingSince).toBeNull();

    const sent = await portal(t.app, 'POST', '/portal/messages', {
      token: chat.token,
      body: { content: ' Thanks! ' },
    });
    expect(sent.status).toBe(201);
    expect(ok(Message).parse(sent.body)).toEqual(sent.body);
    expect(sent.body.data).toMatchObject({
      sender_type: 'customer',
      sender_name: 'Casey',
      content: 'Thanks!',
    });
    expect(sent.body.data.message_id).toBeGreaterThan(reply.id);
    const [afterCustomer] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, chat.conversationId));
    expect(afterCustomer).toMatchObject({ status: 'open' });
    expect(afterCustomer!.waitingSince).not.toBeNull();
    expect(afterCustomer!.firstReplyAt).toEqual(afterReply!.firstReplyAt);

    const all = await portal(t.app, 'GET', '/portal/poll', { token: chat.token });
    expect(all.body.data.messages.map((m: { content: string }) => m.content)).toEqual([
      'My order has not arrived',
      'It ships today',
      'Thanks!',
    ]);
    const again = await portal(t.app, 'GET', '/portal/conversation', { token: chat.token });
    expect(again.body.data.statistics.message_count).toBe(3);
    expect(JSON.stringify(again.body)).not.toContain('Let me check');
  });

  it('shows the assigned agent by name', async () => {
    const chat = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
    await t.db
      .update(conversations)
      .set({ assignedUserId: tenant.agent.id })
      .where(eq(conversations.id, chat.conversationId));
    const res = await portal(t.app, 'GET', '/portal/conversation', { token: chat.token });
    expect(res.body.data.assigned_user).toEqual({ name: 'Alex Agent' });
  });

  it('returns the latest 50 oldest first without last_message_id', async () => {
    const chat = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
    for (let i = 1; i <= 55; i++) await agentSend(t.db, where(chat.conversationId), tenant.agent.id, `m${i}`);
    const res = await portal(t.app, 'GET', '/portal/poll', { token: chat.token });
    const contents = res.body.data.messages.map((m: { content: string }) => m.content);
    expect(contents).toHaveLength(50);
    expect(contents[0]).toBe('m6');
    expect(contents[49]).toBe('m55');
  });

  it('refuses a blank message without attachments with 422', async () => {
    const chat = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
    for (const body of [{ content: '   ' }, {}, { content: '', attachments: [] }]) {
      const res = await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body });
      expect(fieldErrorsOf(res).content).toEqual(['Please enter a message or attach a file']);
    }
  });
});

describe('idempotent sends', () => {
  it('returns the first message for a repeated client_message_id', async () => {
    const chat = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
    const body = { content: 'once', client_message_id: 'c-1' };
    const first = await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body });
    const again = await portal(t.app, 'POST', '/portal/messages', {
      token: chat.token,
      body: { ...body, content: 'twice' },
    });
    expect(first.status).toBe(201);
    expect(dataOf(again, 201)).toEqual(first.body.data);
    const racing = await Promise.all(
      Array.from({ length: 8 }, () =>
        portal(t.app, 'POST', '/portal/messages', {
          token: chat.token,
          body: { content: 'race', client_message_id: 'c-2' },
        }),
      ),
    );
    expect(new Set(racing.map((r) => r.body.data.message_id)).size).toBe(1);
    const all = await portal(t.app, 'GET', '/portal/poll', { token: chat.token });
    expect(all.body.data.messages.map((m: { content: string }) => m.content)).toEqual([
      'My order has not arrived',
      'once',
      'race',
    ]);
  });

  it('keeps the same client_message_id apart in different conversations', async () => {
    const a = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
    const b = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
    const body = { content: 'hello', client_message_id: 'same' };
    const ra = await portal(t.app, 'POST', '/portal/messages', { token: a.token, body });
    const rb = await portal(t.app, 'POST', '/portal/messages', { token: b.token, body });
    expect(ra.body.data.message_id).not.toBe(rb.body.data.message_id);
    expect(rb.body.data.conversation_id).toBe(b.conversationId);
  });
});

describe('tenancy', () => {
  it('a token of company A never reveals company B', async () => {
    const other = await createTenant(t.db);
    const mine = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
    const theirs = await startChat(t.app, other.app.id, { queueId: other.queue.id, message: 'B secret' });
    await agentSend(
      t.db,
      { companyId: other.company.id, conversationId: theirs.conversationId },
      other.agent.id,
      'B reply',
    );
    const polled = await portal(t.app, 'GET', '/portal/poll', {
      token: mine.token,
      query: { last_message_id: 1 },
    });
    expect(JSON.stringify(polled.body)).not.toMatch(/B secret|B reply/);
    const conversation = await portal(t.app, 'GET', '/portal/conversation', { token: mine.token });
    expect(conversation.body.data.company.company_id).toBe(tenant.company.id);
    expect(conversation.body.data.conversation.conversation_id).toBe(mine.conversationId);
    // An agent service call scoped to the wrong company cannot write into the conversation.
    await expect(
      agentSend(
        t.db,
        { companyId: tenant.company.id, conversationId: theirs.conversationId },
        tenant.agent.id,
        'x',
      ),
    ).rejects.toThrow(/missing/);
  });
});
