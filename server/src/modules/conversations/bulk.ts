import {
  BULK_MESSAGES,
  type BulkBody,
  type BulkFailure,
  type BulkPrevious,
  type BulkResult,
  type BulkUndoBody,
  type BulkUndoResult,
} from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invalidField } from '../../http/app-error.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { type CompanyCtx, inTx } from '../access/context.ts';
import { loadVisibility, viewerOf } from '../access/conversation-visibility.ts';
import { BULK_ACTION_TABLE } from './bulk-actions.ts';
import type { BulkRun } from './bulk-run.ts';
import { targetsByFilter, targetsByIds } from './bulk-targets.ts';
import type { ConversationRow } from './change.ts';
import { priorityOf } from './priority.ts';

function entryOf(action: BulkBody['action']) {
  const entry = BULK_ACTION_TABLE[action];
  if (!entry) throw invalidField('action', BULK_MESSAGES.actionNotAvailable);
  return entry;
}

/** A conversation as it was before the change: the locked row, and the label ids it carried then. */
const previousState = (row: ConversationRow, labels: Map<number, number[]>): BulkPrevious => ({
  conversation_id: row.id,
  status: row.status,
  assigned_user_id: row.assignedUserId,
  queue_id: row.queueId,
  priority: priorityOf(row.priority),
  labels: labels.get(row.id) ?? [],
  snoozed_until_ts: row.snoozedUntil?.toISOString() ?? null,
});

/** The label ids each of these conversations carries, read once before the change. */
async function labelsOf(tx: DbOrTx, ids: number[]) {
  const out = new Map<number, number[]>();
  if (ids.length === 0) return out;
  const res = await tx.execute<{ conversation_id: number; ids: number[] }>(sql`
    select conversation_id, array_agg(label_id order by label_id) as ids from conversation_labels
    where conversation_id in (select unnest(${sql.param(ids)}::int[])) group by conversation_id`);
  for (const r of res.rows) out.set(Number(r.conversation_id), r.ids.map(Number));
  return out;
}

/**
 * The call's transaction, planned without nested loops: PostgreSQL guesses a handful of rows for each common
 * table expression of `changeConversations` (the locked rows, the messages, the events), so it joined them by
 * nested loops, row against row: 10,000 conversations took minutes. Hash joins keep it linear.
 */
function bulkTransaction<T>(ctx: CompanyCtx, work: (tx: DbOrTx) => Promise<T>) {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_nestloop = off`);
    return work(tx);
  });
}

const byId = (a: BulkFailure, b: BulkFailure) => a.conversation_id - b.conversation_id;

/**
 * `POST /conversations/bulk`: in one transaction, the conversations asked for are read and row-locked once
 * (`bulk-targets.ts`), each is checked as its single call would check it, and those that pass change through
 * `changeConversations`, a statement per group of rows getting the same change, each row with its system
 * line, events and activity. One that fails does not stop the others.
 */
export async function bulkChange(ctx: CompanyCtx, jobs: JobQueue, body: BulkBody): Promise<BulkResult> {
  const entry = entryOf(body.action);
  return bulkTransaction(ctx, async (tx) => {
    const v = await loadVisibility(tx, viewerOf(ctx));
    const targets = body.filter
      ? await targetsByFilter(ctx, tx, v, body.filter)
      : await targetsByIds(tx, v, body.conversation_ids ?? []);
    const run: BulkRun = { ctx, tx, scope: inTx(ctx, tx), v, jobs };
    const labels = await labelsOf(
      tx,
      targets.rows.map((r) => r.id),
    );
    const out = await entry.apply(run, targets.rows, body.params);
    const rows = new Map(targets.rows.map((r) => [r.id, r]));
    return {
      matched: targets.matched,
      updated: out.changed.length,
      failed: [...targets.notFound, ...out.failed].sort(byId),
      previous: out.changed.map((c) => previousState(rows.get(c.conversationId)!, labels)),
    };
  });
}

/**
 * `POST /conversations/bulk/undo`: each conversation of `previous` the caller can see goes back, in the
 * fields the action changed, to what it was, through the same change path (system line "… (undo)", events,
 * activity `conversation.restored`), unless those fields no longer hold what the action set: someone changed
 * it since, and it is left as it is (`CONFLICT`). Decision 051.
 */
export async function bulkUndo(ctx: CompanyCtx, jobs: JobQueue, body: BulkUndoBody): Promise<BulkUndoResult> {
  const entry = entryOf(body.action);
  return bulkTransaction(ctx, async (tx) => {
    const v = await loadVisibility(tx, viewerOf(ctx));
    const previous = new Map(body.previous.map((p) => [p.conversation_id, p]));
    const targets = await targetsByIds(tx, v, [...previous.keys()]);
    const run: BulkRun = { ctx, tx, scope: inTx(ctx, tx), v, jobs };
    const out = await entry.undo(run, targets.rows, previous, body.params);
    return { restored: out.changed.length, failed: [...targets.notFound, ...out.failed].sort(byId) };
  });
}
