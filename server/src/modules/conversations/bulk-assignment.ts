import {
  BULK_MESSAGES,
  BULK_PARAMS,
  type BulkFailure,
  type BulkPrevious,
  CONVERSATION_MESSAGES,
} from '@inbox/contract';
import { and, eq } from 'drizzle-orm';
import { queues } from '../../db/schema/index.ts';
import { anyOf } from '../../db/sql-helpers.ts';
import { invalidField } from '../../http/app-error.ts';
import { coversQueue, isSqlInt } from '../access/conversation-visibility.ts';
import {
  type BulkOutcome,
  type BulkRun,
  bulkEntry,
  changeRows,
  failure,
  groupBy,
  sortOut,
} from './bulk-run.ts';
import { actorLabel, type ConversationChanges, type ConversationRow } from './change.ts';
import { memberSight, NOT_A_MEMBER } from './reach.ts';

const cannotWork = (row: ConversationRow) =>
  failure(row, 'VALIDATION_ERROR', CONVERSATION_MESSAGES.assigneeCannotSee);

/** The sight of each user among `ids`, read once per user (null: no longer an active member). */
async function sightsOf(run: BulkRun, ids: Iterable<number>) {
  const out = new Map<number, Awaited<ReturnType<typeof memberSight>>>();
  for (const id of new Set(ids)) out.set(id, await memberSight(run.scope, id));
  return out;
}

/**
 * An undo of an assignment: each row goes back to the holder it had (or none), if that person is still a
 * member who can work its queue, as an assignment would require.
 */
async function restoreHolders(
  run: BulkRun,
  rows: ConversationRow[],
  previous: Map<number, BulkPrevious>,
  undoOf: string,
): Promise<BulkOutcome> {
  const who = actorLabel(run.ctx.actor);
  const record = (note: string) => ({ action: 'conversation.restored', note, details: { undo_of: undoOf } });
  const holderOf = (r: ConversationRow) => previous.get(r.id)!.assigned_user_id;
  const sights = await sightsOf(
    run,
    rows.map(holderOf).filter((id): id is number => id !== null),
  );
  const changed: ConversationChanges[] = [];
  const failed: BulkFailure[] = [];
  for (const [holder, group] of groupBy(rows, holderOf)) {
    if (holder === null) {
      changed.push(
        ...(await changeRows(run, group, { assignee: null }, record(`Unassigned by ${who} (undo)`))),
      );
      continue;
    }
    const sight = sights.get(holder);
    const sorted = sortOut(group, (row) =>
      !sight
        ? failure(row, 'VALIDATION_ERROR', NOT_A_MEMBER)
        : coversQueue(sight.v, row.appId, row.queueId)
          ? 'change'
          : cannotWork(row),
    );
    failed.push(...sorted.failed);
    if (sight) {
      const note = `Assigned back to ${sight.name} by ${who} (undo)`;
      changed.push(...(await changeRows(run, sorted.change, { assignee: { id: holder } }, record(note))));
    }
  }
  return { changed, failed };
}

/**
 * As `assignConversation`: the user must be an active member (else the whole call answers 422 on
 * `params.user_id`, as it does not depend on the conversation) and able to work each conversation's queue
 * (else that one fails with the single call's 422 sentence). One already theirs is left as it is.
 */
export const bulkAssign = bulkEntry(
  BULK_PARAMS.assign,
  async (run, rows, p) => {
    const user = await memberSight(run.scope, p.user_id);
    if (!user) throw invalidField('params.user_id', NOT_A_MEMBER);
    const { change, failed } = sortOut(rows, (row) =>
      !coversQueue(user.v, row.appId, row.queueId)
        ? cannotWork(row)
        : row.assignedUserId === user.id
          ? 'skip'
          : 'change',
    );
    const note = `Assigned to ${user.name} by ${actorLabel(run.ctx.actor)}`;
    const record = { action: 'conversation.assigned', note };
    return { changed: await changeRows(run, change, { assignee: { id: user.id } }, record), failed };
  },
  (run, rows, previous, p) => {
    const { change, failed } = sortOut(rows, (row) =>
      row.assignedUserId === p.user_id ? 'change' : failure(row, 'CONFLICT', BULK_MESSAGES.changedSince),
    );
    return restoreHolders(run, change, previous, 'assign').then((o) => ({
      ...o,
      failed: [...failed, ...o.failed],
    }));
  },
);

/** As `unassignConversation`: every held one is handed back to its team. */
export const bulkUnassign = bulkEntry(
  BULK_PARAMS.unassign,
  async (run, rows) => {
    const { change, failed } = sortOut(rows, (row) => (row.assignedUserId === null ? 'skip' : 'change'));
    const record = { action: 'conversation.unassigned', note: `Unassigned by ${actorLabel(run.ctx.actor)}` };
    return { changed: await changeRows(run, change, { assignee: null }, record), failed };
  },
  (run, rows, previous) => {
    const { change, failed } = sortOut(rows, (row) =>
      row.assignedUserId === null ? 'change' : failure(row, 'CONFLICT', BULK_MESSAGES.changedSince),
    );
    return restoreHolders(run, change, previous, 'unassign').then((o) => ({
      ...o,
      failed: [...failed, ...o.failed],
    }));
  },
);

