import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf, errorOf } from '../../../test/answers.ts';
import { call, createTestApp, loginAs } from '../../../test/app.ts';
import { createTenant, PASSWORD } from '../../../test/factories.ts';
import { agentSend, portal, startChat, usePortalSuite } from '../../../test/portal.ts';
import { conversations, portalSessions } from '../../db/schema/index.ts';
import { closeExpiredSessions } from './expiry.ts';

const { t, tenant } = usePortalSuite();

const chat = () => startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
const expire = (conversationId: number, ago = '1 second') =>
  t.db.execute(
    sql`update portal_sessions set expires_at = now() - ${ago}::interval where conversation_id = ${conversationId}`,
  );
const statusOf = async (id: number) =>
  (await t.db.select({ s: conversations.status }).from(conversations).where(eq(conversations.id, id)))[0]!.s;
const send = (token: string, content = 'hello') =>
  portal(t.app, 'POST', '/portal/messages', { token, body: { content } });

describe('portal tokens', () => {
  it('answers 401 INVALID_TOKEN for a missing, unknown or forged token on every call', async () => {
    for (const token of [undefined, 'nope', 'x'.repeat(300)]) {
      const calls = [
        portal(t.app, 'GET', '/portal/conversation', { token, inQuery: true }),
        portal(t.app, 'GET', '/portal/poll', { token, inQuery: true }),
        portal(t.app, 'POST', '/portal/typing', { token, body: {} }),
        portal(t.app, 'POST', '/portal/messages', { token, body: { content: 'hi' } }),
        portal(t.app, 'GET', '/portal/attachment/download/1', { token, inQuery: true }),
      ];
      for (const res of await Promise.all(calls)) {
        expect(errorOf(res, 401).code).toBe('INVALID_TOKEN');
      }
    }
  });

  it('checks the token before the body', async () => {
    const res = await portal(t.app, 'POST', '/portal/messages', { token: 'nope', body: { content: '' } });
    expect(res.status).toBe(401);
  });

  it('refuses a tampered token and a console access token', async () => {
    const { token } = await chat();
    const console = await loginAs(t.app, tenant.agent.email, PASSWORD);
    for (const forged of [`${token}x`, token.slice(1), console.token]) {
      const res = await portal(t.app, 'GET', '/portal/poll', { token: forged });
      expect(errorOf(res, 401).code).toBe('INVALID_TOKEN');
    }
  });
});

describe('session expiry', () => {
  it('customer activity slides the expiry; polling does not', async () => {
    const c = await chat();
    await t.db.execute(
      sql`update portal_sessions set expires_at = now() + interval '1 hour' where conversation_id = ${c.conversationId}`,
    );
    const polled = await portal(t.app, 'GET', '/portal/poll', { token: c.token });
    expect(Date.parse(polled.body.data.session_expires_ts)).toBeLessThan(Date.now() + 3_700_000);
    expect((await send(c.token)).status).toBe(201);
    const after = await portal(t.app, 'GET', '/portal/poll', { token: c.token });
    expect(Date.parse(after.body.data.session_expires_ts)).toBeGreaterThan(Date.now() + 86_000_000);
    await t.db.execute(
      sql`update portal_sessions set expires_at = now() + interval '1 hour' where conversation_id = ${c.conversationId}`,
    );
    await portal(t.app, 'POST', '/portal/typing', { token: c.token, body: {} });
    const typed = await portal(t.app, 'GET', '/portal/poll', { token: c.token });
    expect(Date.parse(typed.body.data.session_expires_ts)).toBeGreaterThan(Date.now() + 86_000_000);
  });

  it('an expired session closes the conversation on read; it stays readable and refuses sends', async () => {
    const c = await chat();
    await agentSend(
      t.db,
      { companyId: tenant.company.id, conversationId: c.conversationId },
      tenant.agent.id,
      'hi',
    );
    await expire(c.conversationId);
    const polled = await portal(t.app, 'GET', '/portal/poll', { token: c.token });
    expect(polled.status).toBe(200);
    expect(polled.body.data.conversation_status).toBe('closed');
    expect(polled.body.data.messages).toHaveLength(2);
    expect(await statusOf(c.conversationId)).toBe('closed');
    const conversation = await portal(t.app, 'GET', '/portal/conversation', { token: c.token });
    expect(conversation.body.data.conversation).toMatchObject({ status: 'closed', is_resolved: false });
    const sent = await send(c.token);
    expect(errorOf(sent, 403)).toMatchObject({
      code: 'CONVERSATION_CLOSED',
      details: { app_id: tenant.app.id },
    });
    const typing = await portal(t.app, 'POST', '/portal/typing', { token: c.token, body: {} });
    expect(typing.body.error.code).toBe('CONVERSATION_CLOSED');
    // The activity says the expiry closed it, not a person.
    const admin = await loginAs(t.app, tenant.admin.email, PASSWORD, tenant.company.id);
    const closed = await call(t.app, 'GET', '/activities', {
      as: admin,
      query: { type: 'conversation.closed' },
    });
    expect(
      dataOf(closed).find((a: { subject: { id: number } }) => a.subject.id === c.conversationId),
    ).toMatchObject({
      actor: { user_id: null, name: 'System (Portal session expiry)' },
    });
  });

  it('an agent can still answer a closed conversation without reopening it', async () => {
    const c = await chat();
    await expire(c.conversationId);
    await portal(t.app, 'GET', '/portal/poll', { token: c.token });
    await agentSend(
      t.db,
      { companyId: tenant.company.id, conversationId: c.conversationId },
      tenant.agent.id,
      'late answer',
    );
    const polled = await portal(t.app, 'GET', '/portal/poll', { token: c.token });
    expect(polled.body.data.conversation_status).toBe('closed');
    expect(polled.body.data.messages.at(-1).content).toBe('late answer');
    expect((await send(c.token)).status).toBe(403);
  });

  it('the sweep closes expired conversations without any reader, and leaves resolved ones resolved', async () => {
    const idle = await chat();
    const resolved = await chat();
    const live = await chat();
    await t.db
      .update(conversations)
      .set({ status: 'resolved' })
      .where(eq(conversations.id, resolved.conversationId));
    await expire(idle.conversationId);
    await expire(resolved.conversationId);
    const closed = await closeExpiredSessions(t.db);
    expect(closed.map((c) => c.conversationId)).toEqual([idle.conversationId]);
    expect(await statusOf(idle.conversationId)).toBe('closed');
    expect(await statusOf(resolved.conversationId)).toBe('resolved');
    expect(await statusOf(live.conversationId)).toBe('open');
    expect(await closeExpiredSessions(t.db)).toEqual([]);
    const [session] = await t.db
      .select()
      .from(portalSessions)
      .where(eq(portalSessions.conversationId, idle.conversationId));
    expect(session!.endedAt).not.toBeNull();
    // Activity after expiry does not revive the session.
    expect((await send(idle.token)).status).toBe(403);
    const polled = await portal(t.app, 'GET', '/portal/poll', { token: idle.token });
    expect(Date.parse(polled.body.data.session_expires_ts)).toBeLessThan(Date.now());
  });

  it('answers TOKEN_EXPIRED once the conversation can no longer be read', async () => {
    const old = await chat();
    await expire(old.conversationId, '31 days');
    const res = await portal(t.app, 'GET', '/portal/poll', { token: old.token });
    expect(errorOf(res, 401)).toMatchObject({ code: 'TOKEN_EXPIRED', details: { app_id: tenant.app.id } });
    const recent = await chat();
    await expire(recent.conversationId, '29 days');
    expect((await portal(t.app, 'GET', '/portal/poll', { token: recent.token })).status).toBe(200);
    const deleted = await chat();
    await t.db.delete(conversations).where(eq(conversations.id, deleted.conversationId));
    for (const path of ['/portal/poll', '/portal/conversation']) {
      const gone = await portal(t.app, 'GET', path, { token: deleted.token });
      expect(errorOf(gone, 401).code).toBe('TOKEN_EXPIRED');
    }
    expect((await send(deleted.token)).body.error.code).toBe('TOKEN_EXPIRED');
  });
});

