import type { Conversation } from '@inbox/contract';
import {
  ArrowRightLeftIcon,
  CheckCheckIcon,
  ChevronDownIcon,
  EllipsisVerticalIcon,
  LinkIcon,
  RotateCcwIcon,
  SparklesIcon,
  Trash2Icon,
  UserCheckIcon,
  UserMinusIcon,
  UserPlusIcon,
} from 'lucide-react';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import {
  useAiSummary,
  useAssign,
  useDeleteConversation,
  useReopen,
  useResolve,
  useSecureLink,
  useUnassign,
} from '../api-actions';
import { AssignDialog } from './assign-dialog';
import { SummaryDialog } from './summary-dialog';
import { TransferDialog } from './transfer-dialog';

interface ThreadActionsProps {
  cid: number;
  conversation: Conversation;
  meId: number | undefined;
  onDeleted: () => void;
}

type DialogName = 'assign' | 'transfer' | 'summary' | 'delete' | null;

/**
 * What an agent does with a conversation. Wide screens show Assign, Transfer and Resolve as buttons; on a
 * phone they join the AI summary, secure link and delete in the actions menu. A resolved or closed
 * conversation shows Reopen.
 */
export function ThreadActions({ cid, conversation: c, meId, onDeleted }: ThreadActionsProps) {
  const [dialog, setDialog] = useState<DialogName>(null);
  const assign = useAssign(cid);
  const unassign = useUnassign(cid);
  const resolve = useResolve(cid);
  const reopen = useReopen(cid);
  const remove = useDeleteConversation(cid);
  const summary = useAiSummary();
  const secureLink = useSecureLink(cid);
  const id = c.conversation_id;
  const mine = meId !== undefined && c.assigned_user?.user_id === meId;
  const busy = assign.isPending || unassign.isPending;

  const assignToMe = () => meId !== undefined && assign.mutate({ conversation_id: id, user_id: meId });
  const doUnassign = () => unassign.mutate({ conversation_id: id });
  const summarize = () => {
    setDialog('summary');
    summary.mutate(id, { onError: () => setDialog(null) });
  };
  const assignItems = (
    <>
      {!mine && (
        <DropdownMenuItem onSelect={assignToMe} disabled={busy || meId === undefined}>
          <UserCheckIcon aria-hidden />
          Assign to me
        </DropdownMenuItem>
      )}
      <DropdownMenuItem onSelect={() => setDialog('assign')}>
        <UserPlusIcon aria-hidden />
        Assign to someone else...
      </DropdownMenuItem>
      {c.assigned_user && (
        <DropdownMenuItem onSelect={doUnassign} disabled={busy}>
          <UserMinusIcon aria-hidden />
          Unassign
        </DropdownMenuItem>
      )}
    </>
  );

  return (
    <div className="flex shrink-0 items-center gap-1.5">
      <div className="hidden items-center gap-1.5 lg:flex">
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm" disabled={busy}>
              <UserPlusIcon aria-hidden />
              Assign
              <ChevronDownIcon className="opacity-60" aria-hidden />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">{assignItems}</DropdownMenuContent>
        </DropdownMenu>
        <Button variant="outline" size="sm" onClick={() => setDialog('transfer')}>
          <ArrowRightLeftIcon aria-hidden />
          Transfer
        </Button>
      </div>
      {(c.status === 'resolved' || c.status === 'closed') && (
        <Button
          variant="outline"
          size="sm"
          onClick={() => reopen.mutate({ conversation_id: id })}
          disabled={reopen.isPending}
        >
          <RotateCcwIcon aria-hidden />
          {reopen.isPending ? 'Reopening...' : 'Reopen'}
        </Button>
      )}
      {c.status !== 'resolved' && (
        <Button
          size="sm"
          onClick={() => resolve.mutate({ conversation_id: id })}
          disabled={resolve.isPending}
        >
          <CheckCheckIcon aria-hidden />
          {resolve.isPending ? 'Resolving...' : 'Resolve'}
        </Button>
      )}
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="ghost" size="icon" className="size-8" aria-label="More actions">
            <EllipsisVerticalIcon aria-hidden />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-56">
          <div className="lg:hidden">
            {assignItems}
            <DropdownMenuItem onSelect={() => setDialog('transfer')}>
              <ArrowRightLeftIcon aria-hidden />
              Transfer...
            </DropdownMenuItem>
            <DropdownMenuSeparator />
          </div>
          <DropdownMenuItem onSelect={summarize}>
            <SparklesIcon aria-hidden />
            AI summary
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => secureLink.mutate(id)} disabled={secureLink.isPending}>
            <LinkIcon aria-hidden />
            Send secure link
          </DropdownMenuItem>
          {c.can_delete && (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem variant="destructive" onSelect={() => setDialog('delete')}>
                <Trash2Icon aria-hidden />
                Delete conversation
              </DropdownMenuItem>
            </>
          )}
        </DropdownMenuContent>
      </DropdownMenu>

      <AssignDialog
        cid={cid}
        conversationId={id}
        open={dialog === 'assign'}
        onOpenChange={(o) => setDialog(o ? 'assign' : null)}
      />
      <TransferDialog
        cid={cid}
        conversation={c}
        open={dialog === 'transfer'}
        onOpenChange={(o) => setDialog(o ? 'transfer' : null)}
      />
      <SummaryDialog
        open={dialog === 'summary'}
        onOpenChange={(o) => setDialog(o ? 'summary' : null)}
        summary={summary.data}
        pending={summary.isPending}
        onRegenerate={() => summary.mutate(id)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(o) => setDialog(o ? 'delete' : null)}
        title="Delete conversation?"
        description={`Conversation #${c.number} with ${c.customer.name} is deleted for good, with all its messages and files. This cannot be undone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: () => {
              setDialog(null);
              onDeleted();
            },
          })
        }
      />
    </div>
  );
}
