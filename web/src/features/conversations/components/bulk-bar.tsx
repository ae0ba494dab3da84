import type { BulkAction, BulkFilterInput, Queue } from '@inbox/contract';
import {
  ArrowRightLeftIcon,
  CheckCircle2Icon,
  RotateCcwIcon,
  TagIcon,
  UserMinusIcon,
  UserPlusIcon,
  XIcon,
} from 'lucide-react';
import { useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { type BulkRequest, useBulkAction } from '../api-bulk';
import { BulkAssignForm, BulkLabelsForm, BulkTransferForm } from './bulk-dialogs';
import { BulkPriorityMenu, BulkSnoozeMenu } from './bulk-menus';
import type { BulkSelection } from './use-bulk-selection';

type Dialog = 'assign' | 'transfer' | 'labels';

/**
 * The actions the bar offers as buttons, in order; Priority and Snooze follow as menus (`bulk-menus.tsx`),
 * as the thread header offers them.
 */
const BAR_ACTIONS: {
  action: BulkAction;
  label: string;
  icon: typeof XIcon;
  dialog?: Dialog;
}[] = [
  { action: 'assign', label: 'Assign', icon: UserPlusIcon, dialog: 'assign' },
  { action: 'unassign', label: 'Unassign', icon: UserMinusIcon },
  { action: 'transfer', label: 'Transfer', icon: ArrowRightLeftIcon, dialog: 'transfer' },
  { action: 'resolve', label: 'Resolve', icon: CheckCircle2Icon },
  { action: 'reopen', label: 'Reopen', icon: RotateCcwIcon },
  { action: 'labels', label: 'Labels', icon: TagIcon, dialog: 'labels' },
];

interface BulkBarProps {
  cid: number;
  selection: BulkSelection;
  /** The conversations on this page. */
  pageCount: number;
  /** The list's total, and whether it was counted no further. */
  total: number;
  capped: boolean;
  /** The list's filters, for "Select all N matching". */
  filter: BulkFilterInput;
  queues: Queue[];
}

/**
 * Above the list: select the page, then all matching ones, and act on them. The result toast says how many
 * changed and which did not and why, and offers Undo for 10 seconds (`useBulkAction`).
 */
export function BulkBar({ cid, selection: sel, pageCount, total, capped, filter, queues }: BulkBarProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const bulk = useBulkAction(cid, () => {
    setDialog(null);
    sel.clear();
  });
  const matching = `${total.toLocaleString()}${capped ? '+' : ''}`;
  const what = sel.allMatching
    ? `all ${matching} matching conversations`
    : `${sel.count} conversation${sel.count === 1 ? '' : 's'}`;
  const run = (action: BulkAction, params: Record<string, unknown> = {}) => {
    const target = sel.allMatching ? { filter } : { conversation_ids: [...sel.ids] };
    bulk.mutate({ action, params, ...target } as BulkRequest);
  };
  const chosen = sel.allMatching || sel.count > 0;
  return (
    <div className="space-y-2 border-b px-3 py-2" role="toolbar" aria-label="Bulk actions">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <label className="flex cursor-pointer items-center gap-2">
          <input
            type="checkbox"
            className="size-4 cursor-pointer accent-primary"
            checked={sel.pageSelected || sel.allMatching}
            onChange={(e) => sel.togglePage(e.target.checked)}
            aria-label="Select all conversations on this page"
          />
          <span className={chosen ? 'font-medium' : 'text-muted-foreground'}>
            {sel.allMatching
              ? `All ${matching} matching selected`
              : chosen
                ? `${sel.count} selected`
                : 'Select'}
          </span>
        </label>
        {sel.pageSelected && !sel.allMatching && total > pageCount && (
          <Button variant="link" size="sm" className="h-auto p-0" onClick={sel.selectAllMatching}>
            Select all {matching} matching
          </Button>
        )}
        {chosen && (
          <Button variant="ghost" size="sm" className="ml-auto h-7 px-2" onClick={sel.clear}>
            <XIcon aria-hidden />
            Clear
          </Button>
        )}
      </div>
      {chosen && (
        <div className="flex flex-wrap gap-1.5">
          {BAR_ACTIONS.map((a) => (
            <Button
              key={a.action}
              variant="outline"
              size="sm"
              className="h-7 px-2"
              disabled={bulk.isPending}
              onClick={() => (a.dialog ? setDialog(a.dialog) : run(a.action))}
            >
              <a.icon aria-hidden />
              {a.label}
            </Button>
          ))}
          <BulkPriorityMenu
            disabled={bulk.isPending}
            onChoose={(priority) => run('priority', { priority })}
          />
          <BulkSnoozeMenu
            cid={cid}
            disabled={bulk.isPending}
            onChoose={(until) => run('snooze', { until_ts: until ? until.toISOString() : null })}
          />
        </div>
      )}
      <FormDialog open={dialog === 'assign'} onOpenChange={(open) => !open && setDialog(null)}>
        <BulkAssignForm
          cid={cid}
          what={what}
          pending={bulk.isPending}
          onCancel={() => setDialog(null)}
          onSubmit={(userId) => run('assign', { user_id: userId })}
        />
      </FormDialog>
      <FormDialog open={dialog === 'transfer'} onOpenChange={(open) => !open && setDialog(null)}>
        <BulkTransferForm
          cid={cid}
          what={what}
          queues={queues}
          pending={bulk.isPending}
          onCancel={() => setDialog(null)}
          onSubmit={(queueId, reason) => run('transfer', { queue_id: queueId, transfer_reason: reason })}
        />
      </FormDialog>
      <FormDialog open={dialog === 'labels'} onOpenChange={(open) => !open && setDialog(null)}>
        <BulkLabelsForm
          cid={cid}
          what={what}
          pending={bulk.isPending}
          onCancel={() => setDialog(null)}
          onSubmit={(change) => run('labels', change)}
        />
      </FormDialog>
    </div>
  );
}
