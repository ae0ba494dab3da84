import { BULK_MESSAGES, CONVERSATION_MESSAGES } from '@inbox/contract';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf, errorOf, fieldErrorsOf } from '../../../test/answers.ts';
import { type Inbox, useInbox } from '../../../test/conversations.ts';
import { createQueue } from '../../../test/factories.ts';
import { activities, conversations, events, messages } from '../../db/schema/index.ts';
import { NOT_ENDED } from './actions.ts';

// Bulk actions (contract section 13, issue 44): each conversation checked and changed as its single call
// would be, set-based; failures listed; `previous` and its undo.
const { x, crowd, freshApp } = useInbox();

type Who = keyof Inbox['sessions'];
const bulk = (who: Who, body: Record<string, unknown>) =>
  x.as(x.sessions[who])('POST', '/conversations/bulk', { body });
const undo = (who: Who, body: Record<string, unknown>) =>
  x.as(x.sessions[who])('POST', '/conversations/bulk/undo', { body });
const single = (who: Who, path: string, body: Record<string, unknown>) =>
  x.as(x.sessions[who])('POST', path, { body });

const row = async (id: number) => {
  const [c] = await x.t.db.select().from(conversations).where(eq(conversations.id, id));
  return c!;
};

/** A chat moved into the private VIP queue (the portal offers public queues only). */
async function vipChat(name: string) {
  const id = (await x.chat({ name })).conversationId;
  dataOf(
    await single('admin', '/conversation/transfer', {
      conversation_id: id,
      queue_id: x.privateQueue.id,
      transfer_reason: 'VIP',
    }),
  );
  return id;
}

/** What a change wrote about a conversation, with what differs between two conversations taken out. */
async function trail(id: number) {
  const evs = await x.t.db
    .select({ type: events.type, actorType: events.actorType, actorId: events.actorId, data: events.data })
    .from(events)
    .where(
      and(
        eq(events.conversationId, id),
        ne(events.type, 'message.created'),
        ne(events.type, 'conversation.created'),
      ),
    )
    .orderBy(asc(events.eventId));
  const lines = await x.t.db
    .select({ content: messages.content, isPrivate: messages.isPrivate })
    .from(messages)
    .where(and(eq(messages.conversationId, id), eq(messages.senderType, 'system')))
    .orderBy(asc(messages.id));
  const acts = await x.t.db
    .select({ action: activities.action, details: activities.details, actor: activities.actorUserId })
    .from(activities)
    .where(
      and(
        eq(activities.entityType, 'conversation'),
        eq(activities.entityId, String(id)),
        ne(activities.action, 'conversation.created'),
      ),
    )
    .orderBy(asc(activities.id));
  const unnumbered = (d: Record<string, unknown>) => {
    const { number: _n, conversation, ...rest } = d as { number?: number; conversation?: object };
    return { ...rest, ...(conversation ? { conversation: { ...conversation, number: 0 } } : {}) };
  };
  return {
    events: evs.map((e) => ({ ...e, data: unnumbered(e.data) })).sort((a, b) => a.type.localeCompare(b.type)),
    lines,
    activities: acts.map((a) => ({ ...a, details: unnumbered(a.details as Record<string, unknown>) })),
  };
}

/** A snooze time the twins share (the system line and events name it). */
const SNOOZE_UNTIL = '2099-03-04T05:06:07.000Z';
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

