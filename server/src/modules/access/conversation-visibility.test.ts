import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInbox, type Inbox } from '../../../test/conversations.ts';
import { PNG } from '../../../test/files.ts';
import { companyMembers, conversations } from '../../db/schema/index.ts';
import { listConversations } from '../conversations/views.ts';
import { visibleApps } from './app-roles.ts';
import { admitCompany } from './context.ts';
import { covers, loadVisibility } from './conversation-visibility.ts';

let x: Inbox;
let vip: { conversationId: number; token: string };
let vipFile: number;
beforeAll(async () => {
  x = await createInbox();
  vip = await x.chat({ name: 'Vera Vip', message: 'Private matter' });
  const moved = await x.as(x.sessions.admin)('POST', '/conversation/transfer', {
    body: {
      conversation_id: vip.conversationId,
      queue_id: x.privateQueue.id,
      transfer_reason: 'VIP customer',
    },
  });
  expect(moved.status).toBe(200);
  const up = await x.upload(x.sessions.insider, vip.conversationId, { name: 'dot.png', data: PNG });
  expect(up.status).toBe(201);
  vipFile = up.body.data.attachment_id;
  const sent = await x.as(x.sessions.insider)('POST', '/messages', {
    body: { conversation_id: vip.conversationId, content: 'Here you go', attachments: [vipFile] },
  });
  expect(sent.status).toBe(201);
});
afterAll(() => x.t.close());

type Role = keyof Inbox['sessions'];

/** Every conversation call, each as a client would make it on conversation `id`. */
function everyCall(id: number, fileId: number) {
  const ask = (role: Role) => x.as(x.sessions[role]);
  return [
    ['poll', (r: Role) => ask(r)('GET', '/conversation/poll', { query: { conversation_id: id } })],
    [
      'poll after',
      (r: Role) =>
        ask(r)('GET', '/conversation/poll', { query: { conversation_id: id, last_message_id: 1 } }),
    ],
    ['messages', (r: Role) => ask(r)('POST', '/messages', { body: { conversation_id: id, content: 'Hi' } })],
    [
      'note',
      (r: Role) =>
        ask(r)('POST', '/messages', { body: { conversation_id: id, content: 'x', is_private: true } }),
    ],
    ['typing', (r: Role) => ask(r)('POST', '/conversation/typing', { body: { conversation_id: id } })],
    ['read', (r: Role) => ask(r)('POST', '/conversation/read', { body: { conversation_id: id } })],
    [
      'assign',
      (r: Role) =>
        ask(r)('POST', '/conversation/assign', { body: { conversation_id: id, user_id: x.users.admin.id } }),
    ],
    ['unassign', (r: Role) => ask(r)('POST', '/conversation/unassign', { body: { conversation_id: id } })],
    [
      'transfer',
      (r: Role) =>
        ask(r)('POST', '/conversation/transfer', {
          body: { conversation_id: id, queue_id: x.returns.id, transfer_reason: 'Try' },
        }),
    ],
    ['resolve', (r: Role) => ask(r)('POST', '/conversation/resolve', { body: { conversation_id: id } })],
    ['delete', (r: Role) => ask(r)('DELETE', '/conversations', { query: { id } })],
    ['download', (r: Role) => ask(r)('GET', `/attachments/download/${fileId}`)],
    ['upload', (r: Role) => x.upload(x.sessions[r], id, { name: 'dot.png', data: PNG })],
  ] as const;
}

async function sees(role: Role, id: number) {
  const res = await x.as(x.sessions[role])('GET', '/conversation/poll', { query: { conversation_id: id } });
  const listed = (res.body.data?.conversations ?? []).some(
    (c: { conversation_id: number }) => c.conversation_id === id,
  );
  return { status: res.status, listed };
}

