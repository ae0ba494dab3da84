import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf, errorOf, fieldErrorsOf } from '../../../test/answers.ts';
import { createInbox, type Inbox } from '../../../test/conversations.ts';
import { addCompanyMember, createUser } from '../../../test/factories.ts';
import { CSV, PNG } from '../../../test/files.ts';
import { portal } from '../../../test/portal.ts';
import { activities, attachments, conversations, messages, users } from '../../db/schema/index.ts';

let x: Inbox;
beforeAll(async () => {
  x = await createInbox();
});
afterAll(() => x.t.close());

const activityOf = async (conversationId: number, action: string) =>
  x.t.db
    .select()
    .from(activities)
    .where(and(eq(activities.entityId, String(conversationId)), eq(activities.action, action)));

const thread = async (conversationId: number) => {
  const res = await x.as(x.sessions.admin)('GET', '/conversation/poll', {
    query: { conversation_id: conversationId },
  });
  return res.body.data.messages as { sender_type: string; content: string; is_private: boolean }[];
};

describe('assign and unassign', () => {
  it('an agent takes a conversation, and a colleague of the team can be given it', async () => {
    const chat = await x.chat({ name: 'Ann Assign' });
    const agent = x.as(x.sessions.agent);
    const mine = await agent('POST', '/conversation/assign', {
      body: { conversation_id: chat.conversationId, user_id: x.users.agent.id },
    });
    expect(dataOf(mine)).toMatchObject({
      conversation_id: chat.conversationId,
      assigned_user: { user_id: x.users.agent.id, name: x.users.agent.name },
      status: 'open',
    });
    const handed = await agent('POST', '/conversation/assign', {
      body: { conversation_id: chat.conversationId, user_id: x.users.outsider.id },
    });
    expect(handed.status).toBe(200);
    expect(handed.body.data.assigned_user.user_id).toBe(x.users.outsider.id);
    const [log] = await activityOf(chat.conversationId, 'conversation.assigned');
    expect(log).toMatchObject({
      actorUserId: x.users.agent.id,
      entityType: 'conversation',
      companyId: x.company.id,
    });
    const lines = (await thread(chat.conversationId)).filter((m) => m.sender_type === 'system');
    expect(lines.map((m) => [m.content, m.is_private])).toEqual([
      [`Assigned to ${x.users.agent.name} by ${x.users.agent.name}`, true],
      [`Assigned to ${x.users.outsider.name} by ${x.users.agent.name}`, true],
    ]);
    // Console-only lines never reach the customer.
    const seen = await portal(x.t.app, 'GET', '/portal/poll', { token: chat.token });
    expect(seen.body.data.messages.map((m: { sender_type: string }) => m.sender_type)).toEqual(['customer']);
  });

  it('answers 422 on user_id for someone who cannot see the queue or is not in the company', async () => {
    const chat = await x.chat({ name: 'Ned Nope' });
    await x.as(x.sessions.admin)('POST', '/conversation/transfer', {
      body: { conversation_id: chat.conversationId, queue_id: x.privateQueue.id, transfer_reason: 'VIP' },
    });
    const loner = await createUser(x.t.db);
    const suspended = await createUser(x.t.db);
    await addCompanyMember(x.t.db, x.company.id, suspended.id, 'admin');
    await x.t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.id));
    const cases = [
      [x.users.outsider.id, 'This user cannot see the conversation’s queue'],
      [x.users.otherAppAgent.id, 'This user cannot see the conversation’s queue'],
      [x.other.admin.id, 'This user is not an active member of this company'],
      [loner.id, 'This user is not an active member of this company'],
      [suspended.id, 'This user is not an active member of this company'],
      [2_147_483_648, 'This user is not an active member of this company'],
    ] as const;
    for (const [userId, message] of cases) {
      const res = await x.as(x.sessions.admin)('POST', '/conversation/assign', {
        body: { conversation_id: chat.conversationId, user_id: userId },
      });
      expect(fieldErrorsOf(res)).toEqual({ user_id: [message] });
    }
    const ok = await x.as(x.sessions.admin)('POST', '/conversation/assign', {
      body: { conversation_id: chat.conversationId, user_id: x.users.insider.id },
    });
    expect(ok.status).toBe(200);
    // The app manager works every queue of the app, private ones too.
    const toManager = await x.as(x.sessions.insider)('POST', '/conversation/assign', {
      body: { conversation_id: chat.conversationId, user_id: x.users.appManager.id },
    });
    expect(toManager.status).toBe(200);
  });

  it('unassigns, recording who did it and through whom when impersonating', async () => {
    const chat = await x.chat({ name: 'Una Unassign' });
    await x.as(x.sessions.agent)('POST', '/conversation/assign', {
      body: { conversation_id: chat.conversationId, user_id: x.users.agent.id },
    });
    const asAgent = { ...x.sessions.platform, impersonate: x.users.agent.id };
    const res = await x.as(asAgent)('POST', '/conversation/unassign', {
      body: { conversation_id: chat.conversationId },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.assigned_user).toBeNull();
    const [log] = await activityOf(chat.conversationId, 'conversation.unassigned');
    expect(log?.actorUserId).toBe(x.users.agent.id);
    expect(log?.impersonatorUserId).not.toBeNull();
    const again = await x.as(x.sessions.agent)('POST', '/conversation/unassign', {
      body: { conversation_id: chat.conversationId },
    });
    expect(again.status).toBe(200);
    expect(await activityOf(chat.conversationId, 'conversation.unassigned')).toHaveLength(1);
  });
});

