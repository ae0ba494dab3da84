import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, type Session, useTestApp } from '../../../test/app.ts';
import * as make from '../../../test/factories.ts';
import { seedConversation } from '../../../test/seed-conversation.ts';
import { activities, conversations, portalSessions } from '../../db/schema/index.ts';
import { NO_EMAIL_MESSAGE } from './service.ts';

const t = useTestApp();
let tenant: Awaited<ReturnType<typeof make.createTenant>>;
let agent: Session;
let outsider: Session;
let otherAgent: Session;

beforeAll(async () => {
  tenant = await make.createTenant(t.db);
  const foreign = await make.createTenant(t.db);
  const loner = await make.createUser(t.db);
  await make.addCompanyMember(t.db, tenant.company.id, loner.id, 'agent');
  await make.addQueueMember(t.db, await make.createQueue(t.db, tenant.app), loner.id);
  agent = await loginAs(t.app, tenant.agent.email, make.PASSWORD, tenant.company.id);
  outsider = await loginAs(t.app, foreign.admin.email, make.PASSWORD, foreign.company.id);
  otherAgent = await loginAs(t.app, loner.email, make.PASSWORD, tenant.company.id);
});

const seed = (name: string, email: string | null) =>
  seedConversation(t.db, {
    app: tenant.app,
    queueId: tenant.queue.id,
    customer: { name, email },
    lines: [
      { customer: 'Where is my order?' },
      { agent: tenant.agent.id, text: 'Let me check that for you.' },
    ],
  });
const secureLink = (as: Session, conversationId: unknown) =>
  call(t.app, 'POST', '/conversation/secure-link', { as, body: { conversation_id: conversationId } });
const tokenFrom = (text: string) => {
  const match = text.match(/http:\/\/inbox\.test\/portal\/chat\?token=([\w%-]+)/);
  expect(match).not.toBeNull();
  return decodeURIComponent(match![1]!);
};

describe('secure link', () => {
  it('mails the customer a link that opens the conversation in the portal with a fresh session', async () => {
    const conv = await seed('Sam Sender', 'sam@example.test');
    const res = await secureLink(agent, conv.id);
    expect(res.status).toBe(200);
    expect(res.body.data.email).toBe('sam@example.test');
    expect(res.body.data.message).toBe('Secure link sent to sam@example.test');
    expect(Date.parse(res.body.data.expires_ts)).toBeGreaterThan(Date.now());

    const mail = await t.smtp.waitFor('sam@example.test');
    expect(mail.subject).toBe(`Continue your conversation with ${tenant.app.name}`);
    expect(mail.text).toContain('Hi Sam,');
    expect(mail.text).toContain('Alex Agent');
    expect(mail.html).toContain('href="http://inbox.test/portal/chat?token=');
    const token = tokenFrom(mail.text!);

    const portal = await call(t.app, 'GET', '/portal/conversation', { query: { token } });
    expect(portal.status).toBe(200);
    expect(portal.body.data.conversation).toMatchObject({ conversation_id: conv.id, status: 'pending' });
    expect(portal.body.data.customer.email).toBe('sam@example.test');
    expect(portal.body.data.messages.map((m: { content: string }) => m.content)).toEqual([
      'Where is my order?',
      'Let me check that for you.',
    ]);
    const [activity] = await t.db
      .select()
      .from(activities)
      .where(
        and(eq(activities.action, 'conversation.secure_link_sent'), eq(activities.entityId, String(conv.id))),
      );
    expect(activity).toMatchObject({ actorUserId: tenant.agent.id });
  });

  it('reopens a conversation closed by an expired session, so the customer can answer through the link', async () => {
    const conv = await seed('Cleo Closed', 'cleo@example.test');
    await t.db.update(conversations).set({ status: 'closed' }).where(eq(conversations.id, conv.id));
    const res = await secureLink(agent, conv.id);
    expect(res.status).toBe(200);
    const thread = await call(t.app, 'GET', '/conversation/poll', {
      as: agent,
      query: { conversation_id: conv.id },
    });
    expect(thread.body.data.conversation.status).toBe('pending');
    expect(thread.body.data.messages.at(-1)).toMatchObject({
      sender_type: 'system',
      content: `Reopened by ${tenant.agent.name} with a secure link`,
    });
    const token = tokenFrom((await t.smtp.waitFor('cleo@example.test')).text!);
    const sent = await call(t.app, 'POST', '/portal/messages', {
      headers: { authorization: `Bearer ${token}` },
      body: { content: 'Thanks for the link, here is my answer' },
    });
    expect(sent.status).toBe(201);
    const [row] = await t.db.select().from(conversations).where(eq(conversations.id, conv.id));
    expect(row!.status).toBe('open');
  });

  it('answers 422 with a clear sentence for a customer without an email address', async () => {
    const conv = await seed('Nora Nomail', null);
    const res = await secureLink(agent, conv.id);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(NO_EMAIL_MESSAGE);
    expect(res.body.errors.conversation_id).toEqual([NO_EMAIL_MESSAGE]);
  });

  it('answers 404 outside the caller’s reach and 401 without a session', async () => {
    const conv = await seed('Hugo Hidden', 'hugo@example.test');
    await t.db
      .update(conversations)
      .set({ assignedUserId: tenant.agent.id })
      .where(eq(conversations.id, conv.id));
    expect((await secureLink(outsider, conv.id)).status).toBe(404);
    expect((await secureLink(otherAgent, conv.id)).status).toBe(404);
    expect((await secureLink(agent, 2_000_000_000)).status).toBe(404);
    const anon = await call(t.app, 'POST', '/conversation/secure-link', {
      body: { conversation_id: conv.id },
    });
    expect(anon.status).toBe(401);
    expect(t.smtp.inbox.some((m) => m.subject && m.text?.includes('Hugo'))).toBe(false);
  });

  it('withdraws the new session when the mail cannot be sent', async () => {
    const conv = await seed('Mia Mailfail', 'mia@example.test');
    const mailer = t.app.deps.mailer;
    const send = mailer.send;
    mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await secureLink(agent, conv.id);
      expect(res.status).toBe(500);
      expect(res.body.message).toBe('The secure link could not be sent by email. Please try again later.');
    } finally {
      mailer.send = send;
    }
    const sessions = await t.db
      .select()
      .from(portalSessions)
      .where(eq(portalSessions.conversationId, conv.id));
    expect(sessions).toHaveLength(0);
  });
});
