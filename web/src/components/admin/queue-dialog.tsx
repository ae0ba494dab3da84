import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { DialogForm, formDialog } from '@/components/form-dialog';
import { showServerError } from '@/components/server-errors';
import {
  QUEUE_FIELDS,
  QUEUE_FORM_DESCRIPTION,
  QueueFieldset,
  QueueForm,
  queueDefaults,
} from './queue-fields';
import type { QueueWrites } from './queue-writes';
import type { QueueDialogSlot } from './queues-card';

const QueueDialogForm = QueueForm.extend({
  company_id: z.string(),
  app_id: z.string().min(1, 'Choose an app'),
});
export type QueueDialogValues = z.infer<typeof QueueDialogForm>;

interface QueueDialogProps extends QueueDialogSlot {
  writes: Pick<QueueWrites, 'create' | 'update'>;
  /** Given: create in (or edit a queue of) this app; otherwise `chooseApp` shows where to create it. */
  appId?: number;
  chooseApp?: (form: UseFormReturn<QueueDialogValues>) => ReactNode;
}

/** Create or edit a queue, in both admins (the company admin's app page, the platform admin's lists). */
export const QueueDialog = formDialog(QueueFormBody);

function QueueFormBody({
  writes: { create, update },
  appId,
  queue,
  chooseApp,
  onDone,
}: QueueDialogProps & { onDone: () => void }) {
  const fixedApp = appId ?? queue?.app_id;
  const form = useForm({
    resolver: zodResolver(QueueDialogForm),
    defaultValues: { ...queueDefaults(queue), company_id: '', app_id: fixedApp ? String(fixedApp) : '' },
  });
  const submit = form.handleSubmit(({ company_id: _, app_id, ...body }) => {
    const onError = (err: unknown) => showServerError(err, form.setError, ['app_id', ...QUEUE_FIELDS]);
    if (queue) update.mutate({ id: queue.queue_id, body }, { onSuccess: onDone, onError });
    else create.mutate({ ...body, app_id: Number(app_id) }, { onSuccess: onDone, onError });
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
      {!fixedApp && chooseApp?.(form)}
      <QueueFieldset form={form} autoFocus={!!fixedApp} />
    </DialogForm>
  );
}
