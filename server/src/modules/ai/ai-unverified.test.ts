import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type Session, type TestContext } from '../../../test/app.ts';
import * as make from '../../../test/factories.ts';
import { startFakeLlm } from '../../../test/fake-llm.ts';
import { startChat } from '../../../test/portal.ts';
import { seedConversation } from '../../../test/seed-conversation.ts';

/**
 * Decision 037: someone who typed a known customer's email into the portal is a stranger to the AI. Neither
 * the summary nor the suggested reply sends the AI service that customer's stored name, phone, notes or
 * attributes, nor anything of their other conversations; once the conversation is verified, they do again.
 */
let t: TestContext;
let llm: Awaited<ReturnType<typeof startFakeLlm>>;
let agent: Session;
let tenant: Awaited<ReturnType<typeof make.createTenant>>;

const QUESTION = 'My coffee grinder makes a grinding noise. What can you do about the noisy grinder?';
/** What the company knows of Emma: her record and her earlier conversation. */
const EMMA = {
  name: 'Emma Schmidt',
  email: 'emma.schmidt@example.com',
  phone: '+49 151 23456789',
  notes: 'VIP-NOTE: prefers calls in the morning',
  attribute: 'PLATINUM-TIER',
  earlier: 'EARLIER-CONVERSATION: noisy grinders get a free burr replacement under the warranty.',
};
const EMMA_DETAILS = [
  'Emma',
  'Schmidt',
  '23456789',
  'VIP-NOTE',
  'PLATINUM-TIER',
  'EARLIER-CONVERSATION',
  'burr replacement',
];

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await createTestApp({
    ai: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm' },
    portalRateLimit: { startsPerIp: 100, messagesPerIp: 100, messagesPerToken: 100, windowMs: 60_000 },
  });
  tenant = await make.createTenant(t.db);
  const earlier = await seedConversation(t.db, {
    app: tenant.app,
    queueId: tenant.queue.id,
    customer: { name: EMMA.name, email: EMMA.email },
    lines: [{ customer: QUESTION }, { agent: tenant.agent.id, text: EMMA.earlier }],
  });
  await t.db.execute(sql`update customers set phone = ${EMMA.phone}, notes = ${EMMA.notes},
    attributes = ${JSON.stringify({ tier: EMMA.attribute })}::jsonb where id = ${earlier.customerId}`);
  agent = await loginAs(t.app, tenant.agent.email, make.PASSWORD, tenant.company.id);
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

/** The prompt the AI service received for a call, all its messages in one text. */
async function promptOf(path: '/conversation/ai-summary' | '/conversation/ai-completion', id: number) {
  const before = llm.seen.length;
  const res = await call(t.app, 'POST', path, { as: agent, body: { conversation_id: id } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.method).toBe('llm');
  expect(llm.seen.length).toBe(before + 1);
  return llm.seen
    .at(-1)!
    .body.messages.map((m) => m.content)
    .join('\n');
}

/** A stranger's portal chat filed under Emma because they typed her address. */
const strangerChat = () =>
  startChat(t.app, tenant.app.id, {
    queueId: tenant.queue.id,
    name: 'Eve Stranger',
    email: EMMA.email,
    message: `Hello, ${QUESTION}`,
  });

describe('the AI and an unverified conversation', () => {
  it('sends none of the customer’s details or other conversations, only the visitor as they named themselves', async () => {
    const chat = await strangerChat();
    for (const path of ['/conversation/ai-summary', '/conversation/ai-completion'] as const) {
      const prompt = await promptOf(path, chat.conversationId);
      expect(prompt).toContain('Eve Stranger');
      expect(prompt).toContain('noisy grinder');
      expect(prompt).toContain('without proving it');
      for (const d of EMMA_DETAILS) expect(prompt, `"${d}" must not reach the AI (${path})`).not.toContain(d);
    }
  });

  it('once the conversation is verified, the customer is known to it again', async () => {
    const chat = await strangerChat();
    // Emma opens the secure link the agent mailed to her address.
    const sent = await call(t.app, 'POST', '/conversation/secure-link', {
      as: agent,
      body: { conversation_id: chat.conversationId },
    });
    expect(sent.status).toBe(200);
    const mail = await t.smtp.waitFor(EMMA.email);
    const token = decodeURIComponent(/token=([\w%-]+)/.exec(mail.text!)![1]!);
    expect((await call(t.app, 'GET', '/portal/conversation', { query: { token } })).status).toBe(200);
    const summary = await promptOf('/conversation/ai-summary', chat.conversationId);
    expect(summary).toContain('Customer: Emma Schmidt');
    expect(summary).not.toContain('without proving it');
    const completion = await promptOf('/conversation/ai-completion', chat.conversationId);
    expect(completion).toContain('noisy grinders get a free burr replacement under the warranty.');
  });
});