describe('limits and refusals', () => {
  it('answers 422 for more than 1,000 ids, for both or neither of ids and filter, and for bad params', async () => {
    const ids = Array.from({ length: 1001 }, (_, i) => i + 1);
    expect(fieldErrorsOf(await bulk('admin', { conversation_ids: ids, action: 'resolve' }))).toEqual({
      conversation_ids: [BULK_MESSAGES.tooManyIds],
    });
    expect(fieldErrorsOf(await bulk('admin', { action: 'resolve' })).conversation_ids).toEqual([
      BULK_MESSAGES.idsOrFilter,
    ]);
    const noReason = await bulk('admin', {
      conversation_ids: [1],
      action: 'transfer',
      params: { queue_id: 1 },
    });
    expect(fieldErrorsOf(noReason)['params.transfer_reason']).toEqual([
      CONVERSATION_MESSAGES.transferReasonRequired,
    ]);
  });

  it('answers 422 on `params.until_ts` for a snooze time in the past, and changes none', async () => {
    const id = (await x.chat({ name: 'Past Snooze' })).conversationId;
    const res = await bulk('admin', {
      conversation_ids: [id],
      action: 'snooze',
      params: { until_ts: '2001-01-01T00:00:00.000Z' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(fieldErrorsOf(res))).toEqual(['params.until_ts']);
    expect((await row(id)).status).toBe('open');
  });

  it('puts back a priority, a snooze and labels from `previous`', async () => {
    const label = dataOf(
      await single('admin', '/labels', { name: 'Undo label', color: '#112233' }),
      201,
    ).label_id;
    const a = (await x.chat({ name: 'Undo Triage A' })).conversationId;
    const b = (await x.chat({ name: 'Undo Triage B' })).conversationId;
    dataOf(await single('admin', '/conversation/priority', { conversation_id: a, priority: 'low' }));
    const asks = [
      { action: 'priority', params: { priority: 'high' } },
      { action: 'snooze', params: { until_ts: SNOOZE_UNTIL } },
      { action: 'labels', params: { add: [label], remove: [] } },
    ];
    for (const ask of asks) {
      const res = dataOf(await bulk('admin', { conversation_ids: [a, b], ...ask }));
      expect(res.updated).toBe(2);
      const back = dataOf(await undo('admin', { ...ask, previous: res.previous }));
      expect(back.restored).toBe(2);
    }
    const [ra, rb] = [await row(a), await row(b)];
    expect([ra.priority, rb.priority]).toEqual([4, null]);
    expect([ra.status, rb.status]).toEqual(['open', 'open']);
    expect([ra.snoozedUntil, rb.snoozedUntil]).toEqual([null, null]);
    const thread = dataOf(
      await x.as(x.sessions.admin)('GET', '/conversation/poll', { query: { conversation_id: a } }),
    );
    expect(thread.conversation.labels).toEqual([]);
  });

  it('answers 422 when a filter matches more than 10,000 conversations, and changes none', async () => {
    const { app, queue } = await freshApp('Bulk huge');
    await crowd(app, queue, 'Huge Person', 'bulkhuge', 10_001);
    const res = await bulk('admin', { filter: { app_id: app.id }, action: 'resolve' });
    expect(fieldErrorsOf(res)).toEqual({ filter: [BULK_MESSAGES.tooManyMatches] });
    const resolved = await x.t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(conversations)
      .where(and(eq(conversations.appId, app.id), eq(conversations.status, 'resolved')));
    expect(resolved[0]!.n).toBe(0);
    // 10,000 exactly is allowed.
    const [one] = await x.t.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.appId, app.id))
      .limit(1);
    dataOf(await single('admin', '/conversation/resolve', { conversation_id: one!.id }));
    const ok = dataOf(await bulk('admin', { filter: { app_id: app.id, status: 'open' }, action: 'resolve' }));
    expect(ok).toMatchObject({ matched: 10_000, updated: 10_000 });
  }, 300_000);

  it('answers 404 for a filter on an app out of sight, as the poll does', async () => {
    const res = await bulk('otherAppAgent', { filter: { app_id: x.app.id }, action: 'resolve' });
    expect(errorOf(res, 404).code).toBe('NOT_FOUND');
  });
});

