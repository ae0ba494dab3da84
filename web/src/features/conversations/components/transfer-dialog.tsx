import { zodResolver } from '@hookform/resolvers/zod';
import { CONVERSATION_MESSAGES, type Conversation } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { showServerError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { NativeSelect, Textarea } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { inboxQueuesQuery } from '../api';
import { ACTION_TEXT, useTransfer } from '../api-actions';
import { UserPicker } from './user-picker';

/** The contract's rules in its words: a reason, and a queue or a user (or both). */
export const TransferForm = z
  .object({ queue_id: z.string(), user_id: z.string(), transfer_reason: z.string() })
  .superRefine((v, ctx) => {
    if (!v.queue_id && !v.user_id) {
      ctx.addIssue({
        code: 'custom',
        path: ['queue_id'],
        message: CONVERSATION_MESSAGES.transferTargetRequired,
      });
    }
    if (!v.transfer_reason.trim()) {
      ctx.addIssue({
        code: 'custom',
        path: ['transfer_reason'],
        message: CONVERSATION_MESSAGES.transferReasonRequired,
      });
    }
  });

interface TransferDialogProps {
  cid: number;
  conversation: Conversation;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function TransferDialog({ open, onOpenChange, ...rest }: TransferDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>{open && <TransferBody {...rest} onDone={() => onOpenChange(false)} />}</DialogContent>
    </Dialog>
  );
}

function TransferBody({
  cid,
  conversation: c,
  onDone,
}: Omit<TransferDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const queues = useQuery(inboxQueuesQuery(cid, c.app_id));
  const transfer = useTransfer(cid);
  const form = useForm({
    resolver: zodResolver(TransferForm),
    defaultValues: { queue_id: '', user_id: '', transfer_reason: '' },
  });
  const { errors } = form.formState;
  const targets = (queues.data?.data ?? []).filter((q) => q.is_active);
  const submit = form.handleSubmit((v) =>
    transfer.mutate(
      {
        conversation_id: c.conversation_id,
        queue_id: v.queue_id ? Number(v.queue_id) : undefined,
        user_id: v.user_id ? Number(v.user_id) : undefined,
        transfer_reason: v.transfer_reason.trim(),
      },
      {
        onSuccess: onDone,
        onError: (err) =>
          showServerError(
            err,
            form.setError,
            ['queue_id', 'user_id', 'transfer_reason'],
            ACTION_TEXT.transferFailed,
          ),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
      <DialogHeader>
        <DialogTitle>Transfer conversation</DialogTitle>
        <DialogDescription>
          Hand #{c.number} to another queue, a colleague, or both. The reason is recorded in the thread for
          your team.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="transfer-queue">Queue</Label>
        <NativeSelect
          id="transfer-queue"
          aria-invalid={errors.queue_id ? true : undefined}
          disabled={queues.isPending}
          {...form.register('queue_id')}
        >
          <option value="">{c.queue_name ? `Keep ${c.queue_name}` : 'Keep the current queue'}</option>
          {targets
            .filter((q) => q.queue_id !== c.queue_id)
            .map((q) => (
              <option key={q.queue_id} value={q.queue_id}>
                {q.queue_name}
                {q.is_private ? ' (private)' : ''}
              </option>
            ))}
        </NativeSelect>
        <FieldError message={errors.queue_id?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="transfer-user">Person</Label>
        <Controller
          control={form.control}
          name="user_id"
          render={({ field }) => (
            <UserPicker
              id="transfer-user"
              cid={cid}
              value={field.value}
              onChange={field.onChange}
              clearLabel="Nobody in particular"
              invalid={!!errors.user_id}
            />
          )}
        />
        <FieldError message={errors.user_id?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="transfer-reason">Reason</Label>
        <Textarea
          id="transfer-reason"
          placeholder="Why it moves, for whoever picks it up"
          aria-invalid={errors.transfer_reason ? true : undefined}
          {...form.register('transfer_reason')}
        />
        <FieldError message={errors.transfer_reason?.message} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={transfer.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={transfer.isPending}>
          {transfer.isPending ? 'Transferring...' : 'Transfer'}
        </Button>
      </DialogFooter>
    </form>
  );
}
