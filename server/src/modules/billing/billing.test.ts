import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { before, call, useTestApp } from '../../../test/app.ts';
import { startChat } from '../../../test/portal.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';

/** Billing (contract section 11): real usage against the plan, and a plan change through the local provider. */
const t = useTestApp();
const s = before(async () => ({ a: await tenantWithSessions(t), b: await tenantWithSessions(t) }));

describe('usage this month', () => {
  it('counts seats, conversations, customer and agent messages, AI requests and storage', async () => {
    const { a } = s;
    const chat = await startChat(t.app, a.app.id, { queueId: a.queue.id });
    const as = a.as.agent;
    await call(t.app, 'POST', '/messages', {
      as,
      body: { conversation_id: chat.conversationId, content: 'Hi' },
    });
    await call(t.app, 'POST', '/messages', {
      as,
      body: { conversation_id: chat.conversationId, content: 'Note', is_private: true },
    });
    await call(t.app, 'POST', '/conversation/ai-summary', {
      as,
      body: { conversation_id: chat.conversationId },
    });
    await t.db.execute(sql`update users set status = 'suspended' where id = ${a.manager.id}`);
    const res = await call(t.app, 'GET', '/billing/usage/current', { as: a.as.admin });
    expect(res.status).toBe(200);
    expect(res.body.data.plan).toMatchObject({ plan_id: 'free', name: 'Free', limits: { seats: 3 } });
    expect(res.body.data.usage).toEqual({
      seats: 2,
      conversations: 1,
      messages: 2,
      ai_requests: 1,
      storage_bytes: 0,
    });
    expect(res.body.data.period.start).toMatch(/^\d{4}-\d{2}-01$/);
  });

  it('is the company admin’s, and shows nothing of another company', async () => {
    expect((await call(t.app, 'GET', '/billing/usage/current', { as: s.a.as.agent })).status).toBe(403);
    const theirs = await call(t.app, 'GET', '/billing/usage/current', { as: s.b.as.admin });
    expect(theirs.body.data.usage.conversations).toBe(0);
  });

  it('warns past a limit but never stops a customer’s message', async () => {
    const { b } = s;
    const first = await startChat(t.app, b.app.id, { queueId: b.queue.id });
    // A hundred more conversations this month: past the Free plan's 100.
    await t.db.execute(sql`
      insert into conversations (company_id, app_id, queue_id, customer_id, number, channel, status)
      select company_id, app_id, queue_id, customer_id, 1000 + g, channel, 'resolved'
      from conversations, generate_series(1, 100) g where id = ${first.conversationId}`);
    const usage = await call(t.app, 'GET', '/billing/usage/current', { as: b.as.admin });
    expect(usage.body.data.usage.conversations).toBe(101);
    expect(usage.body.data.usage.conversations).toBeGreaterThan(usage.body.data.plan.limits.conversations);
    const chat = await startChat(t.app, b.app.id, { queueId: b.queue.id, message: 'Still here?' });
    const thread = await call(t.app, 'GET', '/conversation/poll', {
      as: b.as.admin,
      query: { conversation_id: chat.conversationId },
    });
    expect(thread.body.data.messages.map((m: { content: string }) => m.content)).toEqual(['Still here?']);
  });
});

describe('changing plan', () => {
  it('checks out with the local provider, confirms once, and records who changed it', async () => {
    const { a } = s;
    const checkout = await call(t.app, 'POST', '/billing/checkout', {
      as: a.as.admin,
      body: { plan_id: 'growth' },
    });
    expect(checkout.status).toBe(200);
    const session = new URL(checkout.body.data.checkout_url, 'http://x').searchParams.get('session')!;
    expect(checkout.body.data.checkout_url).toMatch(/^\/billing\/success\?session=/);
    const forged = await call(t.app, 'POST', '/billing/confirm', {
      as: a.as.admin,
      body: { session_id: session.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) },
    });
    expect(forged.status).toBe(422);
    const elsewhere = await call(t.app, 'POST', '/billing/confirm', {
      as: s.b.as.admin,
      body: { session_id: session },
    });
    expect(elsewhere.status).toBe(422);
    const confirmed = await call(t.app, 'POST', '/billing/confirm', {
      as: a.as.admin,
      body: { session_id: session },
    });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data.plan).toMatchObject({
      plan_id: 'growth',
      name: 'Growth',
      limits: { seats: 50 },
    });
    const feed = await call(t.app, 'GET', '/activities', {
      as: a.as.admin,
      query: { type: 'company.plan_changed' },
    });
    expect(feed.body.data[0].summary).toBe('Changed the plan from free to growth');
    const unknown = await call(t.app, 'POST', '/billing/checkout', {
      as: a.as.admin,
      body: { plan_id: 'platinum' },
    });
    expect(unknown.status).toBe(422);
  });
});
