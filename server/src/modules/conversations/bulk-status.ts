import { BULK_MESSAGES, BULK_PARAMS, type BulkPrevious, type ConversationStatus } from '@inbox/contract';
import { NOT_ENDED } from './actions.ts';
import {
  type BulkOutcome,
  type BulkRun,
  bulkEntry,
  changeRows,
  failure,
  groupBy,
  sortOut,
} from './bulk-run.ts';
import { actorLabel, type ConversationRow } from './change.ts';

/**
 * An undo of a status change: each row still in the status the bulk call set goes back to the status it had,
 * if that is one the call could have come from (`from`); a row changed since is left as it is.
 */
async function restoreStatus(
  run: BulkRun,
  rows: ConversationRow[],
  previous: Map<number, BulkPrevious>,
  set: ConversationStatus,
  from: readonly ConversationStatus[],
  undoOf: string,
): Promise<BulkOutcome> {
  const { change, failed } = sortOut(rows, (row) => {
    const before = previous.get(row.id)!;
    if (row.status !== set) return failure(row, 'CONFLICT', BULK_MESSAGES.changedSince);
    if (!from.includes(before.status)) return failure(row, 'VALIDATION_ERROR', BULK_MESSAGES.cannotRestore);
    return 'change';
  });
  const who = actorLabel(run.ctx.actor);
  const changed = [];
  for (const [status, group] of groupBy(change, (r) => previous.get(r.id)!.status)) {
    changed.push(
      ...(await changeRows(
        run,
        group,
        { status },
        {
          action: 'conversation.restored',
          note: `Status set back to ${status} by ${who} (undo)`,
          details: { undo_of: undoOf },
        },
      )),
    );
  }
  return { changed, failed };
}

/** As `resolveConversation`: any status but resolved becomes resolved; a resolved one is left as it is. */
export const bulkResolve = bulkEntry(
  BULK_PARAMS.resolve,
  async (run, rows) => {
    const { change, failed } = sortOut(rows, (row) => (row.status === 'resolved' ? 'skip' : 'change'));
    const changed = await changeRows(
      run,
      change,
      { status: 'resolved' },
      { action: 'conversation.resolved', note: `Resolved by ${actorLabel(run.ctx.actor)}` },
    );
    return { changed, failed };
  },
  (run, rows, previous) =>
    restoreStatus(run, rows, previous, 'resolved', ['open', 'pending', 'closed'], 'resolve'),
);

/** As `reopenConversation`: a resolved or closed one becomes open; any other fails 409 as the single call. */
export const bulkReopen = bulkEntry(
  BULK_PARAMS.reopen,
  async (run, rows) => {
    const { change, failed } = sortOut(rows, (row) =>
      row.status === 'resolved' || row.status === 'closed' ? 'change' : failure(row, 'CONFLICT', NOT_ENDED),
    );
    const changed = await changeRows(
      run,
      change,
      { status: 'open' },
      { action: 'conversation.reopened', note: `Reopened by ${actorLabel(run.ctx.actor)}` },
    );
    return { changed, failed };
  },
  (run, rows, previous) => restoreStatus(run, rows, previous, 'open', ['resolved', 'closed'], 'reopen'),
);
