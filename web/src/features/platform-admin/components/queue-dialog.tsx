import { zodResolver } from '@hookform/resolvers/zod';
import type { Queue } from '@inbox/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  QUEUE_FIELDS,
  QUEUE_FORM_DESCRIPTION,
  QueueFieldset,
  QueueForm,
  queueDefaults,
} from '@/components/admin/queue-fields';
import { DialogForm, FormDialog } from '@/components/form-dialog';
import { PickerField } from '@/components/form-fields';
import { showServerError } from '@/components/server-errors';
import { useCreateAdminQueue, useUpdateAdminQueue } from '../api/queues';
import { AppPicker, CompanyPicker } from './pickers';

const PlatformQueueForm = QueueForm.extend({
  company_id: z.string(),
  app_id: z.string().min(1, 'Choose an app'),
});

interface QueueDialogProps {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  /** Given: create in (or edit a queue of) this app; otherwise company and app are chosen. */
  appId?: number;
  queue?: Queue;
}

export function QueueDialog({ open, onOpenChange, ...rest }: QueueDialogProps) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <QueueFormBody {...rest} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function QueueFormBody({
  appId,
  queue,
  onDone,
}: Omit<QueueDialogProps, 'open' | 'onOpenChange'> & { onDone: () => void }) {
  const create = useCreateAdminQueue();
  const update = useUpdateAdminQueue();
  const fixedApp = appId ?? queue?.app_id;
  const form = useForm({
    resolver: zodResolver(PlatformQueueForm),
    defaultValues: { ...queueDefaults(queue), company_id: '', app_id: fixedApp ? String(fixedApp) : '' },
  });
  const companyId = form.watch('company_id');
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
      {!fixedApp && (
        <>
          <PickerField control={form.control} name="company_id" label="Company">
            {(slot) => (
              <CompanyPicker
                {...slot}
                onChange={(v) => {
                  slot.onChange(v);
                  form.setValue('app_id', '');
                }}
              />
            )}
          </PickerField>
          <PickerField
            control={form.control}
            name="app_id"
            label="App"
            error={form.formState.errors.app_id?.message}
          >
            {(slot) => (
              <AppPicker
                {...slot}
                companyId={companyId ? Number(companyId) : undefined}
                disabled={!companyId}
              />
            )}
          </PickerField>
        </>
      )}
      <QueueFieldset form={form} autoFocus={!!fixedApp} />
    </DialogForm>
  );
}
