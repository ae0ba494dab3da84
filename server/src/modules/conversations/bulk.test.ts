import { BULK_MESSAGES, CONVERSATION_MESSAGES } from '@inbox/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf, fieldErrorsOf } from '../../../test/answers.ts';
import { bulkTools, SNOOZE_UNTIL } from '../../../test/bulk.ts';
import { useInbox } from '../../../test/conversations.ts';
import { createQueue } from '../../../test/factories.ts';
import { conversations, messages } from '../../db/schema/index.ts';
import { NOT_ENDED } from './actions.ts';

// Bulk actions (contract section 13, issue 44): each conversation checked and changed as its single call
// would be, set-based, and failures listed. Limits and the undo: bulk-limits-and-undo.test.ts.
const { x, crowd, freshApp } = useInbox();
const { bulk, single, row, vipChat, trail } = bulkTools(x);

/** Labels the labels twins use, made by the first of them. */
const labelIds: number[] = [];

/** Two chats alike; `prepare` brings each to the state the action starts from. */
async function twins(name: string, prepare: (id: number) => Promise<void> = async () => {}) {
  const a = (await x.chat({ name: `${name} One` })).conversationId;
  const b = (await x.chat({ name: `${name} Two` })).conversationId;
  await prepare(a);
  await prepare(b);
  return [a, b] as const;
}

describe('POST /conversations/bulk writes what the single call writes', () => {
  const cases: {
    action: string;
    path: string;
    params: () => Record<string, unknown>;
    prepare?: (id: number) => Promise<void>;
  }[] = [
    { action: 'resolve', path: '/conversation/resolve', params: () => ({}) },
    { action: 'assign', path: '/conversation/assign', params: () => ({ user_id: x.users.agent.id }) },
    {
      action: 'unassign',
      path: '/conversation/unassign',
      params: () => ({}),
      prepare: async (id) => {
        dataOf(
          await single('admin', '/conversation/assign', { conversation_id: id, user_id: x.users.agent.id }),
        );
      },
    },
    {
      action: 'transfer',
      path: '/conversation/transfer',
      // The agent works the public queue only: the transfer to VIP unassigns them, as the single call does.
      params: () => ({ queue_id: x.privateQueue.id, transfer_reason: 'Needs VIP care' }),
      prepare: async (id) => {
        dataOf(
          await single('admin', '/conversation/assign', { conversation_id: id, user_id: x.users.agent.id }),
        );
      },
    },
    {
      action: 'reopen',
      path: '/conversation/reopen',
      params: () => ({}),
      prepare: async (id) => {
        dataOf(await single('admin', '/conversation/resolve', { conversation_id: id }));
      },
    },
    { action: 'priority', path: '/conversation/priority', params: () => ({ priority: 'urgent' }) },
    {
      action: 'priority',
      path: '/conversation/priority',
      params: () => ({ priority: null }),
      prepare: async (id) => {
        dataOf(await single('admin', '/conversation/priority', { conversation_id: id, priority: 'low' }));
      },
    },
    { action: 'snooze', path: '/conversation/snooze', params: () => ({ until_ts: SNOOZE_UNTIL }) },
    {
      action: 'snooze',
      path: '/conversation/snooze',
      params: () => ({ until_ts: null }),
      prepare: async (id) => {
        dataOf(
          await single('admin', '/conversation/assign', { conversation_id: id, user_id: x.users.agent.id }),
        );
      },
    },
    {
      action: 'labels',
      path: '/conversation/labels',
      params: () => ({ add: [labelIds[0]], remove: [labelIds[1]] }),
      prepare: async (id) => {
        if (labelIds.length === 0) {
          for (const name of ['Bulk VIP', 'Bulk Refund']) {
            labelIds.push(dataOf(await single('admin', '/labels', { name, color: '#aa3300' }), 201).label_id);
          }
        }
        dataOf(
          await single('admin', '/conversation/labels', {
            conversation_id: id,
            add: [labelIds[1]],
            remove: [],
          }),
        );
      },
    },
  ];
  for (const c of cases) {
    it(`${c.action}${c.prepare ? ' (from a prepared state)' : ''}: the same events, system line and activity for each conversation`, async () => {
      const [one, two] = await twins(`Twin ${c.action}`, c.prepare);
      dataOf(await single('manager', c.path, { conversation_id: one, ...c.params() }));
      const res = dataOf(
        await bulk('manager', { conversation_ids: [two], action: c.action, params: c.params() }),
      );
      expect(res).toMatchObject({ matched: 1, updated: 1, failed: [] });
      const [a, b] = [await trail(one), await trail(two)];
      expect(b.lines.length).toBeGreaterThan(0);
      expect(b).toEqual(a);
      const [ra, rb] = [await row(one), await row(two)];
      const alike = (r: typeof ra) => ({
        ...r,
        id: 0,
        number: 0,
        customerId: 0,
        createdAt: 0,
        lastActivityAt: 0,
        resolvedAt: r.resolvedAt !== null,
        waitingSince: r.waitingSince !== null,
      });
      expect(alike(rb)).toEqual(alike(ra));
    });
  }
});

