import type { BulkAction } from '@inbox/contract';
import { bulkAssign, bulkTransfer, bulkUnassign } from './bulk-assignment.ts';
import { bulkLabels } from './bulk-labels.ts';
import type { BulkEntry } from './bulk-run.ts';
import { bulkReopen, bulkResolve } from './bulk-status.ts';
import { bulkPriority, bulkSnooze } from './bulk-triage.ts';

/**
 * The bulk actions this server applies (contract section 13), one entry each: its params schema (the
 * contract's `BULK_PARAMS`) and how it applies and undoes itself (`bulkEntry` in bulk-run.ts), set-based
 * through `changeConversations` (labels through `changeConversationsLabels`), each row with the system line,
 * events and activity of its single call.
 */
export const BULK_ACTION_TABLE: Partial<Record<BulkAction, BulkEntry>> = {
  assign: bulkAssign,
  unassign: bulkUnassign,
  transfer: bulkTransfer,
  resolve: bulkResolve,
  reopen: bulkReopen,
  snooze: bulkSnooze,
  priority: bulkPriority,
  labels: bulkLabels,
};
