import type { InboxEvent } from '@inbox/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInbox, type Inbox, inboxLists } from '../../../test/conversations.ts';
import {
  addAppMember,
  addCompanyMember,
  createApp,
  createQueue,
  createUser,
} from '../../../test/factories.ts';
import { portal, startChat } from '../../../test/portal.ts';
import { openStream } from '../../../test/sse.ts';
import { queues } from '../../db/schema/index.ts';
import { closeExpiredSessions } from '../portal/expiry.ts';

// Every change of a conversation's status, queue or assignee made by something other than an agent's action
// (a queue deleted, an account deleted or suspended, a portal session run out) shows in the thread and in
// the events, as an agent's action does (issue 43, decision 044).
let x: Inbox;
let base = '';
const streams: Awaited<ReturnType<typeof openStream>>[] = [];
beforeAll(async () => {
  x = await createInbox();
  base = await x.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of streams) await s.close();
  await x.t.close();
});

/** The company admin's live stream from now on: every event of the company. */
async function adminStream() {
  const ticket = await x.as(x.sessions.admin)('POST', '/events/ticket');
  expect(ticket.status).toBe(200);
  const s = await openStream(`${base}/api/v1/events/stream?ticket=${ticket.body.data.ticket}`);
  streams.push(s);
  return s;
}

const view = async (id: number) => {
  const res = await x.as(x.sessions.admin)('GET', '/conversation/poll', { query: { conversation_id: id } });
  expect(res.status).toBe(200);
  return res.body.data as {
    conversation: { queue_id: number | null; status: string; assigned_user: { user_id: number } | null };
    messages: { sender_type: string; content: string; is_private: boolean }[];
  };
};
const systemLines = async (id: number) =>
  (await view(id)).messages.filter((m) => m.sender_type === 'system').map((m) => m.content);

const total = async (query: Record<string, string | number>) => {
  const res = await x.as(x.sessions.admin)('GET', '/conversation/poll', { query: { limit: 100, ...query } });
  expect(res.status).toBe(200);
  return { total: res.body.data.total as number, rows: res.body.data.conversations.length as number };
};

/** The events of a type about these conversations that the stream has brought (waiting for them all). */
async function eventsAbout(
  s: Awaited<ReturnType<typeof openStream>>,
  type: string,
  ids: number[],
  expected = ids.length,
) {
  const about = (es: InboxEvent[]) => es.filter((e) => e.type === type && ids.includes(e.conversation_id!));
  await s.until((es) => about(es).length >= expected);
  // A moment more, so a doubled event would show.
  await new Promise((r) => setTimeout(r, 300));
  return about(s.events());
}

const admin = () => x.users.admin.name;

