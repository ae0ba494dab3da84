import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInbox, type Inbox } from '../../../test/conversations.ts';

let x: Inbox;
beforeAll(async () => {
  x = await createInbox({ autoAssignOnReply: true });
});
afterAll(() => x.t.close());

const reply = (conversationId: number, content: string, isPrivate = false) =>
  x.as(x.sessions.agent)('POST', '/messages', {
    body: { conversation_id: conversationId, content, is_private: isPrivate },
  });

const open = async (conversationId: number) => {
  const res = await x.as(x.sessions.admin)('GET', '/conversation/poll', {
    query: { conversation_id: conversationId },
  });
  return res.body.data as {
    conversation: { assigned_user: { user_id: number } | null };
    messages: { sender_type: string; content: string }[];
  };
};

const setting = (value: unknown) =>
  x.as(x.sessions.admin)('PUT', '/companies', {
    query: { id: x.company.id },
    body: { auto_assign_on_reply: value },
  });

describe('auto_assign_on_reply', () => {
  it('is on for a new company', async () => {
    const res = await x.as(x.sessions.stranger)('GET', '/companies', { query: { id: x.other.company.id } });
    expect(res.body.data.auto_assign_on_reply).toBe(true);
  });

  it('on: a reply to an unassigned conversation assigns it to the replier, and the thread says so', async () => {
    const chat = await x.chat({ name: 'Ada Auto' });
    const note = await reply(chat.conversationId, 'Looking into it', true);
    expect(note.status).toBe(201);
    expect((await open(chat.conversationId)).conversation.assigned_user).toBeNull();
    expect((await reply(chat.conversationId, 'Hello, I can help')).status).toBe(201);
    const after = await open(chat.conversationId);
    expect(after.conversation.assigned_user?.user_id).toBe(x.users.agent.id);
    expect(after.messages.at(-1)).toMatchObject({
      sender_type: 'system',
      content: `Assigned to ${x.users.agent.name} on replying`,
    });
  });

  it('on: a conversation someone holds stays theirs', async () => {
    const chat = await x.chat({ name: 'Hal Held' });
    await x.as(x.sessions.admin)('POST', '/conversation/assign', {
      body: { conversation_id: chat.conversationId, user_id: x.users.insider.id },
    });
    await reply(chat.conversationId, 'Jumping in');
    expect((await open(chat.conversationId)).conversation.assigned_user?.user_id).toBe(x.users.insider.id);
  });

  it('off: replies leave the conversation unassigned; the company admin switches it', async () => {
    const off = await setting(false);
    expect(off.status).toBe(200);
    expect(off.body.data.auto_assign_on_reply).toBe(false);
    const chat = await x.chat({ name: 'Otto Off' });
    await reply(chat.conversationId, 'Hello');
    const after = await open(chat.conversationId);
    expect(after.conversation.assigned_user).toBeNull();
    expect(after.messages.map((m) => m.sender_type)).toEqual(['customer', 'agent']);
    const bad = await setting('yes');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['auto_assign_on_reply']);
    const agent = await x.as(x.sessions.agent)('PUT', '/companies', {
      query: { id: x.company.id },
      body: { auto_assign_on_reply: true },
    });
    expect(agent.status).toBe(403);
    expect((await setting(true)).body.data.auto_assign_on_reply).toBe(true);
  });
});
