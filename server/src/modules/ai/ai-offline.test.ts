import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorOf, fieldErrorsOf } from '../../../test/answers.ts';
import { call, loginAs, type Session, useTestApp } from '../../../test/app.ts';
import * as make from '../../../test/factories.ts';
import { seedConversation } from '../../../test/seed-conversation.ts';
import { activities, conversations } from '../../db/schema/index.ts';

const t = useTestApp();
let tenant: Awaited<ReturnType<typeof make.createTenant>>;
let agent: Session;
let admin: Session;
let outsider: Session;
let otherAgent: Session;
const ids = {} as Record<'current' | 'fresh' | 'unknown' | 'warranty' | 'private', number>;

beforeAll(async () => {
  const { db } = t;
  tenant = await make.createTenant(db);
  const { app, queue, company } = tenant;
  const bea = await make.createUser(db, { name: 'Bea Helper' });
  await make.addCompanyMember(db, company.id, bea.id, 'agent');
  await make.addAppMember(db, app, bea.id, 'agent');
  const privateQueue = await make.createQueue(db, app, { isPrivate: true });
  const loner = await make.createUser(db, { name: 'Lou Loner' });
  await make.addCompanyMember(db, company.id, loner.id, 'agent');
  await make.addQueueMember(db, await make.createQueue(db, app), loner.id);

  // History of the same app: the damaged-screen case was answered before.
  await seedConversation(db, {
    app,
    queueId: queue.id,
    customer: { name: 'Tom Baker', email: 'tom@example.test' },
    lines: [
      { customer: 'My package came damaged, the screen is cracked. What can you do?' },
      {
        agent: bea.id,
        text: 'Hi Tom, sorry about the cracked screen! Please send us a photo of the damage so our team can file it with the courier. We ship a free replacement within 2 business days.\n\nBest regards,\nBea',
      },
    ],
  });
  ids.warranty = (
    await seedConversation(db, {
      app,
      queueId: queue.id,
      customer: { name: 'Wanda Wells', email: 'wanda@example.test' },
      lines: [
        { customer: 'Is my warranty voucher still valid after a year?' },
        { note: bea.id, text: 'SECRET-NOTE: warranty voucher valid, customer is a VIP' },
        { agent: bea.id, text: 'Hello Wanda, your warranty voucher is valid for 24 months from purchase.' },
      ],
    })
  ).id;
  // A better match in another app and another company must never be used.
  const otherApp = await make.createApp(db, company.id);
  await seedConversation(db, {
    app: otherApp,
    customer: { name: 'Olga Other', email: 'olga@example.test' },
    lines: [
      { customer: 'The item I received is damaged and the screen is cracked. What now?' },
      { agent: bea.id, text: 'OTHER-APP answer about a damaged item with a cracked screen' },
    ],
  });
  const foreign = await make.createTenant(db);
  await seedConversation(db, {
    app: foreign.app,
    queueId: foreign.queue.id,
    customer: { name: 'Fred Foreign', email: 'fred@example.test' },
    lines: [
      { customer: 'The item I received is damaged and the screen is cracked. What now?' },
      { agent: foreign.agent.id, text: 'OTHER-COMPANY answer about a damaged item with a cracked screen' },
    ],
  });

  ids.current = (
    await seedConversation(db, {
      app,
      queueId: queue.id,
      customer: { name: 'Jane Doe', email: 'jane@example.test' },
      lines: [
        { customer: 'Hello, my parcel arrived with a broken screen. Order #4711. Can I get a replacement?' },
        {
          agent: tenant.agent.id,
          text: 'Hi Jane, I am sorry to hear that. I created replacement order #4800 for you.',
        },
        { note: tenant.agent.id, text: 'Warehouse confirmed the replacement is in stock.' },
        { customer: 'Thanks! When will the replacement order ship?' },
      ],
    })
  ).id;
  // Held by Alex: out of sight for an agent of another queue, who sees only unassigned public ones.
  await db
    .update(conversations)
    .set({ assignedUserId: tenant.agent.id })
    .where(eq(conversations.id, ids.current));
  ids.fresh = (
    await seedConversation(db, {
      app,
      queueId: queue.id,
      customer: { name: 'Lena Fischer', email: 'lena@example.test' },
      lines: [{ customer: 'Hi, the item I received is damaged and the screen is cracked. What now?' }],
    })
  ).id;
  ids.unknown = (
    await seedConversation(db, {
      app,
      queueId: queue.id,
      customer: { name: 'Carl Cooper', email: 'carl@example.test' },
      lines: [{ customer: 'I would like to cancel my subscription before the next renewal.' }],
    })
  ).id;
  ids.private = (
    await seedConversation(db, {
      app,
      queueId: privateQueue.id,
      customer: { name: 'Vera Private', email: 'vera@example.test' },
      lines: [{ customer: 'A private matter' }],
    })
  ).id;

  agent = await loginAs(t.app, tenant.agent.email, make.PASSWORD, company.id);
  admin = await loginAs(t.app, tenant.admin.email, make.PASSWORD, company.id);
  outsider = await loginAs(t.app, foreign.admin.email, make.PASSWORD, foreign.company.id);
  otherAgent = await loginAs(t.app, loner.email, make.PASSWORD, company.id);
});