describe('deleting a queue', () => {
  it('moves every conversation of it out of the queue, with a line and an event each; totals stay exact', async () => {
    const doomed = await createQueue(x.t.db, x.app, { name: 'Doomed' });
    const chat = (name: string) => x.chat({ name, queueId: doomed.id });
    const open = (await chat('Olive Open')).conversationId;
    const pending = (await chat('Pete Pending')).conversationId;
    const resolved = (await chat('Rita Resolved')).conversationId;
    const reply = await x.as(x.sessions.admin)('POST', '/messages', {
      body: { conversation_id: pending, content: 'On it' },
    });
    expect(reply.status).toBe(201);
    const done = await x.as(x.sessions.admin)('POST', '/conversation/resolve', {
      body: { conversation_id: resolved },
    });
    expect(done.status).toBe(200);
    const theirs = await startChat(x.t.app, x.other.app.id, { queueId: x.other.queue.id, ip: '10.9.9.9' });
    const before = {
      app: await total({ app_id: x.app.id }),
      open: await total({ app_id: x.app.id, status: 'open' }),
      pending: await total({ app_id: x.app.id, status: 'pending' }),
      resolved: await total({ app_id: x.app.id, status: 'resolved' }),
    };
    const stream = await adminStream();

    const res = await x.as(x.sessions.admin)('DELETE', '/queues', { query: { id: doomed.id } });
    expect(res.status).toBe(200);

    const ids = [open, pending, resolved];
    for (const [id, status] of [
      [open, 'open'],
      [pending, 'pending'],
      [resolved, 'resolved'],
    ] as const) {
      const v = await view(id);
      expect(v.conversation).toMatchObject({ queue_id: null, status });
      expect(v.messages.at(-1)).toMatchObject({
        sender_type: 'system',
        is_private: true,
        content: `Moved out of the queue Doomed, which ${admin()} deleted`,
      });
    }
    const moved = await eventsAbout(stream, 'conversation.transferred', ids);
    expect(moved).toHaveLength(3);
    for (const e of moved) {
      expect(e.data).toMatchObject({ from: doomed.id, to: null, previous: { queue_id: doomed.id } });
      expect((e.data.conversation as { queue_id: number | null }).queue_id).toBeNull();
      expect(e.actor).toEqual({ type: 'user', id: x.users.admin.id });
    }
    // The list's totals count the same conversations, now without a queue.
    expect(await total({ app_id: x.app.id })).toEqual(before.app);
    expect(await total({ app_id: x.app.id, status: 'open' })).toEqual(before.open);
    expect(await total({ app_id: x.app.id, status: 'pending' })).toEqual(before.pending);
    expect(await total({ app_id: x.app.id, status: 'resolved' })).toEqual(before.resolved);
    // Another company's conversation is untouched.
    const other = await x.as(x.sessions.stranger)('GET', '/conversation/poll', {
      query: { conversation_id: theirs.conversationId },
    });
    expect(other.body.data.conversation.queue_id).toBe(x.other.queue.id);
    expect(
      other.body.data.messages.filter((m: { sender_type: string }) => m.sender_type === 'system'),
    ).toEqual([]);
  });

  it('moves a thousand conversations in one request, each with its line and event', async () => {
    const big = await createQueue(x.t.db, x.app, { name: 'Busy' });
    await inboxLists(() => x).crowd(x.app, big, 'Many Customer', 'busy', 1000);
    const before = await total({ app_id: x.app.id });
    const stream = await adminStream();
    const res = await x.as(x.sessions.admin)('DELETE', '/queues', { query: { id: big.id } });
    expect(res.status).toBe(200);
    const transferred = (es: InboxEvent[]) =>
      es.filter((e) => e.type === 'conversation.transferred' && e.data.from === big.id);
    const lines = (es: InboxEvent[]) =>
      es.filter(
        (e) =>
          e.type === 'message.created' &&
          (e.data.message as { content: string }).content ===
            `Moved out of the queue Busy, which ${admin()} deleted`,
      );
    const seen = await stream.until(
      (es) => transferred(es).length >= 1000 && lines(es).length >= 1000,
      20_000,
    );
    expect(new Set(transferred(seen).map((e) => e.conversation_id)).size).toBe(1000);
    expect(new Set(lines(seen).map((e) => e.conversation_id))).toEqual(
      new Set(transferred(seen).map((e) => e.conversation_id)),
    );
    expect(await total({ app_id: x.app.id })).toEqual(before);
  });

  it('a queue row deleted without moving its conversations first is refused by the database', async () => {
    const kept = await createQueue(x.t.db, x.app, { name: 'Kept' });
    const chat = await x.chat({ name: 'Kim Kept', queueId: kept.id });
    await expect(x.t.db.delete(queues).where(eq(queues.id, kept.id))).rejects.toThrow();
    expect((await view(chat.conversationId)).conversation.queue_id).toBe(kept.id);
  });
});

describe('deleting an app', () => {
  it('still takes its queues and conversations with it, assigned or not', async () => {
    const app = await createApp(x.t.db, x.company.id, { name: 'Short-lived' });
    const queue = await createQueue(x.t.db, app, { name: 'Short queue' });
    const chat = await startChat(x.t.app, app.id, { queueId: queue.id, ip: '10.9.9.7' });
    const assigned = await x.as(x.sessions.admin)('POST', '/conversation/assign', {
      body: { conversation_id: chat.conversationId, user_id: x.users.admin.id },
    });
    expect(assigned.status).toBe(200);
    const res = await x.as(x.sessions.admin)('DELETE', '/apps', { query: { id: app.id } });
    expect(res.status).toBe(200);
    const gone = await x.as(x.sessions.admin)('GET', '/conversation/poll', {
      query: { conversation_id: chat.conversationId },
    });
    expect(gone.status).toBe(404);
  });
});

/** An agent of the app holding a new open conversation and a resolved one. */
async function holder(name: string) {
  const user = await createUser(x.t.db, { name });
  await addCompanyMember(x.t.db, x.company.id, user.id, 'agent');
  await addAppMember(x.t.db, x.app, user.id, 'agent');
  const held = async (customer: string) => {
    const chat = await x.chat({ name: customer });
    const res = await x.as(x.sessions.admin)('POST', '/conversation/assign', {
      body: { conversation_id: chat.conversationId, user_id: user.id },
    });
    expect(res.status).toBe(200);
    return chat.conversationId;
  };
  const open = await held(`${name}'s open customer`);
  const resolved = await held(`${name}'s resolved customer`);
  await x.as(x.sessions.admin)('POST', '/conversation/resolve', { body: { conversation_id: resolved } });
  return { user, open, resolved };
}

const platform = () => ({ token: x.sessions.platform.token });

