import { BULK_MESSAGES, CONVERSATION_MESSAGES } from '@inbox/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf, errorOf, fieldErrorsOf } from '../../../test/answers.ts';
import { bulkTools, SNOOZE_UNTIL } from '../../../test/bulk.ts';
import { useInbox } from '../../../test/conversations.ts';
import { conversations } from '../../db/schema/index.ts';

// Bulk actions' limits and refusals, and the undo of each kind of change (contract section 13).
const { x, crowd, freshApp } = useInbox();
const { bulk, undo, single, row, vipChat, trail } = bulkTools(x);

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
