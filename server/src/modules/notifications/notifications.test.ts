import { defaultNotificationPreferences, EMAIL_DELAY_SENTENCE } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { before, call, useTestApp } from '../../../test/app.ts';
import * as make from '../../../test/factories.ts';
import {
  bell,
  holdNotifications,
  noteMentioning,
  notifyNow,
  replayNotifications,
} from '../../../test/notifications.ts';
import { portal, startChat } from '../../../test/portal.ts';
import { signIn, tenantWithSessions } from '../../../test/tenants.ts';
import { recordEvent } from '../events/record.ts';

/**
 * Notifications as their recipients read them (contract section 14): who is told of what, once, never of
 * their own doing nor of what they cannot see, as their preferences say.
 */
const t = useTestApp();
const s = before(async () => {
  await holdNotifications(t);
  const tenant = await tenantWithSessions(t);
  const other = await tenantWithSessions(t);
  const lead = await make.createUser(t.db, { name: 'Quinn Lead' });
  await make.addCompanyMember(t.db, tenant.company.id, lead.id, 'agent');
  await make.addQueueMember(t.db, tenant.queue, lead.id, 'manager');
  return { tenant, other, lead, leadSession: await signIn(t, lead, tenant.company) };
});

const types = async (as: Parameters<typeof bell>[1]) => (await bell(t, as)).data.map((n) => n.type);

