import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type Session, type TestContext } from '../../../test/app.ts';
import * as make from '../../../test/factories.ts';
import { startFakeLlm } from '../../../test/fake-llm.ts';
import { seedConversation } from '../../../test/seed-conversation.ts';
import type { Config } from '../../config.ts';

/**
 * Suggest reply draws only on what the asking user may see, and carries no other customer's details nor a
 * fact this conversation does not hold: offline, in the prompt sent to an AI service, and in its answer.
 */
let t: TestContext;
let llm: Awaited<ReturnType<typeof startFakeLlm>>;
let aiConfig: NonNullable<Config['ai']>;
let agent: Session;
let privateMember: Session;
let current: number;

const QUESTION = 'The screen of my phone arrived cracked. What can you do about the cracked screen?';
/** Every personal detail of Rita's reply: none may reach Lena's suggestion or leave for the AI service. */
const RITA_DETAILS = [
  'Rita',
  'Rich',
  '88231',
  'Baker Street',
  '49.99',
  'rita.rich@example.com',
  '7946',
  'https://track.example.com',
  '3 March 2026',
];

beforeAll(async () => {
  llm = await startFakeLlm();
  t = await createTestApp({ ai: { baseUrl: llm.baseUrl, apiKey: 'k', model: 'm' } });
  aiConfig = t.config.ai!;
  const { db } = t;
  const tenant = await make.createTenant(db);
  const { app, queue, company } = tenant;
  const privateQueue = await make.createQueue(db, app, { isPrivate: true });
  const pat = await make.createUser(db, { name: 'Pat Private' });
  await make.addCompanyMember(db, company.id, pat.id, 'agent');
  await make.addQueueMember(db, privateQueue, pat.id);

  // The best matches sit where Alex may not look: a private queue, another app, another company.
  await seedConversation(db, {
    app,
    queueId: privateQueue.id,
    customer: { name: 'Vera Private', email: 'vera@example.test' },
    lines: [
      { customer: QUESTION },
      {
        agent: pat.id,
        text: 'PRIVATE-QUEUE: cracked phone screens go to our partner workshop for a repair.',
      },
    ],
  });
  await seedConversation(db, {
    app: await make.createApp(db, company.id),
    customer: { name: 'Olga Other', email: 'olga@example.test' },
    lines: [
      { customer: QUESTION },
      { agent: tenant.agent.id, text: 'OTHER-APP: cracked phone screens are handled by the app team.' },
    ],
  });
  const foreign = await make.createTenant(db);
  await seedConversation(db, {
    app: foreign.app,
    queueId: foreign.queue.id,
    customer: { name: 'Fred Foreign', email: 'fred@example.test' },
    lines: [
      { customer: QUESTION },
      { agent: foreign.agent.id, text: 'OTHER-COMPANY: cracked phone screens are handled abroad.' },
    ],
  });
  // Visible to Alex, and full of Rita's details around one sentence worth reusing.
  await seedConversation(db, {
    app,
    queueId: queue.id,
    customer: { name: 'Rita Rich', email: 'rita.rich@example.com' },
    lines: [
      { customer: 'My phone screen is cracked, what can you do?' },
      {
        agent: tenant.agent.id,
        text:
          'Hi Rita, cracked phone screens are repaired by our service team in the workshop.\n' +
          'I checked order #88231 for 12 Baker Street and we refunded €49.99 to rita.rich@example.com on 3 March 2026. ' +
          'Call me at +44 20 7946 0958 or track it at https://track.example.com/88231. Rita Rich, thanks for your patience!\n\n' +
          'Best regards,\nAlex',
      },
    ],
  });
  current = (
    await seedConversation(db, {
      app,
      queueId: queue.id,
      customer: { name: 'Lena Fischer', email: 'lena@example.test' },
      lines: [{ customer: `Hello, ${QUESTION} I paid €25 for the express shipping.` }],
    })
  ).id;
  agent = await loginAs(t.app, tenant.agent.email, make.PASSWORD, company.id);
  privateMember = await loginAs(t.app, pat.email, make.PASSWORD, company.id);
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

const complete = (as: Session) =>
  call(t.app, 'POST', '/conversation/ai-completion', { as, body: { conversation_id: current } });

function expectNoneOf(text: string, words: string[]) {
  for (const w of words) expect(text, `"${w}" must not come through`).not.toContain(w);
}

describe('suggest reply without an AI service', () => {
  beforeAll(() => {
    t.config.ai = undefined;
  });
  afterAll(() => {
    t.config.ai = aiConfig;
  });

  it('draws only on conversations the agent may see, without the other customer’s details', async () => {
    const res = await complete(agent);
    expect(res.status).toBe(200);
    expect(res.body.data.method).toBe('offline-similar-replies');
    const text: string = res.body.data.completion;
    expect(text).toMatch(/^Hi Lena,/);
    expect(text).toContain('cracked phone screens are repaired by our service team in the workshop.');
    expectNoneOf(text, ['PRIVATE-QUEUE', 'OTHER-APP', 'OTHER-COMPANY', ...RITA_DETAILS, 'refund']);
  });

  it('gives a member of the private queue its replies: the sight rule decides, not the text', async () => {
    const res = await complete(privateMember);
    expect(res.status).toBe(200);
    const text: string = res.body.data.completion;
    expect(text).toContain('cracked phone screens go to our partner workshop for a repair.');
    expectNoneOf(text, ['OTHER-APP', 'OTHER-COMPANY', ...RITA_DETAILS]);
  });
});

describe('suggest reply with an AI service', () => {
  it('sends no reply the agent may not see, and no other customer’s details', async () => {
    llm.state.reply = 'Hi Lena, we can repair the screen in our workshop.';
    const res = await complete(agent);
    expect(res.body.data.method).toBe('llm');
    const prompt: string = llm.seen.at(-1)!.body.messages[1]!.content;
    expect(prompt).toContain('cracked phone screens are repaired by our service team in the workshop.');
    expect(prompt).toContain('[email]');
    expect(prompt).toContain('[name]');
    expect(prompt).toContain('I paid €25 for the express shipping.');
    expectNoneOf(prompt, ['PRIVATE-QUEUE', 'OTHER-APP', 'OTHER-COMPANY', ...RITA_DETAILS]);
  });

  it('cuts from the answer what this conversation does not hold, and keeps what it does', async () => {
    llm.state.reply =
      'Hi Lena, sorry about the screen. We refunded €49.99 for order #88231 on 3 March 2026. ' +
      'Our workshop repairs cracked screens. The €25 for express shipping is noted on your conversation. ' +
      'Write to rita.rich@example.com with questions.';
    const res = await complete(agent);
    expect(res.body.data.method).toBe('llm');
    expect(res.body.data.completion).toBe(
      'Hi Lena, sorry about the screen. Our workshop repairs cracked screens. The €25 for express shipping is noted on your conversation.',
    );
  });
});
