import { DEFAULT_CSAT_QUESTION, RATING_SENTENCES } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app.ts';
import { portal, startChat } from '../../../test/portal.ts';
import { type TenantWithSessions, tenantWithSessions } from '../../../test/tenants.ts';

/** Customer satisfaction (contract section 14): the app's setting, the question on resolve, the answer. */
const t = useTestApp();

async function csatOn(a: TenantWithSessions, question?: string) {
  const res = await call(t.app, 'PUT', '/apps', {
    as: a.as.admin,
    query: { id: a.app.id },
    body: { csat: { enabled: true, ...(question ? { question } : {}) } },
  });
  expect(res.status).toBe(200);
  return res;
}

const resolve = (a: TenantWithSessions, id: number) =>
  call(t.app, 'POST', '/conversation/resolve', { as: a.as.agent, body: { conversation_id: id } });

describe('satisfaction ratings', () => {
  it('is off by default, and the app settings take it beside the other fields', async () => {
    const a = await tenantWithSessions(t);
    const app = await call(t.app, 'GET', '/apps', { as: a.as.admin, query: { id: a.app.id } });
    expect(app.body.data.csat).toEqual({ enabled: false, question: DEFAULT_CSAT_QUESTION });
    const on = await csatOn(a, 'Did we help?');
    expect(on.body.data.csat).toEqual({ enabled: true, question: 'Did we help?' });
    const bad = await call(t.app, 'PUT', '/apps', {
      as: a.as.admin,
      query: { id: a.app.id },
      body: { csat: { question: '  ' } },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['csat.question']);
    // Off, a resolution asks nothing.
    const chat = await startChat(t.app, a.app.id, { queueId: a.queue.id });
    await call(t.app, 'PUT', '/apps', {
      as: a.as.admin,
      query: { id: a.app.id },
      body: { csat: { enabled: false } },
    });
    await resolve(a, chat.conversationId);
    const seen = await portal(t.app, 'GET', '/portal/conversation', { token: chat.token });
    expect(seen.body.data.rating_request).toBeNull();
  });

  it('asks the portal customer once per resolution and takes one rating for it', async () => {
    const a = await tenantWithSessions(t);
    await csatOn(a, 'How did we do?');
    const chat = await startChat(t.app, a.app.id, { queueId: a.queue.id });
    const before = await portal(t.app, 'GET', '/portal/poll', { token: chat.token });
    expect(before.body.data.rating_request).toBeNull();
    expect((await resolve(a, chat.conversationId)).status).toBe(200);

    const asked = await portal(t.app, 'GET', '/portal/conversation', { token: chat.token });
    expect(asked.body.data.rating_request).toEqual({ question: 'How did we do?' });
    const polled = await portal(t.app, 'GET', '/portal/poll', { token: chat.token });
    expect(polled.body.data.rating_request).toEqual({ question: 'How did we do?' });

    for (const body of [{ score: 0 }, { score: 6 }, { score: 4.5 }, { score: '5' }, {}]) {
      const bad = await portal(t.app, 'POST', '/portal/rating', { token: chat.token, body });
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(bad.body.errors)).toEqual(['score']);
    }
    const long = await portal(t.app, 'POST', '/portal/rating', {
      token: chat.token,
      body: { score: 5, comment: 'x'.repeat(2001) },
    });
    expect(Object.keys(long.body.errors)).toEqual(['comment']);

    const rated = await portal(t.app, 'POST', '/portal/rating', {
      token: chat.token,
      body: { score: 5, comment: ' Lovely, thanks ' },
    });
    expect(rated.status).toBe(201);
    expect(rated.body.data).toMatchObject({ score: 5, comment: 'Lovely, thanks' });
    const again = await portal(t.app, 'POST', '/portal/rating', { token: chat.token, body: { score: 1 } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(RATING_SENTENCES.alreadyRated);
    const after = await portal(t.app, 'GET', '/portal/poll', { token: chat.token });
    expect(after.body.data.rating_request).toBeNull();

    // The conversation carries it, the console hears it, the feed records it.
    const conv = await call(t.app, 'GET', '/conversation/poll', {
      as: a.as.agent,
      query: { conversation_id: chat.conversationId },
    });
    expect(conv.body.data.conversation.rating).toEqual({
      score: 5,
      comment: 'Lovely, thanks',
      created_ts: rated.body.data.created_ts,
    });
    const events = await t.db.execute<{ type: string; data: Record<string, unknown> }>(
      sql`select type, data from events where conversation_id = ${chat.conversationId} and type = 'conversation.rated'`,
    );
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0]!.data).toMatchObject({ resolved_by_user_id: a.agent.id, rating: { score: 5 } });
    const feed = await call(t.app, 'GET', '/activities', { as: a.as.admin, query: { type: 'conversation' } });
    const line = feed.body.data.find((x: { summary: string }) => x.summary.startsWith('Rated'));
    expect(line).toMatchObject({ summary: expect.stringContaining('5 out of 5') });

    // Reopened and resolved again: asked again, and a new rating is the conversation's latest.
    await call(t.app, 'POST', '/conversation/reopen', {
      as: a.as.agent,
      body: { conversation_id: chat.conversationId },
    });
    const reopened = await portal(t.app, 'GET', '/portal/poll', { token: chat.token });
    expect(reopened.body.data.rating_request).toBeNull();
    await resolve(a, chat.conversationId);
    const second = await portal(t.app, 'POST', '/portal/rating', { token: chat.token, body: { score: 2 } });
    expect(second.status).toBe(201);
    const latest = await call(t.app, 'GET', '/conversation/poll', {
      as: a.as.agent,
      query: { conversation_id: chat.conversationId },
    });
    expect(latest.body.data.conversation.rating).toMatchObject({ score: 2, comment: null });
  });

  it('answers 404 where nothing was asked, and 410 once the week is over', async () => {
    const a = await tenantWithSessions(t);
    const chat = await startChat(t.app, a.app.id, { queueId: a.queue.id });
    const none = await portal(t.app, 'POST', '/portal/rating', { token: chat.token, body: { score: 3 } });
    expect(none.status).toBe(404);
    await csatOn(a);
    await resolve(a, chat.conversationId);
    await t.db.execute(sql`update csat_requests set expires_at = now() - interval '1 second'
      where conversation_id = ${chat.conversationId}`);
    const polled = await portal(t.app, 'GET', '/portal/poll', { token: chat.token });
    expect(polled.body.data.rating_request).toBeNull();
    const late = await portal(t.app, 'POST', '/portal/rating', { token: chat.token, body: { score: 3 } });
    expect(late.status).toBe(410);
    expect(late.body.message).toBe(RATING_SENTENCES.expired);
  });

  it('asks each conversation a bulk resolve resolves, and takes one of two answers given at once', async () => {
    const a = await tenantWithSessions(t);
    await csatOn(a);
    const chats = [
      await startChat(t.app, a.app.id, { queueId: a.queue.id }),
      await startChat(t.app, a.app.id, { queueId: a.queue.id }),
    ];
    const bulk = await call(t.app, 'POST', '/conversations/bulk', {
      as: a.as.agent,
      body: { action: 'resolve', conversation_ids: chats.map((c) => c.conversationId) },
    });
    expect(bulk.status).toBe(200);
    for (const chat of chats) {
      const seen = await portal(t.app, 'GET', '/portal/poll', { token: chat.token });
      expect(seen.body.data.rating_request).toEqual({ question: DEFAULT_CSAT_QUESTION });
    }
    const both = await Promise.all(
      [5, 1].map((score) =>
        portal(t.app, 'POST', '/portal/rating', { token: chats[0]!.token, body: { score } }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    const events = await t.db.execute(sql`select 1 from events
      where conversation_id = ${chats[0]!.conversationId} and type = 'conversation.rated'`);
    expect(events.rows).toHaveLength(1);
  });
});