describe('POST /conversations/bulk/undo', () => {
  it('puts back each status, with a line and events, and leaves one changed since', async () => {
    const open = (await x.chat({ name: 'Undo Open' })).conversationId;
    const pending = (await x.chat({ name: 'Undo Pending' })).conversationId;
    const closed = (await x.chat({ name: 'Undo Closed' })).conversationId;
    const moved = (await x.chat({ name: 'Undo Moved' })).conversationId;
    dataOf(await single('admin', '/messages', { conversation_id: pending, content: 'On it' }), 201);
    await x.t.db.update(conversations).set({ status: 'closed' }).where(eq(conversations.id, closed));
    const ids = [open, pending, closed, moved];
    const res = dataOf(await bulk('agent', { conversation_ids: ids, action: 'resolve' }));
    expect(res.updated).toBe(4);
    expect(
      Object.fromEntries(
        res.previous.map((p: { conversation_id: number; status: string }) => [p.conversation_id, p.status]),
      ),
    ).toEqual({ [open]: 'open', [pending]: 'pending', [closed]: 'closed', [moved]: 'open' });
    // Someone reopens one meanwhile: the undo leaves it as they left it.
    dataOf(await single('admin', '/conversation/reopen', { conversation_id: moved }));
    dataOf(
      await single('admin', '/conversation/assign', { conversation_id: moved, user_id: x.users.admin.id }),
    );
    const back = dataOf(await undo('agent', { action: 'resolve', previous: res.previous }));
    expect(back).toEqual({
      restored: 3,
      failed: [{ conversation_id: moved, code: 'CONFLICT', message: BULK_MESSAGES.changedSince }],
    });
    expect((await row(open)).status).toBe('open');
    expect((await row(pending)).status).toBe('pending');
    expect((await row(closed)).status).toBe('closed');
    expect((await row(moved)).assignedUserId).toBe(x.users.admin.id);
    const t = await trail(pending);
    expect(t.lines.map((l) => l.content).slice(-2)).toEqual([
      `Resolved by ${x.users.agent.name}`,
      `Status set back to pending by ${x.users.agent.name} (undo)`,
    ]);
    expect(t.events.filter((e) => e.type === 'conversation.status_changed').map((e) => e.data)).toMatchObject(
      [
        { from: 'pending', to: 'resolved' },
        { from: 'resolved', to: 'pending' },
      ],
    );
    expect(t.activities.at(-1)).toMatchObject({
      action: 'conversation.restored',
      details: { undo_of: 'resolve' },
    });
  });

  it('puts back holders and queues after an assign and a transfer', async () => {
    const a = (await x.chat({ name: 'Undo Held' })).conversationId;
    const b = (await x.chat({ name: 'Undo Free' })).conversationId;
    dataOf(await single('admin', '/conversation/assign', { conversation_id: a, user_id: x.users.agent.id }));
    const assigned = dataOf(
      await bulk('admin', {
        conversation_ids: [a, b],
        action: 'assign',
        params: { user_id: x.users.insider.id },
      }),
    );
    expect(assigned.updated).toBe(2);
    const undone = dataOf(
      await undo('admin', {
        action: 'assign',
        params: { user_id: x.users.insider.id },
        previous: assigned.previous,
      }),
    );
    expect(undone).toEqual({ restored: 2, failed: [] });
    expect((await row(a)).assignedUserId).toBe(x.users.agent.id);
    expect((await row(b)).assignedUserId).toBeNull();

    const params = { queue_id: x.returns.id, transfer_reason: 'Return' };
    const moved = dataOf(await bulk('admin', { conversation_ids: [a, b], action: 'transfer', params }));
    expect(moved.updated).toBe(2);
    // The agent works only the public queue: the transfer to Returns (public) keeps them.
    expect((await row(a)).queueId).toBe(x.returns.id);
    const back = dataOf(await undo('admin', { action: 'transfer', params, previous: moved.previous }));
    expect(back).toEqual({ restored: 2, failed: [] });
    expect(await row(a)).toMatchObject({ queueId: x.publicQueue.id, assignedUserId: x.users.agent.id });
    expect(await row(b)).toMatchObject({ queueId: x.publicQueue.id, assignedUserId: null });
    expect((await trail(b)).lines.at(-1)?.content).toBe(
      `Transfer undone by ${x.users.admin.name}: back to ${x.publicQueue.name}`,
    );
  });

  it('restores nothing the caller cannot see', async () => {
    const vip = await vipChat('Undo VIP');
    dataOf(await single('admin', '/conversation/resolve', { conversation_id: vip }));
    const previous = [
      {
        conversation_id: vip,
        status: 'open',
        assigned_user_id: null,
        queue_id: x.privateQueue.id,
        priority: null,
        labels: [],
        snoozed_until_ts: null,
      },
    ];
    const res = dataOf(await undo('agent', { action: 'resolve', previous }));
    expect(res).toEqual({
      restored: 0,
      failed: [{ conversation_id: vip, code: 'NOT_FOUND', message: BULK_MESSAGES.notFound }],
    });
    expect((await row(vip)).status).toBe('resolved');
  });
});