describe('resolved conversations', () => {
  it('stay readable, refuse sends with CONVERSATION_RESOLVED and never show agent typing', async () => {
    const c = await chat();
    await t.db
      .update(conversations)
      .set({ status: 'resolved', resolvedAt: new Date() })
      .where(eq(conversations.id, c.conversationId));
    const polled = await portal(t.app, 'GET', '/portal/poll', { token: c.token });
    expect(dataOf(polled)).toMatchObject({ conversation_status: 'resolved', is_agent_typing: false });
    const conversation = await portal(t.app, 'GET', '/portal/conversation', { token: c.token });
    expect(conversation.body.data.conversation).toMatchObject({ status: 'resolved', is_resolved: true });
    const sent = await send(c.token);
    expect(errorOf(sent, 403).code).toBe('CONVERSATION_RESOLVED');
    const typing = await portal(t.app, 'POST', '/portal/typing', { token: c.token, body: {} });
    expect(typing.body.error.code).toBe('CONVERSATION_RESOLVED');
    // An expired session does not turn a resolved conversation into a closed one.
    await expire(c.conversationId);
    const later = await portal(t.app, 'GET', '/portal/poll', { token: c.token });
    expect(later.body.data.conversation_status).toBe('resolved');
    expect((await send(c.token)).body.error.code).toBe('CONVERSATION_RESOLVED');
  });
});

describe('rate limits', () => {
  it('limits portal starts per IP and messages per token and per IP, with Retry-After', async () => {
    const limited = await createTestApp({
      portalRateLimit: { startsPerIp: 2, messagesPerIp: 5, messagesPerToken: 3, windowMs: 60_000 },
    });
    try {
      const other = await createTenant(limited.db);
      const a = await startChat(limited.app, other.app.id, { queueId: other.queue.id, ip: '10.0.0.1' });
      await startChat(limited.app, other.app.id, { queueId: other.queue.id, ip: '10.0.0.1' });
      await expect(
        startChat(limited.app, other.app.id, { queueId: other.queue.id, ip: '10.0.0.1' }),
      ).rejects.toThrow(/429/);
      const b = await startChat(limited.app, other.app.id, { queueId: other.queue.id, ip: '10.0.0.2' });
      const sendAs = (token: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/portal/messages',
          remoteAddress: '10.0.0.9',
          headers: { authorization: `Bearer ${token}` },
          payload: { content: 'hi' },
        });
      for (let i = 0; i < 3; i++) expect((await sendAs(a.token)).statusCode).toBe(201);
      const tooMany = await sendAs(a.token);
      expect(tooMany.statusCode).toBe(429);
      expect(tooMany.json().error.code).toBe('RATE_LIMITED');
      expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(0);
      // Another token from the same IP still has its own allowance, until the IP's is spent.
      expect((await sendAs(b.token)).statusCode).toBe(201);
      expect((await sendAs(b.token)).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
