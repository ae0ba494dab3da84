import { CONVERSATION_MESSAGES, type Queue } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Field } from '@/components/field';
import { DialogForm } from '@/components/form-dialog';
import { NativeSelect, Textarea } from '@/components/ui/input';
import { labelsQuery } from '@/lib/labels';
import { UserPicker } from './user-picker';

interface BulkDialogProps {
  cid: number;
  /** "12 conversations", "all 1,234 matching conversations". */
  what: string;
  pending: boolean;
  onCancel: () => void;
}

/** Assign many: the server refuses, one by one, those the person cannot work (the result toast lists them). */
export function BulkAssignForm({
  cid,
  what,
  pending,
  onCancel,
  onSubmit,
}: BulkDialogProps & { onSubmit: (userId: number) => void }) {
  const [userId, setUserId] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (userId) onSubmit(Number(userId));
  };
  return (
    <DialogForm
      title="Assign conversations"
      description={`Assign ${what} to one person. Those in a queue they cannot work stay as they are.`}
      onSubmit={submit}
      onCancel={onCancel}
      pending={pending}
      pendingLabel="Assigning..."
      submitLabel="Assign"
      submitDisabled={!userId}
    >
      <Field label="Assign to">
        {(control) => <UserPicker id={control.id} cid={cid} value={userId} onChange={setUserId} />}
      </Field>
    </DialogForm>
  );
}

/** Transfer many to one queue of the app, with the reason every thread records. */
export function BulkTransferForm({
  what,
  pending,
  onCancel,
  onSubmit,
  queues,
}: BulkDialogProps & { queues: Queue[]; onSubmit: (queueId: number, reason: string) => void }) {
  const [queueId, setQueueId] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ queue?: string; reason?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = {
      ...(queueId ? {} : { queue: 'Choose a queue to transfer to' }),
      ...(reason.trim() ? {} : { reason: CONVERSATION_MESSAGES.transferReasonRequired }),
    };
    setErrors(next);
    if (Object.keys(next).length === 0) onSubmit(Number(queueId), reason.trim());
  };
  return (
    <DialogForm
      title="Transfer conversations"
      description={`Move ${what} to another queue. Holders who cannot work it are unassigned.`}
      onSubmit={submit}
      onCancel={onCancel}
      pending={pending}
      pendingLabel="Transferring..."
      submitLabel="Transfer"
    >
      <Field label="Queue" error={errors.queue}>
        {(control) => (
          <NativeSelect {...control} value={queueId} onChange={(e) => setQueueId(e.target.value)}>
            <option value="">Choose a queue</option>
            {queues
              .filter((q) => q.is_active)
              .map((q) => (
                <option key={q.queue_id} value={q.queue_id}>
                  {q.queue_name}
                  {q.is_private ? ' (private)' : ''}
                </option>
              ))}
          </NativeSelect>
        )}
      </Field>
      <Field label="Reason" error={errors.reason}>
        {(control) => (
          <Textarea
            {...control}
            rows={2}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Why they move, for whoever picks them up"
          />
        )}
      </Field>
    </DialogForm>
  );
}

/** Put one label on many, or take it off them: the others they carry stay. */
export function BulkLabelsForm({
  cid,
  what,
  pending,
  onCancel,
  onSubmit,
}: BulkDialogProps & { onSubmit: (change: { add: number[]; remove: number[] }) => void }) {
  const labels = useQuery(labelsQuery(cid));
  const all = Array.isArray(labels.data) ? labels.data : [];
  const [labelId, setLabelId] = useState('');
  const [mode, setMode] = useState<'add' | 'remove'>('add');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!labelId) return;
    const id = Number(labelId);
    onSubmit(mode === 'add' ? { add: [id], remove: [] } : { add: [], remove: [id] });
  };
  return (
    <DialogForm
      title="Label conversations"
      description={`Add a label to ${what}, or remove one from them.`}
      onSubmit={submit}
      onCancel={onCancel}
      pending={pending}
      pendingLabel="Saving..."
      submitLabel={mode === 'add' ? 'Add label' : 'Remove label'}
      submitDisabled={!labelId}
    >
      <Field label="Change">
        {(control) => (
          <NativeSelect
            {...control}
            value={mode}
            onChange={(e) => setMode(e.target.value as 'add' | 'remove')}
          >
            <option value="add">Add a label</option>
            <option value="remove">Remove a label</option>
          </NativeSelect>
        )}
      </Field>
      <Field label="Label">
        {(control) => (
          <NativeSelect {...control} value={labelId} onChange={(e) => setLabelId(e.target.value)}>
            <option value="">{labels.isPending ? 'Loading labels...' : 'Choose a label'}</option>
            {all.map((l) => (
              <option key={l.label_id} value={l.label_id}>
                {l.name}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
    </DialogForm>
  );
}
