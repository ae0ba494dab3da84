import type { BulkAction } from '@inbox/contract';
import { bulkAssign, bulkTransfer, bulkUnassign } from './bulk-assignment.ts';
import type { BulkEntry } from './bulk-run.ts';
import { bulkReopen, bulkResolve } from './bulk-status.ts';

/**
 * The bulk actions this server applies (contract section 13), one entry each: its params schema (the
 * contract's `BULK_PARAMS`) and how it applies and undoes itself (`bulkEntry` in bulk-run.ts). An action the
 * contract names but this table lacks answers 422 on `action` (`BULK_MESSAGES.actionNotAvailable`).
 *
 * Still to plug in, one entry each, once their single changes exist: `snooze` (`{until_ts}`), `priority`
 * (`{priority}`) and `labels` (`{add, remove}`), each as
 * `bulkEntry(BULK_PARAMS.<action>, apply, undo)` over a set-based change of those fields that writes each
 * row's event and system line as its single call does, and `previousState` (bulk.ts) reading their fields.
 */
export const BULK_ACTION_TABLE: Partial<Record<BulkAction, BulkEntry>> = {
  assign: bulkAssign,
  unassign: bulkUnassign,
  transfer: bulkTransfer,
  resolve: bulkResolve,
  reopen: bulkReopen,
};
