import { zodResolver } from '@hookform/resolvers/zod';
import type { Queue } from '@inbox/contract';
import { useForm } from 'react-hook-form';
import {
  QUEUE_FIELDS,
  QUEUE_FORM_DESCRIPTION,
  QueueFieldset,
  QueueForm,
  queueDefaults,
} from '@/components/admin/queue-fields';
import { DialogForm, FormDialog } from '@/components/form-dialog';
import { showServerError } from '@/components/server-errors';
import { useCreateQueue, useUpdateQueue } from '../api/queues';

interface QueueFormDialogProps {
  companyId: number;
  appId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  queue?: Queue;
}

export function QueueFormDialog({ open, onOpenChange, ...rest }: QueueFormDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <QueueFormBody {...rest} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function QueueFormBody({
  companyId,
  appId,
  queue,
  onDone,
}: Omit<QueueFormDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const create = useCreateQueue(companyId, appId);
  const update = useUpdateQueue(companyId, appId);
  const form = useForm({ resolver: zodResolver(QueueForm), defaultValues: queueDefaults(queue) });
  const submit = form.handleSubmit((values) => {
    const onError = (err: unknown) => showServerError(err, form.setError, QUEUE_FIELDS);
    if (queue) update.mutate({ id: queue.queue_id, body: values }, { onSuccess: onDone, onError });
    else create.mutate({ ...values, app_id: appId }, { onSuccess: onDone, onError });
  });
  return (
    <DialogForm
      title={queue ? 'Edit queue' : 'Create queue'}
      description={QUEUE_FORM_DESCRIPTION}
      onSubmit={submit}
      onCancel={onDone}
      pending={create.isPending || update.isPending}
      submitLabel={queue ? 'Save changes' : 'Create queue'}
    >
      <QueueFieldset form={form} autoFocus />
    </DialogForm>
  );
}
