import { ConversationPoll } from '@inbox/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useInbox } from '../../../test/conversations.ts';
import { portal } from '../../../test/portal.ts';
import { companies, conversations } from '../../db/schema/index.ts';

/** The inbox poll's other parts: the open conversation, unread counts and the dashboard (`poll.test.ts`: the list). */
const { x, poll, freshApp } = useInbox();

describe('an open conversation in the poll', () => {
  it('answers the conversation, messages after last_message_id, and who else is typing', async () => {
    const chat = await x.chat({ name: 'Tina Typing', message: 'First' });
    const agent = x.as(x.sessions.agent);
    await agent('POST', '/messages', { body: { conversation_id: chat.conversationId, content: 'Reply' } });
    await agent('POST', '/messages', {
      body: { conversation_id: chat.conversationId, content: 'Note', is_private: true },
    });
    const full = await poll('admin', { conversation_id: chat.conversationId });
    // The answer is serialized without zod's run-time check (lean-serializer.ts): it must be the contract's
    // shape as it is, nothing missing, nothing extra.
    expect(ConversationPoll.parse(full)).toEqual(full);
    expect(full.conversation).toMatchObject({
      conversation_id: chat.conversationId,
      status: 'pending',
      customer: { name: 'Tina Typing' },
      can_delete: true,
    });
    expect(full.messages!.map((m) => [m.sender_type, m.content, m.is_private])).toEqual([
      ['customer', 'First', false],
      ['agent', 'Reply', false],
      ['agent', 'Note', true],
    ]);
    const after = await poll('admin', {
      conversation_id: chat.conversationId,
      last_message_id: full.messages![0]!.message_id,
    });
    expect(after.messages!.map((m) => m.content)).toEqual(['Reply', 'Note']);
    expect((await poll('agent', { conversation_id: chat.conversationId })).conversation!.can_delete).toBe(
      false,
    );

    expect((await portal(x.t.app, 'POST', '/portal/typing', { token: chat.token, body: {} })).status).toBe(
      200,
    );
    const typed = await agent('POST', '/conversation/typing', {
      body: { conversation_id: chat.conversationId },
    });
    expect(typed.status).toBe(200);
    expect(typed.body.data.conversation_id).toBe(chat.conversationId);
    expect((await poll('admin', { conversation_id: chat.conversationId })).typing).toEqual([
      { user_id: x.users.agent.id, name: x.users.agent.name },
      { customer: true },
    ]);
    expect((await poll('agent', { conversation_id: chat.conversationId })).typing).toEqual([
      { customer: true },
    ]);
    const customerSide = await portal(x.t.app, 'GET', '/portal/poll', { token: chat.token });
    expect(customerSide.body.data.is_agent_typing).toBe(true);
  });
});

describe('unread counts', () => {
  it('count customer messages after the reader’s marker and go to 0 after /read', async () => {
    const { app, chat } = await freshApp('Unread');
    const c = await chat({ name: 'Uri Unread' });
    const count = async (who: 'agent' | 'admin') =>
      (await poll(who, { app_id: app.id })).conversations.find((s) => s.conversation_id === c.conversationId)!
        .unread_count;
    expect(await count('agent')).toBe(1);
    const read = await x.as(x.sessions.agent)('POST', '/conversation/read', {
      body: { conversation_id: c.conversationId },
    });
    expect(read.status).toBe(200);
    expect(read.body.data.unread_count).toBe(0);
    expect(await count('admin')).toBe(1);

    const sent: number[] = [];
    for (const content of ['Two', 'Three']) {
      const res = await portal(x.t.app, 'POST', '/portal/messages', { token: c.token, body: { content } });
      sent.push(res.body.data.message_id);
    }
    expect(await count('agent')).toBe(2);
    await x.as(x.sessions.agent)('POST', '/conversation/read', {
      body: { conversation_id: c.conversationId, last_message_id: sent[0] },
    });
    expect(await count('agent')).toBe(1);
    // A late read from an older tab does not bring messages back.
    await x.as(x.sessions.agent)('POST', '/conversation/read', {
      body: { conversation_id: c.conversationId, last_message_id: 1 },
    });
    expect(await count('agent')).toBe(1);
    // Replying marks the thread read for the one who replied.
    await x.as(x.sessions.admin)('POST', '/messages', {
      body: { conversation_id: c.conversationId, content: 'Done' },
    });
    expect(await count('admin')).toBe(0);
    expect(await count('agent')).toBe(1);
  });
});

describe('the dashboard', () => {
  it('counts what the caller can see, with resolved today in the company’s timezone', async () => {
    const { app, chat } = await freshApp('Dash');
    const open = await chat({ name: 'Dash Open' });
    const pending = await chat({ name: 'Dash Pending' });
    const resolved = await chat({ name: 'Dash Resolved' });
    const yesterday = await chat({ name: 'Dash Yesterday' });
    const admin = x.as(x.sessions.admin);
    await admin('POST', '/messages', { body: { conversation_id: pending.conversationId, content: 'Hello' } });
    await admin('POST', '/conversation/assign', {
      body: { conversation_id: pending.conversationId, user_id: x.users.admin.id },
    });
    for (const c of [resolved, yesterday]) {
      await admin('POST', '/conversation/resolve', { body: { conversation_id: c.conversationId } });
    }
    // UTC+14: its midnight is a different instant from UTC's, and a minute before it is "yesterday".
    await x.t.db.update(companies).set({ timezone: 'Etc/GMT-14' }).where(eq(companies.id, x.company.id));
    const shifted = new Date(Date.now() + 14 * 3600_000);
    const midnight =
      Date.UTC(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()) - 14 * 3600_000;
    await x.t.db
      .update(conversations)
      .set({ resolvedAt: new Date(midnight - 60_000) })
      .where(eq(conversations.id, yesterday.conversationId));

    const res = await admin('GET', '/dashboards', { query: { app_id: app.id, limit: 2 } });
    expect(res.status).toBe(200);
    expect(res.body.data.counts).toEqual({ open: 1, pending: 1, resolved_today: 1, unassigned: 1, mine: 1 });
    expect(res.body.data.conversations).toHaveLength(2);
    expect(res.body.data.conversations.map((c: { conversation_id: number }) => c.conversation_id)).toEqual([
      yesterday.conversationId,
      resolved.conversationId,
    ]);
    expect(open.conversationId).toBeLessThan(resolved.conversationId);

    const forOther = await x.as(x.sessions.otherAppAgent)('GET', '/dashboards');
    expect(forOther.body.data.counts).toEqual({
      open: 0,
      pending: 0,
      resolved_today: 0,
      unassigned: 0,
      mine: 0,
    });
    const hidden = await x.as(x.sessions.otherAppAgent)('GET', '/dashboards', { query: { app_id: app.id } });
    expect(hidden.status).toBe(404);
  });
});