describe('notifications', () => {
  it('tells a mentioned colleague once, with the unread count, and marks read one or all', async () => {
    const chat = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
    await noteMentioning(t, s.tenant.as.admin, chat.conversationId, [s.tenant.agent.id, s.tenant.admin.id]);
    await notifyNow(t);
    await replayNotifications(t);
    const list = await bell(t, s.tenant.as.agent);
    const mentions = list.data.filter((n) => n.type === 'mentioned');
    expect(mentions).toHaveLength(1);
    expect(mentions[0]).toMatchObject({
      conversation_id: chat.conversationId,
      actor: { user_id: s.tenant.admin.id, name: 'Ada Admin' },
      read_ts: null,
    });
    expect(mentions[0]!.summary).toMatch(/^Ada Admin mentioned you in conversation #\d+$/);
    // Mentioning oneself is one's own doing.
    expect(await types(s.tenant.as.admin)).not.toContain('mentioned');
    const unread = list.meta.unread_count;
    expect(unread).toBeGreaterThan(0);

    const one = await call(t.app, 'POST', '/notifications/read', {
      as: s.tenant.as.agent,
      body: { notification_ids: [mentions[0]!.notification_id] },
    });
    expect(one.body.data.unread_count).toBe(unread - 1);
    const left = await bell(t, s.tenant.as.agent, { unread: 'true' });
    expect(left.data.map((n) => n.notification_id)).not.toContain(mentions[0]!.notification_id);
    await call(t.app, 'POST', '/notifications/read', { as: s.tenant.as.agent, body: { all: true } });
    expect((await bell(t, s.tenant.as.agent)).meta.unread_count).toBe(0);
  });

  it('makes one batch of several companies’ events, each person told of their own, once', async () => {
    const here = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
    const there = await startChat(t.app, s.other.app.id, { queueId: s.other.queue.id });
    const hereLists = (await bell(t, s.tenant.as.agent)).meta.total;
    const thereLists = (await bell(t, s.other.as.agent)).meta.total;
    // Written before the consumer runs, so one batch holds both companies' events.
    await noteMentioning(t, s.tenant.as.admin, here.conversationId, [s.tenant.agent.id]);
    await noteMentioning(t, s.other.as.admin, there.conversationId, [s.other.agent.id]);
    await noteMentioning(t, s.tenant.as.manager, here.conversationId, [s.tenant.agent.id, s.tenant.admin.id]);
    await notifyNow(t);
    await replayNotifications(t);
    const mine = await bell(t, s.tenant.as.agent);
    expect(mine.meta.total).toBe(hereLists + 2);
    expect(mine.data.slice(0, 2).map((n) => [n.conversation_id, n.actor?.name])).toEqual([
      [here.conversationId, s.tenant.manager.name],
      [here.conversationId, 'Ada Admin'],
    ]);
    const theirs = await bell(t, s.other.as.agent);
    expect(theirs.meta.total).toBe(thereLists + 1);
    expect(theirs.data[0]).toMatchObject({ conversation_id: there.conversationId, type: 'mentioned' });
  });

  it('marks read the notifications of one conversation, and nothing of another person’s', async () => {
    const a = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
    const b = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
    await noteMentioning(t, s.tenant.as.admin, a.conversationId, [s.tenant.agent.id]);
    await noteMentioning(t, s.tenant.as.manager, a.conversationId, [s.tenant.agent.id]);
    await noteMentioning(t, s.tenant.as.admin, b.conversationId, [s.tenant.agent.id]);
    await notifyNow(t);
    const unreadOf = async (conversationId: number) =>
      (await bell(t, s.tenant.as.agent, { unread: 'true', limit: 100 })).data.filter(
        (n) => n.conversation_id === conversationId,
      ).length;
    expect([await unreadOf(a.conversationId), await unreadOf(b.conversationId)]).toEqual([2, 1]);
    // Another company's admin naming the conversation is answered as for one that does not exist.
    const theirs = await call(t.app, 'POST', '/notifications/read', {
      as: s.other.as.admin,
      body: { conversation_id: a.conversationId },
    });
    expect(theirs.status).toBe(404);
    expect(await unreadOf(a.conversationId)).toBe(2);
    const before = (await bell(t, s.tenant.as.agent)).meta.unread_count;
    const res = await call(t.app, 'POST', '/notifications/read', {
      as: s.tenant.as.agent,
      body: { conversation_id: a.conversationId },
    });
    expect(res.body.data.unread_count).toBe(before - 2);
    expect([await unreadOf(a.conversationId), await unreadOf(b.conversationId)]).toEqual([0, 1]);
    const bad = await call(t.app, 'POST', '/notifications/read', {
      as: s.tenant.as.agent,
      body: { conversation_id: 'x' },
    });
    expect(bad.status).toBe(422);
  });

  it('tells an assignee, not someone assigning themself, and the assignee of a customer’s reply', async () => {
    const chat = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
    await call(t.app, 'POST', '/conversation/assign', {
      as: s.tenant.as.manager,
      body: { conversation_id: chat.conversationId, user_id: s.tenant.manager.id },
    });
    await call(t.app, 'POST', '/conversation/assign', {
      as: s.tenant.as.manager,
      body: { conversation_id: chat.conversationId, user_id: s.tenant.agent.id },
    });
    await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body: { content: 'Any news?' } });
    await notifyNow(t);
    const mine = (await bell(t, s.tenant.as.agent)).data.filter(
      (n) => n.conversation_id === chat.conversationId,
    );
    expect(mine.map((n) => n.type)).toEqual(['customer_replied', 'assigned']);
    expect(mine[1]!.summary).toMatch(/^Max Manager assigned conversation #\d+ to you$/);
    expect(mine[0]!.actor).toBeNull();
    const managers = (await bell(t, s.tenant.as.manager)).data.filter(
      (n) => n.conversation_id === chat.conversationId,
    );
    expect(managers).toEqual([]);
  });

  it('tells no one of a conversation they cannot see when the event is handled', async () => {
    const chat = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
    await noteMentioning(t, s.tenant.as.admin, chat.conversationId, [s.tenant.agent.id]);
    // Before the consumer gets to it, the agent leaves the queue (and so loses sight of it).
    await t.db.execute(
      sql`delete from queue_members where queue_id = ${s.tenant.queue.id} and user_id = ${s.tenant.agent.id}`,
    );
    await t.db.execute(
      sql`delete from app_members where app_id = ${s.tenant.app.id} and user_id = ${s.tenant.agent.id}`,
    );
    try {
      await notifyNow(t);
      const agents = (await bell(t, s.tenant.as.agent)).data.filter(
        (n) => n.conversation_id === chat.conversationId,
      );
      expect(agents).toEqual([]);
    } finally {
      await make.addAppMember(t.db, s.tenant.app, s.tenant.agent.id, 'agent');
      await make.addQueueMember(t.db, s.tenant.queue, s.tenant.agent.id);
    }
  });

  it('tells whoever snoozed it when the snooze ends, and the queue’s members of a new conversation when they want it', async () => {
    const chat = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
    const snoozed = await call(t.app, 'POST', '/conversation/snooze', {
      as: s.tenant.as.agent,
      body: { conversation_id: chat.conversationId, until_ts: null },
    });
    expect(snoozed.status).toBe(200);
    await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body: { content: 'Hello again' } });
    await notifyNow(t);
    const ended = (await bell(t, s.tenant.as.agent)).data.filter(
      (n) => n.conversation_id === chat.conversationId,
    );
    expect(ended.map((n) => n.type)).toEqual(['snooze_ended']);

    // Off by default; switched on, the queue's members hear of each new conversation.
    const prefs = defaultNotificationPreferences();
    prefs.types.new_conversation = { in_app: true, email: false, push: false };
    await call(t.app, 'PUT', '/profile/notification-preferences', { as: s.leadSession, body: prefs });
    const next = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
    await notifyNow(t);
    const about = (as: typeof s.leadSession) =>
      bell(t, as).then((l) => l.data.filter((n) => n.conversation_id === next.conversationId));
    expect((await about(s.leadSession)).map((n) => n.type)).toEqual(['new_conversation']);
    expect(await about(s.tenant.as.agent)).toEqual([]);
  });

  it('tells the assignee of a missed due time, or the queue’s managers while no one has it', async () => {
    const chat = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
    const breach = (kind: string) =>
      recordEvent(t.db, {
        type: 'conversation.sla_breached',
        companyId: s.tenant.company.id,
        appId: s.tenant.app.id,
        conversationId: chat.conversationId,
        actor: { type: 'system' },
        data: { kind },
      });
    await breach('first_response');
    await notifyNow(t);
    const breaches = async () =>
      (await bell(t, s.leadSession)).data.filter(
        (n) => n.conversation_id === chat.conversationId && n.type === 'sla_breached',
      );
    expect((await breaches()).map((n) => n.summary)).toEqual([
      expect.stringMatching(/missed its first response time$/),
    ]);
    await call(t.app, 'POST', '/conversation/assign', {
      as: s.tenant.as.manager,
      body: { conversation_id: chat.conversationId, user_id: s.tenant.agent.id },
    });
    await breach('resolution');
    await notifyNow(t);
    const agent = (await bell(t, s.tenant.as.agent)).data.filter(
      (n) => n.conversation_id === chat.conversationId,
    );
    expect(agent.map((n) => n.type)).toEqual(['sla_breached', 'assigned']);
    expect(agent[0]!.summary).toMatch(/missed its resolution time$/);
    expect(await breaches()).toHaveLength(1);
  });

  it('makes nothing shown in the app for a type switched off there', async () => {
    const prefs = defaultNotificationPreferences();
    prefs.types.mentioned = { in_app: false, email: false, push: false };
    await call(t.app, 'PUT', '/profile/notification-preferences', { as: s.leadSession, body: prefs });
    const chat = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
    await noteMentioning(t, s.tenant.as.admin, chat.conversationId, [s.lead.id]);
    await notifyNow(t);
    expect(
      (await bell(t, s.leadSession)).data.filter((n) => n.conversation_id === chat.conversationId),
    ).toEqual([]);
    await call(t.app, 'PUT', '/profile/notification-preferences', {
      as: s.leadSession,
      body: defaultNotificationPreferences(),
    });
  });

  it('keeps each person’s list to their own, in the company of the request', async () => {
    const before = await bell(t, s.tenant.as.agent);
    expect(before.data.length).toBeGreaterThan(0);
    // Another company's admin reads and marks nothing of theirs.
    expect((await bell(t, s.other.as.admin)).data).toEqual([]);
    const ids = before.data.map((n) => n.notification_id);
    const res = await call(t.app, 'POST', '/notifications/read', {
      as: s.other.as.admin,
      body: { notification_ids: ids },
    });
    expect(res.status).toBe(200);
    expect((await bell(t, s.tenant.as.agent)).data.map((n) => n.read_ts)).toEqual(
      before.data.map((n) => n.read_ts),
    );
  });
});