describe('who sees a conversation of a private queue', () => {
  it.each([
    ['admin', true],
    ['manager', true],
    ['appManager', true],
    ['platform', true],
    ['insider', true],
    ['agent', false],
    ['outsider', false],
    ['otherAppAgent', false],
    ['stranger', false],
  ] as const)('%s: %s', async (role, visible) => {
    const res = await sees(role, vip.conversationId);
    expect(res).toEqual(visible ? { status: 200, listed: true } : { status: 404, listed: false });
  });

  it.each(['agent', 'outsider', 'otherAppAgent', 'stranger'] as const)(
    'answers 404 NOT_FOUND to every call by %s and changes nothing',
    async (role) => {
      for (const [name, run] of everyCall(vip.conversationId, vipFile)) {
        const res = await run(role);
        expect({ name, status: res.status, code: res.body?.error?.code }).toEqual({
          name,
          status: 404,
          code: 'NOT_FOUND',
        });
      }
      const [row] = await x.t.db.select().from(conversations).where(eq(conversations.id, vip.conversationId));
      expect(row).toMatchObject({ status: 'pending', queueId: x.privateQueue.id, assignedUserId: null });
    },
  );

  it('a change of queue membership bites on the agent’s very next call, as their session reads their reach', async () => {
    const admin = x.as(x.sessions.admin);
    const joined = await admin('POST', '/queue/users', {
      body: { queue_id: x.privateQueue.id, user_id: x.users.agent.id },
    });
    expect(joined.status).toBe(201);
    expect(await sees('agent', vip.conversationId)).toEqual({ status: 200, listed: true });
    const left = await admin('DELETE', '/queue/users', {
      query: { id: x.privateQueue.id, user_id: x.users.agent.id },
    });
    expect(left.status).toBe(200);
    expect(await sees('agent', vip.conversationId)).toEqual({ status: 404, listed: false });
    const list = await x.as(x.sessions.agent)('GET', '/conversation/poll');
    expect(
      list.body.data.conversations.map((c: { conversation_id: number }) => c.conversation_id),
    ).not.toContain(vip.conversationId);
  });

  it('a member of the private queue can work it, and its files download', async () => {
    const res = await x.as(x.sessions.insider)('GET', `/attachments/download/${vipFile}`);
    expect(res.status).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('who sees a conversation of a public queue', () => {
  it('agents of the app see it while unassigned; once assigned, only its queue, its assignee and managers', async () => {
    const chat = await x.chat({ name: 'Paul Public' });
    for (const role of ['agent', 'insider', 'outsider', 'appManager', 'admin'] as const) {
      expect((await sees(role, chat.conversationId)).listed, role).toBe(true);
    }
    expect((await sees('otherAppAgent', chat.conversationId)).status).toBe(404);
    expect((await sees('stranger', chat.conversationId)).status).toBe(404);

    const took = await x.as(x.sessions.outsider)('POST', '/conversation/assign', {
      body: { conversation_id: chat.conversationId, user_id: x.users.outsider.id },
    });
    expect(took.status).toBe(200);
    expect((await sees('outsider', chat.conversationId)).listed).toBe(true);
    expect((await sees('agent', chat.conversationId)).listed).toBe(true);
    expect((await sees('insider', chat.conversationId)).status).toBe(404);
    expect((await sees('appManager', chat.conversationId)).listed).toBe(true);
  });

  it('a conversation with no queue counts as the app’s public inbox', async () => {
    const chat = await x.chat({ name: 'Nora Noqueue' });
    await x.t.db
      .update(conversations)
      .set({ queueId: null })
      .where(eq(conversations.id, chat.conversationId));
    expect((await sees('outsider', chat.conversationId)).listed).toBe(true);
    expect((await sees('otherAppAgent', chat.conversationId)).status).toBe(404);
  });

  it('an agent of another app sees that app’s conversations only', async () => {
    const chat = await x.chat({ appId: x.otherApp.id, queueId: x.otherQueue.id, name: 'Otto Other' });
    expect((await sees('otherAppAgent', chat.conversationId)).listed).toBe(true);
    expect((await sees('outsider', chat.conversationId)).status).toBe(404);
    expect((await sees('agent', chat.conversationId)).status).toBe(404);
    const list = await x.as(x.sessions.otherAppAgent)('GET', '/conversation/poll');
    expect(list.body.data.conversations.map((c: { app_id: number }) => c.app_id)).toEqual([x.otherApp.id]);
  });

  it('filtering by an app out of sight answers 404', async () => {
    const res = await x.as(x.sessions.otherAppAgent)('GET', '/conversation/poll', {
      query: { app_id: x.app.id },
    });
    expect(res.status).toBe(404);
  });

  it('ids beyond any conversation answer 404, not an error', async () => {
    for (const id of [2_147_483_648, 9_007_199_254_740_991]) {
      const res = await x.as(x.sessions.admin)('POST', '/conversation/resolve', {
        body: { conversation_id: id },
      });
      expect(res.status).toBe(404);
      const poll = await x.as(x.sessions.admin)('GET', '/conversation/poll', {
        query: { conversation_id: id },
      });
      expect(poll.status).toBe(404);
    }
  });
});

describe('the visibility query', () => {
  it('agrees with the app roles of the access module for every member', async () => {
    const members = await x.t.db
      .select()
      .from(companyMembers)
      .where(eq(companyMembers.companyId, x.company.id));
    for (const m of members) {
      const viewer = { companyId: x.company.id, userId: m.userId, role: m.role };
      const v = await loadVisibility(x.t.db, viewer);
      const apps = await visibleApps(admitCompany({ db: x.t.db, companyId: x.company.id }), m.userId, m.role);
      if (m.role !== 'agent') {
        expect(v.all).toBe(true);
        continue;
      }
      const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
      expect(sorted(v.fullAppIds)).toEqual(sorted(apps.filter((a) => a.role !== 'agent').map((a) => a.id)));
      expect(sorted(v.agentAppIds)).toEqual(sorted(apps.filter((a) => a.role === 'agent').map((a) => a.id)));
    }
  });

  it('lists what `covers` admits for every member of both companies, with the total summed from the groups', async () => {
    await x.chat({ name: 'Theo Theirs', appId: x.other.app.id, queueId: x.other.queue.id });
    const taken = await x.chat({ name: 'Tina Taken' });
    const assigned = await x.as(x.sessions.admin)('POST', '/conversation/assign', {
      body: { conversation_id: taken.conversationId, user_id: x.users.insider.id },
    });
    expect(assigned.status).toBe(200);
    const everything = await x.t.db.select().from(conversations);
    const sizes = new Set<number>();
    const newestFirst = (ids: number[]) => [...ids].sort((a, b) => b - a);
    for (const m of await x.t.db.select().from(companyMembers)) {
      const v = await loadVisibility(x.t.db, { companyId: m.companyId, userId: m.userId, role: m.role });
      const expected = everything.filter((c) => covers(v, c)).map((c) => c.id);
      sizes.add(expected.length);
      const page = await listConversations(x.t.db, v, [], { limit: 100, offset: 0, groupCount: true });
      expect({
        who: m.userId,
        ids: newestFirst(page.rows.map((r) => r.conversation_id)),
        total: page.total,
      }).toEqual({
        who: m.userId,
        ids: newestFirst(expected),
        total: expected.length,
      });
    }
    // The members differ in what they see, so the comparison is not between empty or whole lists alone.
    expect(sizes.size).toBeGreaterThan(3);
  });
});
