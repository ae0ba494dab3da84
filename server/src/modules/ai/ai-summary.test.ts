import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, type Session, useTestApp } from '../../../test/app.ts';
import { createTenant, PASSWORD } from '../../../test/factories.ts';
import { seedConversation } from '../../../test/seed-conversation.ts';
import { companies, conversations } from '../../db/schema/index.ts';

const t = useTestApp();
let admin: Session;
let conversationId: number;
let agentId: number;

beforeAll(async () => {
  const tenant = await createTenant(t.db);
  agentId = tenant.agent.id;
  // Tokyo has no daylight saving time: its offset is +9 all year, so the expected times are plain arithmetic.
  await t.db.update(companies).set({ timezone: 'Asia/Tokyo' }).where(eq(companies.id, tenant.company.id));
  conversationId = (
    await seedConversation(t.db, {
      app: tenant.app,
      queueId: tenant.queue.id,
      customer: { name: 'Sam Summary', email: 'sam@example.test' },
      lines: [
        { customer: 'My parcel has not arrived after two weeks.' },
        { agent: agentId, text: 'Hi Sam, I am asking the courier where it is.' },
        { note: agentId, text: 'Courier says it is stuck in customs.' },
        { customer: 'Any news about the parcel?' },
      ],
    })
  ).id;
  admin = await loginAs(t.app, tenant.admin.email, PASSWORD, tenant.company.id);
  // Two actions, two system lines in the thread: they are not internal notes.
  for (const path of ['/conversation/assign', '/conversation/unassign']) {
    const res = await call(t.app, 'POST', path, {
      as: admin,
      body: { conversation_id: conversationId, user_id: agentId },
    });
    expect(res.status).toBe(200);
  }
});

/** "2026-11-21 19:15 GMT+9" for a UTC instant, computed without Intl. */
const tokyo = (d: Date) =>
  `${new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 16).replace('T', ' ')} GMT+9`;

describe('AI summary', () => {
  it('counts notes, messages and system lines for what they are', async () => {
    const res = await call(t.app, 'POST', '/conversation/ai-summary', {
      as: admin,
      body: { conversation_id: conversationId },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toContain(
      '2 messages from the customer, 1 from agents, 1 internal note, 2 system lines',
    );
  });

  it('states times in the company’s timezone', async () => {
    const [c] = await t.db.select().from(conversations).where(eq(conversations.id, conversationId));
    const res = await call(t.app, 'POST', '/conversation/ai-summary', {
      as: admin,
      body: { conversation_id: conversationId },
    });
    const text: string = res.body.data.summary;
    expect(text).toContain(`since ${tokyo(c!.waitingSince!)}`);
    expect(text).not.toContain('UTC');
  });
});
