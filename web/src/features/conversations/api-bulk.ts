import type {
  BulkAction,
  BulkBody,
  BulkFailure,
  BulkFilterInput,
  BulkResult,
  BulkUndoResult,
} from '@inbox/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { toastError } from '@/components/server-errors';
import { api } from '@/lib/api-client';
import { inboxKeys } from './api';

/** How long the result toast offers Undo (contract section 13). */
export const UNDO_MS = 10_000;

/** What each action did, in the result toast: "12 conversations resolved". */
export const BULK_DONE: Record<BulkAction, string> = {
  assign: 'assigned',
  unassign: 'unassigned',
  transfer: 'transferred',
  resolve: 'resolved',
  reopen: 'reopened',
  snooze: 'snoozed',
  priority: 'given a priority',
  labels: 'labelled',
};

/**
 * The toast's verb for this request: the action's, made precise where its params say more ("set to urgent",
 * "snoozed until the customer replies", "unlabelled").
 */
export function bulkDone(body: Pick<BulkBody, 'action' | 'params'>): string {
  const p = (body.params ?? {}) as { priority?: string | null; until_ts?: string | null; add?: number[] };
  if (body.action === 'priority') return p.priority ? `set to ${p.priority}` : 'given no priority';
  if (body.action === 'snooze' && p.until_ts === null) return 'snoozed until the customer replies';
  if (body.action === 'labels' && (p.add ?? []).length === 0) return 'unlabelled';
  return BULK_DONE[body.action];
}

const conversations = (n: number) => `${n.toLocaleString()} conversation${n === 1 ? '' : 's'}`;

/** The failures grouped by reason: "2 not changed: Only a resolved… (#41, #42)". Ids, as some are not visible. */
export function failureText(failed: BulkFailure[]): string | undefined {
  if (failed.length === 0) return undefined;
  const byReason = new Map<string, number[]>();
  for (const f of failed) byReason.set(f.message, [...(byReason.get(f.message) ?? []), f.conversation_id]);
  const reasons = [...byReason].map(([message, ids]) => {
    const shown = ids.slice(0, 3).map((id) => `id ${id}`);
    const more = ids.length > 3 ? ` and ${ids.length - 3} more` : '';
    return `${message} (${shown.join(', ')}${more})`;
  });
  return `${conversations(failed.length)} not changed: ${reasons.join('; ')}.`;
}

export type BulkRequest = Pick<BulkBody, 'action' | 'params'> &
  ({ conversation_ids: number[] } | { filter: BulkFilterInput });

/**
 * POST /conversations/bulk, then a toast with how many changed and which failed and why, and Undo for 10
 * seconds, which restores `previous` through POST /conversations/bulk/undo (decision 051).
 */
export function useBulkAction(cid: number, onDone?: () => void) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: inboxKeys.all(cid) });
  const undo = useMutation({
    mutationFn: (body: {
      action: BulkAction;
      params: BulkBody['params'];
      previous: BulkResult['previous'];
    }) => api.post<BulkUndoResult>('/conversations/bulk/undo', body),
    onSuccess: (res) => {
      refresh();
      const description = failureText(res.failed);
      toast.success(`Undone: ${conversations(res.restored)} restored`, description ? { description } : {});
    },
    onError: (err) => toastError(err, 'Failed to undo'),
  });
  return useMutation({
    mutationFn: (body: BulkRequest) => api.post<BulkResult>('/conversations/bulk', body),
    onSuccess: (res, body) => {
      refresh();
      onDone?.();
      const description = failureText(res.failed);
      const title =
        res.updated === 0
          ? `No conversations ${bulkDone(body)}`
          : `${conversations(res.updated)} ${bulkDone(body)}`;
      const canUndo = res.previous.length > 0;
      const show = res.failed.length > 0 && res.updated === 0 ? toast.error : toast.success;
      show(title, {
        ...(description ? { description } : {}),
        duration: canUndo ? UNDO_MS : undefined,
        ...(canUndo
          ? {
              action: {
                label: 'Undo',
                onClick: () =>
                  undo.mutate({ action: body.action, params: body.params, previous: res.previous }),
              },
            }
          : {}),
      });
    },
    onError: (err) => toastError(err, 'Failed to change the conversations'),
  });
}