describe('transfer', () => {
  it('moves to another queue with a reason and tells the thread', async () => {
    const chat = await x.chat({ name: 'Tom Transfer' });
    const res = await x.as(x.sessions.agent)('POST', '/conversation/transfer', {
      body: {
        conversation_id: chat.conversationId,
        queue_id: x.returns.id,
        transfer_reason: ' Wants a refund ',
      },
    });
    expect(dataOf(res)).toMatchObject({
      queue_id: x.returns.id,
      queue_name: 'Returns',
      assigned_user: null,
    });
    const last = (await thread(chat.conversationId)).at(-1);
    expect(last).toMatchObject({
      sender_type: 'system',
      is_private: true,
      content: `Conversation transferred to Returns by ${x.users.agent.name}: Wants a refund`,
    });
    const [log] = await activityOf(chat.conversationId, 'conversation.transferred');
    expect(log?.details).toMatchObject({
      from_queue_id: x.publicQueue.id,
      to_queue_id: x.returns.id,
      reason: 'Wants a refund',
    });
  });

  it('to a user, or a queue and a user; the assignee stays only if they can work the new queue', async () => {
    const chat = await x.chat({ name: 'Uma User' });
    const ask = x.as(x.sessions.admin);
    const toUser = await ask('POST', '/conversation/transfer', {
      body: {
        conversation_id: chat.conversationId,
        user_id: x.users.agent.id,
        transfer_reason: 'Knows the case',
      },
    });
    expect(toUser.body.data).toMatchObject({
      queue_id: x.publicQueue.id,
      assigned_user: { user_id: x.users.agent.id },
    });
    const toVip = await ask('POST', '/conversation/transfer', {
      body: { conversation_id: chat.conversationId, queue_id: x.privateQueue.id, transfer_reason: 'VIP' },
    });
    expect(toVip.body.data).toMatchObject({ queue_id: x.privateQueue.id, assigned_user: null });
    const both = await ask('POST', '/conversation/transfer', {
      body: {
        conversation_id: chat.conversationId,
        queue_id: x.returns.id,
        user_id: x.users.outsider.id,
        transfer_reason: 'Refund',
      },
    });
    expect(both.body.data).toMatchObject({
      queue_id: x.returns.id,
      assigned_user: { user_id: x.users.outsider.id },
    });
    expect((await thread(chat.conversationId)).at(-1)?.content).toBe(
      `Conversation transferred to Returns (${x.users.outsider.name}) by ${x.users.admin.name}: Refund`,
    );
    const kept = await ask('POST', '/conversation/transfer', {
      body: { conversation_id: chat.conversationId, queue_id: x.publicQueue.id, transfer_reason: 'Back' },
    });
    expect(kept.body.data.assigned_user?.user_id).toBe(x.users.outsider.id);
  });

  it('validates the reason, the target, the queue’s app and the user', async () => {
    const chat = await x.chat({ name: 'Val Valid' });
    const ask = x.as(x.sessions.admin);
    const send = (body: Record<string, unknown>) =>
      ask('POST', '/conversation/transfer', { body: { conversation_id: chat.conversationId, ...body } });
    expect((await send({ queue_id: x.returns.id })).body.errors).toEqual({
      transfer_reason: ['Transfer reason is required'],
    });
    expect((await send({ queue_id: x.returns.id, transfer_reason: '   ' })).body.errors).toEqual({
      transfer_reason: ['Transfer reason is required'],
    });
    expect((await send({ transfer_reason: 'Why' })).body.errors).toEqual({
      queue_id: ['Choose a queue or a user to transfer to'],
    });
    const otherApp = await send({ queue_id: x.otherQueue.id, transfer_reason: 'Why' });
    expect(fieldErrorsOf(otherApp)).toEqual({
      queue_id: ['The queue must be an active queue of the conversation’s app'],
    });
    const foreign = await send({ queue_id: x.other.queue.id, transfer_reason: 'Why' });
    expect(foreign.status).toBe(422);
    const blind = await send({
      queue_id: x.privateQueue.id,
      user_id: x.users.agent.id,
      transfer_reason: 'Why',
    });
    expect(fieldErrorsOf(blind)).toEqual({ user_id: ['This user cannot see the conversation’s queue'] });
    const [row] = await x.t.db.select().from(conversations).where(eq(conversations.id, chat.conversationId));
    expect(row).toMatchObject({ queueId: x.publicQueue.id, assignedUserId: null });
  });
});

