import { and, asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, useTestApp } from '../../test/app.ts';
import { untilReadable } from '../../test/events.ts';
import { apps, companies, conversationReads, conversations, messages, users } from '../db/schema/index.ts';
import { autoResponderConsumer } from '../modules/auto-responders/engine.ts';
import { consumeOnce } from '../modules/events/consumer.ts';
import { webhookConsumer } from '../modules/integrations/deliveries.ts';
import { DEMO_PASSWORD, type DemoInfo, seedDemoData } from './demo.ts';
import { DEMO_THREADS } from './demo-threads.ts';

// A Saturday evening in Berlin: the demo's outside-hours responder has something to say.
const t = useTestApp({}, () => new Date('2026-11-28T20:00:00Z'));
let info: DemoInfo;
let companyId: number;

beforeAll(async () => {
  info = await seedDemoData(t.db, t.config.secrets);
  const [acme] = await t.db.select().from(companies).where(eq(companies.name, 'Acme Inc'));
  companyId = acme!.id;
});

const userId = async (email: string) =>
  (await t.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

describe('demo data', () => {
  it('lets every demo user sign in to Acme', async () => {
    expect(info.logins.map((l) => l.email)).toEqual([
      'olivia@acme.test',
      'marco@acme.test',
      'amy@acme.test',
      'ben@acme.test',
    ]);
    for (const login of info.logins) {
      expect(login.password).toBe(DEMO_PASSWORD);
      const session = await loginAs(t.app, login.email, login.password);
      expect(session.companyId).toBe(companyId);
    }
  });

  // Before any test adds a conversation of its own.
  it('counts its week in Reports as the live consumer would have, and names the customers who started', async () => {
    const owner = await loginAs(t.app, 'olivia@acme.test', DEMO_PASSWORD);
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const period = { from: day(-30), to: day(1) };
    const overview = await call(t.app, 'GET', '/reporting/overview', { as: owner, query: period });
    const lines = DEMO_THREADS.flatMap((th) => th.lines);
    expect(overview.body.data.metrics).toMatchObject({
      conversations_created: DEMO_THREADS.length,
      conversations_resolved: DEMO_THREADS.filter((th) => th.status === 'resolved' && th.assignee).length,
      messages_received: lines.filter((l) => 'customer' in l).length,
      messages_sent: lines.filter((l) => 'agent' in l).length,
    });
    expect(overview.body.data.metrics.first_response_time.median_s).toBeGreaterThan(0);
    const agents = await call(t.app, 'GET', '/reporting/agent-performance', { as: owner, query: period });
    const amy = agents.body.data.find((a: { name: string }) => a.name === 'Amy Agent');
    const amyThreads = DEMO_THREADS.filter((th) => th.assignee === 'agent');
    expect(amy.conversations_assigned).toBe(amyThreads.length);

    const started = await call(t.app, 'GET', '/activities', {
      as: owner,
      query: { type: 'conversation.created', limit: 100 },
    });
    const actors = new Set(started.body.data.map((a: { actor: { name: string } }) => a.actor.name));
    expect(actors.has('Someone no longer in the company')).toBe(false);
    expect(actors.has('Emma Schmidt')).toBe(true);
  });

  it('holds likely duplicates, so the customer pages have suggestions to show', async () => {
    const owner = await loginAs(t.app, 'olivia@acme.test', DEMO_PASSWORD);
    const find = async (search: string) =>
      (await call(t.app, 'GET', '/customers', { as: owner, query: { search } })).body.data[0].customer_id;
    const reasons = async (search: string) => {
      const res = await call(t.app, 'GET', '/customer/duplicates', {
        as: owner,
        query: { customer_id: await find(search) },
      });
      return res.body.data.map((d: { customer: { name: string }; reasons: string[] }) => [
        d.customer.name,
        d.reasons,
      ]);
    };
    expect(await reasons('noah.williams@')).toEqual([['Noah W.', ['same_email']]]);
    expect(await reasons('lucas.martin@')).toEqual([['L. Martin', ['same_phone']]]);
    expect(await reasons('sofia.rossi@')).toEqual([['Sophia Rossi', ['similar_name', 'same_email_domain']]]);
  });

  it('gives the company conversations in every state, across both apps, assigned and not', async () => {
    const rows = await t.db.select().from(conversations).where(eq(conversations.companyId, companyId));
    expect(rows.length).toBeGreaterThanOrEqual(12);
    const count = (pred: (c: (typeof rows)[number]) => boolean) => rows.filter(pred).length;
    expect(count((c) => c.status === 'open' && c.assignedUserId === null)).toBeGreaterThanOrEqual(2);
    const amy = await userId('amy@acme.test');
    expect(count((c) => c.status === 'open' && c.assignedUserId === amy)).toBeGreaterThanOrEqual(1);
    expect(count((c) => c.status === 'pending')).toBeGreaterThanOrEqual(2);
    expect(count((c) => c.status === 'resolved')).toBeGreaterThanOrEqual(2);
    expect(count((c) => c.status === 'closed')).toBeGreaterThanOrEqual(1);
    expect(new Set(rows.map((c) => c.appId)).size).toBe(2);
    expect(new Set(rows.map((c) => c.queueId)).size).toBe(4);
    expect(new Set(rows.map((c) => c.channel)).size).toBeGreaterThanOrEqual(3);
    const oldest = Math.min(...rows.map((c) => c.createdAt.getTime()));
    expect(Date.now() - oldest).toBeGreaterThan(3 * 24 * 3600_000);
  });

  it('keeps the invariants the live services keep', async () => {
    const [acme] = await t.db.select().from(companies).where(eq(companies.id, companyId));
    const rows = await t.db.select().from(conversations).where(eq(conversations.companyId, companyId));
    expect(rows.map((c) => c.number).sort((a, b) => a - b)).toEqual(rows.map((_, i) => i + 1));
    expect(acme!.lastConversationNumber).toBe(rows.length);
    for (const c of rows) {
      const thread = await t.db
        .select()
        .from(messages)
        .where(eq(messages.conversationId, c.id))
        .orderBy(asc(messages.id));
      const times = thread.map((m) => m.createdAt.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      const spoken = thread.filter((m) => !m.isPrivate && m.senderType !== 'auto');
      const firstReply = spoken.find((m) => m.senderType === 'agent');
      expect(c.firstReplyAt?.getTime() ?? null).toBe(firstReply?.createdAt.getTime() ?? null);
      expect(c.lastActivityAt.getTime()).toBeGreaterThanOrEqual(times.at(-1)!);
      if (c.status === 'pending') expect(spoken.at(-1)!.senderType).toBe('agent');
      if (c.status === 'open') {
        expect(spoken.at(-1)!.senderType).toBe('customer');
        expect(c.waitingSince).not.toBeNull();
      }
      expect(c.resolvedAt !== null).toBe(c.status === 'resolved');
    }
    const reads = await t.db
      .select()
      .from(conversationReads)
      .where(eq(conversationReads.companyId, companyId));
    expect(reads.length).toBeGreaterThan(0);
  });

  it('continues the numbering and shows the public queues when a customer starts a portal chat', async () => {
    const queues = await call(t.app, 'GET', '/portal/queues', { query: { app_id: info.appId } });
    expect(queues.status).toBe(200);
    expect(queues.body.data.queues.map((q: { queue_name: string }) => q.queue_name)).toEqual([
      'General',
      'Returns',
    ]);
    const started = await call(t.app, 'POST', '/portal/start', {
      body: {
        app_id: info.appId,
        queue_id: queues.body.data.queues[0].queue_id,
        customer_info: { name: 'Emma Schmidt', email: 'emma.schmidt@example.com' },
        initial_message: 'One more question about my desk',
      },
    });
    expect(started.status).toBe(201);
    const [c] = await t.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, started.body.data.conversation_id));
    expect(c!.number).toBe(DEMO_THREADS.length + 1);

    // The store greets the customer and, on a Saturday evening, says when the team is back.
    await untilReadable(t.db);
    while (
      (await consumeOnce(
        t.db,
        autoResponderConsumer(() => new Date('2026-11-28T20:00:00Z'), t.app.jobs),
      )) > 0
    ) {}
    const said = await t.db
      .select({ content: messages.content })
      .from(messages)
      .where(and(eq(messages.conversationId, c!.id), eq(messages.senderType, 'auto')))
      .orderBy(asc(messages.id));
    expect(said.map((m) => m.content)).toEqual([
      'Hi Emma Schmidt, thanks for contacting Acme Store! An agent will be with you shortly.',
      'Our team is away right now. We are back Monday 30 November at 09:00 and will answer you then.',
    ]);
  });

  it('has an outgoing webhook on the store that is switched off and sends nothing until edited', async () => {
    const owner = await loginAs(t.app, 'olivia@acme.test', DEMO_PASSWORD);
    const [store] = await t.db.select().from(apps).where(eq(apps.name, 'Acme Store'));
    const listed = await call(t.app, 'GET', '/integrations', { as: owner, query: { app_id: store!.id } });
    expect(listed.body.data).toEqual([
      expect.objectContaining({
        type: 'webhook',
        name: 'Order system (edit me)',
        is_active: false,
        secrets_set: ['signing_secret'],
      }),
    ]);
    await untilReadable(t.db);
    while ((await consumeOnce(t.db, webhookConsumer(t.app.jobs))) > 0) {}
    const owed = await t.db.execute(sql`select 1 from webhook_deliveries`);
    expect(owed.rows).toEqual([]);
  });

  it('shows the private VIP conversation to its queue member and hides it from other agents', async () => {
    const amy = await loginAs(t.app, 'amy@acme.test', DEMO_PASSWORD);
    const ben = await loginAs(t.app, 'ben@acme.test', DEMO_PASSWORD);
    const [vip] = await t.db.select().from(conversations).where(eq(conversations.channel, 'web'));
    const body = { conversation_id: vip!.id };
    const seen = await call(t.app, 'POST', '/conversation/ai-summary', { as: amy, body });
    expect(seen.status).toBe(200);
    expect(seen.body.data.summary).toContain('Lucas Martin');
    expect(seen.body.data.summary).toContain('Internal note (Marco Manager)');
    expect((await call(t.app, 'POST', '/conversation/ai-summary', { as: ben, body })).status).toBe(404);
  });
});
