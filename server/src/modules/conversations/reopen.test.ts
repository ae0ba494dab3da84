import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, errorOf } from '../../../test/answers.ts';
import { createInbox, type Inbox } from '../../../test/conversations.ts';
import { portal } from '../../../test/portal.ts';
import { activities } from '../../db/schema/index.ts';
import { NOT_ENDED } from './actions.ts';

let x: Inbox;
beforeAll(async () => {
  x = await createInbox();
});
afterAll(() => x.t.close());

const post = (session: keyof Inbox['sessions'], path: string, conversationId: unknown) =>
  x.as(x.sessions[session])('POST', path, { body: { conversation_id: conversationId } });

const lastLine = async (conversationId: number) => {
  const res = await x.as(x.sessions.admin)('GET', '/conversation/poll', {
    query: { conversation_id: conversationId },
  });
  return res.body.data.messages.at(-1) as { sender_type: string; content: string; is_private: boolean };
};

/** A chat of the public queue held by the agent, then resolved. */
const resolvedChat = async (name: string) => {
  const chat = await x.chat({ name });
  await x.as(x.sessions.agent)('POST', '/conversation/assign', {
    body: { conversation_id: chat.conversationId, user_id: x.users.agent.id },
  });
  expect((await post('agent', '/conversation/resolve', chat.conversationId)).status).toBe(200);
  return chat;
};

describe('POST /conversation/reopen', () => {
  it('reopens a resolved conversation as open, keeping its assignee, and the thread says who', async () => {
    const chat = await resolvedChat('Rhea Reopen');
    const res = await post('agent', '/conversation/reopen', chat.conversationId);
    expect(dataOf(res)).toMatchObject({
      conversation_id: chat.conversationId,
      status: 'open',
      is_resolved: false,
      assigned_user: { user_id: x.users.agent.id },
    });
    expect(await lastLine(chat.conversationId)).toMatchObject({
      sender_type: 'system',
      is_private: true,
      content: `Reopened by ${x.users.agent.name}`,
    });
    const logs = await x.t.db
      .select()
      .from(activities)
      .where(
        and(
          eq(activities.entityId, String(chat.conversationId)),
          eq(activities.action, 'conversation.reopened'),
        ),
      );
    expect(logs).toHaveLength(1);
    expect(logs[0]?.details).toMatchObject({ from_status: 'resolved', to_status: 'open' });
  });

  it('reopens a closed conversation; the customer’s expired session stays ended', async () => {
    const chat = await x.chat({ name: 'Cal Closed' });
    await x.expirePortal(chat.conversationId);
    const closed = await portal(x.t.app, 'GET', '/portal/poll', { token: chat.token });
    expect(closed.body.data.conversation_status).toBe('closed');
    const res = await post('manager', '/conversation/reopen', chat.conversationId);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('open');
    const send = await portal(x.t.app, 'POST', '/portal/messages', {
      token: chat.token,
      body: { content: 'Still there?' },
    });
    expect(errorOf(send, 403).code).toBe('CONVERSATION_CLOSED');
  });

  it('answers 409 for a conversation that is open or pending, and changes nothing', async () => {
    const chat = await x.chat({ name: 'Otto Open' });
    const res = await post('admin', '/conversation/reopen', chat.conversationId);
    expect(errorOf(res, 409).code).toBe('CONFLICT');
    expect(res.body.message).toBe(NOT_ENDED);
    await x.as(x.sessions.agent)('POST', '/messages', {
      body: { conversation_id: chat.conversationId, content: 'On it' },
    });
    const pending = await post('agent', '/conversation/reopen', chat.conversationId);
    expect(pending.status).toBe(409);
    expect(await lastLine(chat.conversationId)).toMatchObject({ sender_type: 'agent', content: 'On it' });
  });

  it('answers 404 out of the caller’s sight and for another company, 422 for a malformed id', async () => {
    const chat = await resolvedChat('Hana Hidden');
    // Assigned to a colleague in a public queue: out of an app agent's sight who is in no queue.
    expect((await post('outsider', '/conversation/reopen', chat.conversationId)).status).toBe(404);
    expect((await post('otherAppAgent', '/conversation/reopen', chat.conversationId)).status).toBe(404);
    const foreign = await post('stranger', '/conversation/reopen', chat.conversationId);
    expect(errorOf(foreign, 404).code).toBe('NOT_FOUND');
    expect((await post('admin', '/conversation/reopen', 2_147_483_647)).status).toBe(404);
    const bad = await post('admin', '/conversation/reopen', 'abc');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['conversation_id']);
    const seen = await x.as(x.sessions.admin)('GET', '/conversation/poll', {
      query: { conversation_id: chat.conversationId },
    });
    expect(seen.body.data.conversation.status).toBe('resolved');
    // Company admins, managers and the app's managers may reopen what they see.
    expect((await post('appManager', '/conversation/reopen', chat.conversationId)).status).toBe(200);
  });

  it('names the platform admin behind an impersonated reopen', async () => {
    const chat = await resolvedChat('Ivo Impersonated');
    const res = await x.as({ ...x.sessions.platform, impersonate: x.users.agent.id })(
      'POST',
      '/conversation/reopen',
      { body: { conversation_id: chat.conversationId } },
    );
    expect(res.status).toBe(200);
    expect((await lastLine(chat.conversationId)).content).toBe(
      `Reopened by ${x.users.agent.name} (via Pat Platform)`,
    );
  });
});
