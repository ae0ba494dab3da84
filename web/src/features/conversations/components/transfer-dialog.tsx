import { zodResolver } from '@hookform/resolvers/zod';
import { CONVERSATION_MESSAGES, type Conversation } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Field } from '@/components/field';
import { DialogForm, formDialog } from '@/components/form-dialog';
import { PickerField, TextAreaField } from '@/components/form-fields';
import { showServerError } from '@/components/server-errors';
import { NativeSelect } from '@/components/ui/input';
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
}

export const TransferDialog = formDialog(TransferBody);

function TransferBody({ cid, conversation: c, onDone }: TransferDialogProps & { onDone: () => void }) {
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
    <DialogForm
      title="Transfer conversation"
      description={`Hand #${c.number} to another queue, a colleague, or both. The reason is recorded in the thread for your team.`}
      onSubmit={submit}
      onCancel={onDone}
      pending={transfer.isPending}
      pendingLabel="Transferring..."
      submitLabel="Transfer"
    >
      <Field label="Queue" error={errors.queue_id?.message}>
        {(control) => (
          <NativeSelect {...control} disabled={queues.isPending} {...form.register('queue_id')}>
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
        )}
      </Field>
      <PickerField control={form.control} name="user_id" label="Person" error={errors.user_id?.message}>
        {(slot) => <UserPicker {...slot} cid={cid} clearLabel="Nobody in particular" />}
      </PickerField>
      <TextAreaField
        label="Reason"
        rows={undefined}
        placeholder="Why it moves, for whoever picks it up"
        error={errors.transfer_reason?.message}
        {...form.register('transfer_reason')}
      />
    </DialogForm>
  );
}