describe('a bulk change over more conversations than a page, with some the caller may not touch', () => {
  it('resolves every conversation the agent sees that matches the filter, not one page', async () => {
    const { app, queue } = await freshApp('Bulk crowd');
    await crowd(app, queue, 'Crowd Person', 'bulkcrowd', 130);
    // In the same app but out of the agent's sight: a private queue's conversation.
    const hidden = (await x.chat({ appId: app.id, queueId: queue.id, name: 'Held Elsewhere' }))
      .conversationId;
    const vip = await createQueue(x.t.db, app, { name: 'Crowd VIP', isPrivate: true });
    const move = { conversation_id: hidden, queue_id: vip.id, transfer_reason: 'VIP' };
    dataOf(await single('admin', '/conversation/transfer', move));
    const res = dataOf(
      await bulk('agent', { filter: { app_id: app.id, status: 'open' }, action: 'resolve' }),
    );
    expect(res).toMatchObject({ matched: 130, updated: 130, failed: [] });
    expect(res.previous).toHaveLength(130);
    expect(res.previous[0]).toEqual({
      conversation_id: expect.any(Number),
      status: 'open',
      assigned_user_id: null,
      queue_id: queue.id,
      priority: null,
      labels: [],
      snoozed_until_ts: null,
    });
    const left = await x.t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversations)
      .where(and(eq(conversations.appId, app.id), eq(conversations.status, 'open')));
    expect(left[0]!.n).toBe(1);
    expect((await row(hidden)).status).toBe('open');
    const lines = await x.t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(messages)
      .where(
        and(
          eq(messages.senderType, 'system'),
          eq(messages.content, `Resolved by ${x.users.agent.name}`),
          inArray(
            messages.conversationId,
            res.previous.map((p: { conversation_id: number }) => p.conversation_id),
          ),
        ),
      );
    expect(lines[0]!.n).toBe(130);
  });

  it('reports ids out of sight as NOT_FOUND alike, refuses what the single call refuses, and changes the rest', async () => {
    const mine = (await x.chat({ name: 'Bulk Mine' })).conversationId;
    const open = (await x.chat({ name: 'Bulk Open' })).conversationId;
    const vip = await vipChat('Bulk VIP');
    const foreign = (await x.chat({ appId: x.other.app.id, queueId: x.other.queue.id, name: 'Foreign' }))
      .conversationId;
    for (const id of [mine]) dataOf(await single('agent', '/conversation/resolve', { conversation_id: id }));
    const res = dataOf(
      await bulk('agent', { conversation_ids: [mine, open, vip, foreign, 1_999_999_999], action: 'reopen' }),
    );
    expect(res.matched).toBe(5);
    expect(res.updated).toBe(1);
    const notFound = { code: 'NOT_FOUND', message: BULK_MESSAGES.notFound };
    expect(res.failed).toEqual(
      [
        { conversation_id: open, code: 'CONFLICT', message: NOT_ENDED },
        { conversation_id: vip, ...notFound },
        { conversation_id: foreign, ...notFound },
        { conversation_id: 1_999_999_999, ...notFound },
      ].sort((a, b) => a.conversation_id - b.conversation_id),
    );
    expect((await row(mine)).status).toBe('open');
    expect((await row(foreign)).status).toBe('open');
    expect((await trail(foreign)).lines).toEqual([]);
  });

  it('assigning to someone who cannot see a conversation’s queue fails that one only', async () => {
    const pub = (await x.chat({ name: 'Assign Public' })).conversationId;
    const vip = await vipChat('Assign VIP');
    const res = dataOf(
      await bulk('admin', {
        conversation_ids: [pub, vip],
        action: 'assign',
        params: { user_id: x.users.outsider.id },
      }),
    );
    expect(res).toMatchObject({
      matched: 2,
      updated: 1,
      failed: [
        { conversation_id: vip, code: 'VALIDATION_ERROR', message: CONVERSATION_MESSAGES.assigneeCannotSee },
      ],
    });
    expect((await row(pub)).assignedUserId).toBe(x.users.outsider.id);
    expect((await row(vip)).assignedUserId).toBeNull();
    // Someone who is no member at all fails the whole call, as it does not depend on the conversation.
    const stranger = await bulk('admin', {
      conversation_ids: [pub],
      action: 'assign',
      params: { user_id: x.other.admin.id },
    });
    expect(fieldErrorsOf(stranger)['params.user_id']).toBeDefined();
  });
});