const summary = (as: Session, conversationId: unknown) =>
  call(t.app, 'POST', '/conversation/ai-summary', { as, body: { conversation_id: conversationId } });
const completion = (as: Session, body: Record<string, unknown>) =>
  call(t.app, 'POST', '/conversation/ai-completion', { as, body });

describe('AI summary without an AI service', () => {
  it('summarizes extractively: who, where, state, counts and the key sentences', async () => {
    const res = await summary(agent, ids.current);
    expect(res.status).toBe(200);
    expect(res.body.data.method).toBe('offline-extractive');
    expect(res.body.data.notice).toBeUndefined();
    const text: string = res.body.data.summary;
    expect(text).toContain('Jane Doe (jane@example.test)');
    expect(text).toContain(tenant.app.name);
    expect(text).toMatch(/Status: open and assigned to Alex Agent/);
    expect(text).toContain('2 messages from the customer, 1 from agents, 1 internal note');
    expect(text).toContain('Agents involved: Alex Agent');
    expect(text).toContain('Key points:');
    expect(text).toContain(
      'Request: "Hello, my parcel arrived with a broken screen. Order #4711. Can I get a replacement?"',
    );
    expect(text).toMatch(/- Alex Agent: ".*replacement order #4800/);
    expect(text).not.toMatch(/- Jane Doe: "Hello/);
    expect(text).toContain('Latest from the customer');
    expect(text).toContain('When will the replacement order ship?');
  });

  it('records who asked for it', async () => {
    const rows = await t.db.select().from(activities).where(eq(activities.action, 'conversation.ai_summary'));
    expect(rows.some((r) => r.entityId === String(ids.current) && r.actorUserId === tenant.agent.id)).toBe(
      true,
    );
  });
});

describe('AI completion without an AI service', () => {
  it('adapts the most similar past agent reply of the same app to this customer', async () => {
    const res = await completion(agent, { conversation_id: ids.fresh });
    expect(res.status).toBe(200);
    expect(res.body.data.method).toBe('offline-similar-replies');
    const text: string = res.body.data.completion;
    expect(text).toContain('Please send us a photo of the damage so our team can file it with the courier.');
    expect(text).toMatch(/^Hi Lena,/);
    // A promise Lena's conversation does not hold is not made for it.
    expect(text).not.toMatch(/free replacement|2 business days/);
    expect(text).not.toContain('Tom');
    expect(text).toMatch(/Best regards,\nAlex$/);
    expect(text).not.toMatch(/OTHER-APP|OTHER-COMPANY/);
  });

  it('answers with agent replies, never internal notes', async () => {
    const fresh = await seedConversation(t.db, {
      app: tenant.app,
      queueId: tenant.queue.id,
      customer: { name: 'Nina North', email: 'nina@example.test' },
      lines: [{ customer: 'How long is the warranty voucher valid?' }],
    });
    const res = await completion(admin, { conversation_id: fresh.id });
    expect(res.body.data.method).toBe('offline-similar-replies');
    expect(res.body.data.completion).toContain('valid for 24 months');
    expect(res.body.data.completion).toMatch(/^Hello Nina,/);
    expect(res.body.data.completion).not.toContain('SECRET-NOTE');
  });

  it('writes a reply to the last customer message when nothing similar was answered before', async () => {
    const res = await completion(agent, { conversation_id: ids.unknown });
    expect(res.body.data.method).toBe('offline-template');
    const text: string = res.body.data.completion;
    expect(text).toMatch(/^Hi Carl,/);
    expect(text).toContain('cancel my subscription');
    expect(text).toContain('cancellation');
    expect(text).toMatch(/Alex$/);
  });

  it('keeps the agent’s draft and continues it', async () => {
    const res = await completion(agent, {
      conversation_id: ids.fresh,
      draft: 'Hi Lena, so sorry about that!',
    });
    expect(res.status).toBe(200);
    const text: string = res.body.data.completion;
    expect(text.startsWith('Hi Lena, so sorry about that!\n\n')).toBe(true);
    expect(text.match(/Hi Lena/g)).toHaveLength(1);
    expect(text).toContain('photo of the damage');
  });
});

describe('AI calls and reach', () => {
  it('answers 404 for another company’s conversation, one out of the agent’s sight, and a missing one', async () => {
    for (const [as, id] of [
      [outsider, ids.current],
      [otherAgent, ids.current],
      [agent, ids.private],
      [agent, 2_000_000_000],
    ] as const) {
      expect((await summary(as, id)).status).toBe(404);
      const res = await completion(as, { conversation_id: id });
      expect(errorOf(res, 404).code).toBe('NOT_FOUND');
    }
  });

  it('lets the company admin use a private queue’s conversation', async () => {
    const res = await summary(admin, ids.private);
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toContain('Vera Private');
  });

  it('needs a session and a conversation id', async () => {
    const anon = await call(t.app, 'POST', '/conversation/ai-summary', {
      body: { conversation_id: ids.current },
    });
    expect(anon.status).toBe(401);
    const bad = await summary(agent, 'abc');
    expect(fieldErrorsOf(bad).conversation_id).toBeDefined();
  });
});