describe('notification preferences', () => {
  it('answers the defaults, saves a choice, and refuses a delay out of range', async () => {
    const as = s.other.as.agent;
    const first = await call(t.app, 'GET', '/profile/notification-preferences', { as });
    expect(first.body.data).toEqual(defaultNotificationPreferences());
    expect(first.body.data.types.new_conversation).toEqual({ in_app: false, email: false, push: false });
    expect(first.body.data.types.sla_breached).toEqual({ in_app: true, email: true, push: true });
    expect(first.body.data.types.customer_replied).toEqual({ in_app: true, email: false, push: true });
    expect(first.body.data.email_delay_minutes).toBe(5);
    for (const bad of [1441, -1, 2.5]) {
      const res = await call(t.app, 'PUT', '/profile/notification-preferences', {
        as,
        body: { ...first.body.data, email_delay_minutes: bad },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors.email_delay_minutes).toEqual([EMAIL_DELAY_SENTENCE]);
    }
    const saved = await call(t.app, 'PUT', '/profile/notification-preferences', {
      as,
      body: { ...first.body.data, email_delay_minutes: 1440 },
    });
    expect(saved.status).toBe(200);
    const again = await call(t.app, 'GET', '/profile/notification-preferences', { as });
    expect(again.body.data.email_delay_minutes).toBe(1440);
  });
});