describe('resolve', () => {
  it('ends the chat: the portal shows it resolved and the customer can no longer send', async () => {
    const chat = await x.chat({ name: 'Rita Resolve' });
    const res = await x.as(x.sessions.agent)('POST', '/conversation/resolve', {
      body: { conversation_id: chat.conversationId },
    });
    expect(dataOf(res)).toMatchObject({ status: 'resolved', is_resolved: true });
    expect(Date.parse(res.body.data.resolved_ts)).toBeGreaterThan(Date.now() - 60_000);
    const seen = await portal(x.t.app, 'GET', '/portal/poll', { token: chat.token });
    expect(seen.body.data.conversation_status).toBe('resolved');
    const send = await portal(x.t.app, 'POST', '/portal/messages', {
      token: chat.token,
      body: { content: 'Hello?' },
    });
    expect(errorOf(send, 403).code).toBe('CONVERSATION_RESOLVED');
    expect(await activityOf(chat.conversationId, 'conversation.resolved')).toHaveLength(1);
    const again = await x.as(x.sessions.agent)('POST', '/conversation/resolve', {
      body: { conversation_id: chat.conversationId },
    });
    expect(again.status).toBe(200);
    expect(await activityOf(chat.conversationId, 'conversation.resolved')).toHaveLength(1);
  });
});

describe('delete', () => {
  it('removes the conversation, its messages and its files from storage', async () => {
    const chat = await x.chat({ name: 'Dora Delete' });
    const up = await x.upload(x.sessions.agent, chat.conversationId, { name: 'list.csv', data: CSV });
    await x.as(x.sessions.agent)('POST', '/messages', {
      body: {
        conversation_id: chat.conversationId,
        content: 'See file',
        attachments: [up.body.data.attachment_id],
      },
    });
    const unsent = await x.upload(x.sessions.agent, chat.conversationId, { name: 'dot.png', data: PNG });
    const files = await x.t.db
      .select({ key: attachments.storageKey })
      .from(attachments)
      .where(eq(attachments.conversationId, chat.conversationId));
    expect(files).toHaveLength(2);
    const onDisk = files.map((f) => path.join(x.t.config.dataDir, 'attachments', f.key));
    for (const file of onDisk) expect(fs.existsSync(file)).toBe(true);

    const refused = await x.as(x.sessions.agent)('DELETE', '/conversations', {
      query: { id: chat.conversationId },
    });
    expect(refused.status).toBe(403);

    const res = await x.as(x.sessions.appManager)('DELETE', '/conversations', {
      query: { id: chat.conversationId },
    });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    for (const file of onDisk) expect(fs.existsSync(file)).toBe(false);
    expect(
      await x.t.db.select().from(messages).where(eq(messages.conversationId, chat.conversationId)),
    ).toEqual([]);
    expect(unsent.status).toBe(201);
    const gone = await x.as(x.sessions.admin)('GET', '/conversation/poll', {
      query: { conversation_id: chat.conversationId },
    });
    expect(gone.status).toBe(404);
    const token = await portal(x.t.app, 'GET', '/portal/poll', { token: chat.token });
    expect(token.body.error.code).toBe('TOKEN_EXPIRED');
    const [log] = await activityOf(chat.conversationId, 'conversation.deleted');
    expect(log).toMatchObject({ actorUserId: x.users.appManager.id });
    const twice = await x.as(x.sessions.admin)('DELETE', '/conversations', {
      query: { id: chat.conversationId },
    });
    expect(twice.status).toBe(404);
  });

  it('company admins and managers may delete; another company’s id is 404', async () => {
    const one = await x.chat({ name: 'Del One' });
    const two = await x.chat({ name: 'Del Two' });
    expect(
      (await x.as(x.sessions.admin)('DELETE', '/conversations', { query: { id: one.conversationId } }))
        .status,
    ).toBe(200);
    expect(
      (await x.as(x.sessions.manager)('DELETE', '/conversations', { query: { id: two.conversationId } }))
        .status,
    ).toBe(200);
    const theirs = await x.chat({ name: 'Theirs' });
    const foreign = await x.as(x.sessions.stranger)('DELETE', '/conversations', {
      query: { id: theirs.conversationId },
    });
    expect(foreign.status).toBe(404);
  });
});