describe('deleting or suspending an account', () => {
  it('suspended: its open conversations go back to the team with a line and an event; resolved keep it', async () => {
    const h = await holder('Sue Suspended');
    const stream = await adminStream();
    const res = await x.as(platform())('POST', '/admin/user/suspend', { query: { id: h.user.id } });
    expect(res.status).toBe(200);
    const v = await view(h.open);
    expect(v.conversation.assigned_user).toBeNull();
    expect((await systemLines(h.open)).at(-1)).toBe(
      'Unassigned from Sue Suspended, account suspended, by Pat Platform',
    );
    const unassigned = await eventsAbout(stream, 'conversation.unassigned', [h.open, h.resolved], 1);
    expect(unassigned.map((e) => [e.conversation_id, e.data.from])).toEqual([[h.open, h.user.id]]);
    expect((await view(h.resolved)).conversation.assigned_user?.user_id).toBe(h.user.id);
  });

  it('deleted: every conversation it held is unassigned with a line and an event, resolved ones too', async () => {
    const h = await holder('Dee Deleted');
    const stream = await adminStream();
    const res = await x.as(platform())('DELETE', '/admin/users', { query: { id: h.user.id } });
    expect(res.status).toBe(200);
    for (const id of [h.open, h.resolved]) {
      expect((await view(id)).conversation.assigned_user).toBeNull();
      expect((await systemLines(id)).at(-1)).toBe(
        'Unassigned from Dee Deleted, account deleted, by Pat Platform',
      );
    }
    expect((await view(h.resolved)).conversation.status).toBe('resolved');
    const unassigned = await eventsAbout(stream, 'conversation.unassigned', [h.open, h.resolved]);
    expect(unassigned.map((e) => e.conversation_id).sort()).toEqual([h.open, h.resolved].sort());
    for (const e of unassigned) expect(e.data).toMatchObject({ from: h.user.id, to: null });
  });
});

describe('a portal session running out', () => {
  const closedLine = "Closed: the customer's chat session expired before the conversation was resolved";

  it('on read: closes the conversation with a console line and one event, the customer sees no line', async () => {
    const chat = await x.chat({ name: 'Rae Reader' });
    const theirs = await startChat(x.t.app, x.other.app.id, { queueId: x.other.queue.id, ip: '10.9.9.8' });
    await x.expirePortal(chat.conversationId);
    const stream = await adminStream();
    const polled = await portal(x.t.app, 'GET', '/portal/poll', { token: chat.token });
    expect(polled.body.data.conversation_status).toBe('closed');
    expect(polled.body.data.messages.map((m: { content: string }) => m.content)).not.toContain(closedLine);
    expect((await view(chat.conversationId)).conversation.status).toBe('closed');
    expect((await systemLines(chat.conversationId)).at(-1)).toBe(closedLine);
    const changed = await eventsAbout(stream, 'conversation.status_changed', [chat.conversationId]);
    expect(changed).toHaveLength(1);
    expect(changed[0]!.data).toMatchObject({ from: 'open', to: 'closed', reason: 'portal_session_expired' });
    expect(changed[0]!.actor.type).toBe('system');
    // Another company's chat, its session live, is untouched (an expired one could meet the sweep job).
    const other = await x.as(x.sessions.stranger)('GET', '/conversation/poll', {
      query: { conversation_id: theirs.conversationId },
    });
    expect(other.body.data.conversation.status).toBe('open');
    expect(other.body.data.messages.map((m: { sender_type: string }) => m.sender_type)).toEqual(['customer']);
  });

  it('by the sweep: closes each expired conversation once, with its line and event', async () => {
    const idle = await x.chat({ name: 'Ida Idle' });
    const pending = await x.chat({ name: 'Pia Pending' });
    await x.as(x.sessions.admin)('POST', '/messages', {
      body: { conversation_id: pending.conversationId, content: 'Still there?' },
    });
    await x.expirePortal(idle.conversationId);
    await x.expirePortal(pending.conversationId);
    const stream = await adminStream();
    const ids = [idle.conversationId, pending.conversationId];
    // As the job does (the app's own job may also take them first: the outcome is the same).
    await closeExpiredSessions(x.t.db);
    expect(await closeExpiredSessions(x.t.db)).toEqual([]);
    x.t.app.live.announcer.kick();
    for (const id of ids) {
      expect((await view(id)).conversation.status).toBe('closed');
      expect(await systemLines(id)).toEqual([closedLine]);
    }
    const changed = await eventsAbout(stream, 'conversation.status_changed', ids);
    expect(changed.map((e) => [e.conversation_id, e.data.from]).sort()).toEqual(
      [
        [idle.conversationId, 'open'],
        [pending.conversationId, 'pending'],
      ].sort(),
    );
  });
});
