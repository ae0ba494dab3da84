import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf } from '../../../test/answers.ts';
import { call, createTestApp, loginAs, type Session, type TestContext } from '../../../test/app.ts';
import { createApp, createTenant, PASSWORD } from '../../../test/factories.ts';
import { startFakeLlm } from '../../../test/fake-llm.ts';
import { seedConversation } from '../../../test/seed-conversation.ts';

let t: TestContext;
let llm: Awaited<ReturnType<typeof startFakeLlm>>;
let agent: Session;
let conversationId: number;

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await createTestApp({ ai: { baseUrl: llm.baseUrl, apiKey: 'test-key', model: 'test-model' } });
  const { db } = t;
  const tenant = await createTenant(db);
  const { app, queue, agent: alex } = tenant;
  await seedConversation(db, {
    app,
    queueId: queue.id,
    customer: { name: 'Paul Past', email: 'paul@example.test' },
    lines: [
      { customer: 'I was charged twice on my last invoice.' },
      { agent: alex.id, text: 'PAST-REPLY: refunds for double charges take 3 to 5 business days.' },
    ],
  });
  const otherApp = await createApp(db, tenant.company.id);
  await seedConversation(db, {
    app: otherApp,
    customer: { name: 'Olga Other', email: 'olga@example.test' },
    lines: [
      { customer: 'My invoice shows a double charge, I was charged twice.' },
      { agent: alex.id, text: 'OTHER-APP-REPLY about a double charge' },
    ],
  });
  conversationId = (
    await seedConversation(db, {
      app,
      queueId: queue.id,
      customer: { name: 'Pia Payer', email: 'pia@example.test' },
      lines: [
        { customer: 'My invoice INV-2291 shows a double charge.' },
        { agent: alex.id, text: 'Hi Pia, I see the double charge and asked finance to refund it.' },
        { note: alex.id, text: 'NOTE-ONLY: refund approved by finance' },
        { customer: 'Great, when will I get the money back?' },
      ],
    })
  ).id;
  agent = await loginAs(t.app, alex.email, PASSWORD, tenant.company.id);
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

const summary = () =>
  call(t.app, 'POST', '/conversation/ai-summary', { as: agent, body: { conversation_id: conversationId } });
const completion = (draft?: string) =>
  call(t.app, 'POST', '/conversation/ai-completion', {
    as: agent,
    body: { conversation_id: conversationId, ...(draft ? { draft } : {}) },
  });

describe('AI calls with an OpenAI-compatible service', () => {
  it('asks the service for a summary with the model, the key and the transcript (internal notes included)', async () => {
    llm.state.reply = '- Pia was charged twice; a refund was approved.';
    const before = llm.seen.length;
    const res = await summary();
    expect(dataOf(res)).toEqual({
      summary: '- Pia was charged twice; a refund was approved.',
      method: 'llm',
    });
    expect(llm.seen).toHaveLength(before + 1);
    const req = llm.seen.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer test-key');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.body.model).toBe('test-model');
    expect(req.body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
    const prompt: string = req.body.messages[1]!.content;
    expect(prompt).toContain('Customer Pia Payer: My invoice INV-2291 shows a double charge.');
    expect(prompt).toContain('Agent Alex Agent: Hi Pia');
    expect(prompt).toContain('Internal note by Alex Agent: NOTE-ONLY');
    expect(prompt.indexOf('INV-2291')).toBeLessThan(prompt.indexOf('money back'));
    expect(prompt).not.toMatch(/PAST-REPLY|OTHER-APP-REPLY|Paul Past/);
  });

  it('asks for a reply with same-app examples and the draft, never internal notes or other apps', async () => {
    llm.state.reply = 'Hi Pia, the refund reaches your account within 3 to 5 business days.';
    const res = await completion('Hi Pia,');
    expect(dataOf(res)).toEqual({
      completion: 'Hi Pia, the refund reaches your account within 3 to 5 business days.',
      method: 'llm',
    });
    const req = llm.seen.at(-1)!;
    expect(req.body.model).toBe('test-model');
    expect(req.body.messages[0]!.content).toContain('Alex Agent');
    const prompt: string = req.body.messages[1]!.content;
    expect(prompt).toContain('Customer Pia Payer: Great, when will I get the money back?');
    expect(prompt).toContain('PAST-REPLY: refunds for double charges');
    expect(prompt).toContain('beginning with the draft:\nHi Pia,');
    expect(prompt).not.toMatch(/NOTE-ONLY|OTHER-APP-REPLY/);
  });

  it('falls back to the offline methods and says why when the service fails', async () => {
    for (const [mode, reason] of [
      ['error', 'HTTP 500'],
      ['empty', 'without text'],
      ['garbage', 'not JSON'],
    ] as const) {
      llm.state.mode = mode;
      const s = await summary();
      expect(s.status).toBe(200);
      expect(s.body.data.method).toBe('offline-extractive');
      expect(s.body.data.summary).toContain('Pia Payer');
      expect(s.body.data.notice).toContain(reason);
      const c = await completion();
      expect(c.body.data.method).toBe('offline-similar-replies');
      expect(c.body.data.completion).toContain('refunds for double charges take 3 to 5 business days');
      expect(c.body.data.notice).toContain(reason);
    }
    llm.state.mode = 'ok';
  });

  it('sends no authorization header when no API key is configured', async () => {
    const saved = t.config.ai!;
    t.config.ai = { ...saved, apiKey: undefined };
    try {
      const res = await summary();
      expect(res.body.data.method).toBe('llm');
      expect(llm.seen.at(-1)!.headers.authorization).toBeUndefined();
    } finally {
      t.config.ai = saved;
    }
  });

  it('answers offline when the service cannot be reached', async () => {
    await llm.close();
    const res = await summary();
    expect(res.status).toBe(200);
    expect(res.body.data.method).toBe('offline-extractive');
    expect(res.body.data.notice).toContain('unreachable');
  });
});
