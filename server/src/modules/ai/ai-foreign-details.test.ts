import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type Session, type TestContext } from '../../../test/app.ts';
import * as make from '../../../test/factories.ts';
import { startFakeLlm } from '../../../test/fake-llm.ts';
import { FOREIGN, ORDINARY } from '../../../test/foreign-details.ts';
import { seedConversation } from '../../../test/seed-conversation.ts';
import type { Config } from '../../config.ts';

/**
 * A past reply full of another customer's addresses (sixteen countries' street lines and postal codes),
 * IBANs, cards and order ids: suggest reply reuses its advice, offline and through an AI service, and
 * none of those details reach the suggestion or the prompt, while ordinary text and this customer's own
 * address do.
 */
let t: TestContext;
let llm: Awaited<ReturnType<typeof startFakeLlm>>;
let aiConfig: NonNullable<Config['ai']>;
let agent: Session;
let current: number;

const QUESTION = 'The lamp shade arrived cracked. Can you help with the cracked shade?';
const ADVICE = 'A cracked lamp shade is checked by our workshop as soon as we have a photo of the crack.';
const OWN_ADDRESS = '4 Quay Street, Galway H91 X2Y3';

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await createTestApp({ ai: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm' } });
  aiConfig = t.config.ai!;
  const tenant = await make.createTenant(t.db);
  // Three past cases, so that every detail fits in the part of an example a prompt carries (800 characters).
  for (const [i, name] of ['Sean Murphy', 'Ana Costa', 'Kenji Sato'].entries()) {
    await seedConversation(t.db, {
      app: tenant.app,
      queueId: tenant.queue.id,
      customer: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.org` },
      lines: [
        { customer: 'My lamp shade is cracked, can you help?' },
        {
          agent: tenant.agent.id,
          text: [
            `Hi ${name.split(' ')[0]},`,
            ADVICE,
            ORDINARY[0]!,
            ORDINARY[1]!,
            'The details I noted for your case:',
            ...FOREIGN.filter((_, n) => n % 3 === i).map((d) => `${d.where}: ${d.text}.`),
            '',
            'Best regards,',
            'Alex',
          ].join('\n'),
        },
      ],
    });
  }
  current = (
    await seedConversation(t.db, {
      app: tenant.app,
      queueId: tenant.queue.id,
      customer: { name: 'Lena Fischer', email: 'lena@example.test' },
      lines: [{ customer: `Hello, ${QUESTION} Please send it to ${OWN_ADDRESS}.` }],
    })
  ).id;
  agent = await loginAs(t.app, tenant.agent.email, make.PASSWORD, tenant.company.id);
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

const complete = async () => {
  const res = await call(t.app, 'POST', '/conversation/ai-completion', {
    as: agent,
    body: { conversation_id: current },
  });
  expect(res.status).toBe(200);
  return res.body.data as { completion: string; method: string };
};

function expectNoForeignDetail(text: string) {
  for (const d of FOREIGN) {
    for (const secret of d.secrets) {
      expect(text, `${d.where}: "${secret}" must not come through`).not.toContain(secret);
    }
  }
}

describe('another customer’s addresses, accounts and order ids', () => {
  it('stay out of the offline suggestion, which keeps the advice and ordinary text', async () => {
    t.config.ai = undefined;
    try {
      const answer = await complete();
      expect(answer.method).toBe('offline-similar-replies');
      expect(answer.completion).toMatch(/^Hi Lena,/);
      expect(answer.completion).toContain(ADVICE);
      expect(answer.completion).toContain(ORDINARY[0]);
      expect(answer.completion).toContain(ORDINARY[1]);
      expectNoForeignDetail(answer.completion);
    } finally {
      t.config.ai = aiConfig;
    }
  });

  it('stay out of the prompt sent to the AI service, which keeps this customer’s own address', async () => {
    llm.state.reply = 'Hi Lena, please send a photo of the crack.';
    const answer = await complete();
    expect(answer.method).toBe('llm');
    const prompt = llm.seen
      .at(-1)!
      .body.messages.map((m) => m.content)
      .join('\n');
    // All three past replies, whole: every detail was there to leak.
    expect(prompt.split(ADVICE)).toHaveLength(4);
    expect(prompt).not.toContain('…');
    expect(prompt).toContain(ORDINARY[0]);
    expect(prompt).toContain(ORDINARY[1]);
    expect(prompt).toContain(OWN_ADDRESS);
    for (const placeholder of ['[address]', '[postcode]', '[iban]', '[card]', '[number]']) {
      expect(prompt).toContain(placeholder);
    }
    expectNoForeignDetail(prompt);
  });

  it('are cut from the AI service’s answer, where this customer’s own address stays', async () => {
    llm.state.reply = `Hi Lena, we will send the new shade to ${OWN_ADDRESS}. Our depot for it is T12 X70A, Cork.`;
    const answer = await complete();
    expect(answer).toEqual({
      method: 'llm',
      completion: `Hi Lena, we will send the new shade to ${OWN_ADDRESS}.`,
    });
  });
});