/** Active queues of the company by id, with their app. */
async function activeQueues(run: BulkRun, ids: number[]) {
  const valid = [...new Set(ids)].filter(isSqlInt);
  const rows = valid.length
    ? await run.tx
        .select({ id: queues.id, name: queues.name, appId: queues.appId })
        .from(queues)
        .where(
          and(
            anyOf(queues.id, valid, 'int'),
            eq(queues.companyId, run.scope.companyId),
            eq(queues.isActive, true),
          ),
        )
    : [];
  return new Map(rows.map((q) => [q.id, q]));
}

/**
 * As `transferConversation` with a queue: the queue must be an active queue of the company (else 422 on
 * `params.queue_id` for the whole call) and of each conversation's app (else that one fails with the single
 * call's sentence). A holder who can work the new queue keeps the conversation; the others are unassigned.
 */
export const bulkTransfer = bulkEntry(
  BULK_PARAMS.transfer,
  async (run, rows, p) => {
    const queue = (await activeQueues(run, [p.queue_id])).get(p.queue_id);
    if (!queue) throw invalidField('params.queue_id', CONVERSATION_MESSAGES.queueOtherApp);
    const { change, failed } = sortOut(rows, (row) =>
      row.appId === queue.appId
        ? 'change'
        : failure(row, 'VALIDATION_ERROR', CONVERSATION_MESSAGES.queueOtherApp),
    );
    const holders = change.map((r) => r.assignedUserId).filter((id): id is number => id !== null);
    const sights = await sightsOf(run, holders);
    const keeps = (row: ConversationRow) => {
      if (row.assignedUserId === null) return true;
      const sight = sights.get(row.assignedUserId);
      return sight ? coversQueue(sight.v, queue.appId, queue.id) : false;
    };
    const note = `Conversation transferred to ${queue.name} by ${actorLabel(run.ctx.actor)}: ${p.transfer_reason}`;
    const record = { action: 'conversation.transferred', note, details: { reason: p.transfer_reason } };
    const moves = { recordMoves: true };
    const kept = await changeRows(run, change.filter(keeps), { queueId: queue.id }, record, moves);
    const dropped = change.filter((r) => !keeps(r));
    const handed = await changeRows(run, dropped, { queueId: queue.id, assignee: null }, record, moves);
    return { changed: [...kept, ...handed], failed };
  },
  async (run, rows, previous, p) => {
    const before = (r: ConversationRow) => previous.get(r.id)!;
    // Still in the queue the call moved it to, with the holder it kept or none (the call unassigned them).
    const { change, failed } = sortOut(rows, (row) =>
      row.queueId === p.queue_id &&
      (row.assignedUserId === before(row).assigned_user_id || row.assignedUserId === null)
        ? 'change'
        : failure(row, 'CONFLICT', BULK_MESSAGES.changedSince),
    );
    const back = await activeQueues(
      run,
      change.map((r) => before(r).queue_id).filter((id): id is number => id !== null),
    );
    const holderBack = (r: ConversationRow) =>
      r.assignedUserId === null ? before(r).assigned_user_id : null;
    const sights = await sightsOf(
      run,
      change.map(holderBack).filter((id): id is number => id !== null),
    );
    const sorted = sortOut(change, (row) => {
      const queueId = before(row).queue_id;
      if (queueId !== null && back.get(queueId)?.appId !== row.appId) {
        return failure(row, 'VALIDATION_ERROR', CONVERSATION_MESSAGES.queueOtherApp);
      }
      const holder = holderBack(row);
      if (holder === null) return 'change';
      const sight = sights.get(holder);
      if (!sight) return failure(row, 'VALIDATION_ERROR', NOT_A_MEMBER);
      return coversQueue(sight.v, row.appId, queueId) ? 'change' : cannotWork(row);
    });
    const who = actorLabel(run.ctx.actor);
    const changed: ConversationChanges[] = [];
    const groups = groupBy(sorted.change, (r) => `${before(r).queue_id}:${holderBack(r)}`);
    for (const group of groups.values()) {
      const first = group[0]!;
      const queueId = before(first).queue_id;
      const holder = holderBack(first);
      const where = queueId === null ? 'no queue' : back.get(queueId)!.name;
      const record = {
        action: 'conversation.restored',
        note: `Transfer undone by ${who}: back to ${where}`,
        details: { undo_of: 'transfer' },
      };
      const to = holder === null ? { queueId } : { queueId, assignee: { id: holder } };
      changed.push(...(await changeRows(run, group, to, record, { recordMoves: true })));
    }
    return { changed, failed: [...failed, ...sorted.failed] };
  },
);
