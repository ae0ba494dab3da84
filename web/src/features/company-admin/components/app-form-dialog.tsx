import { zodResolver } from '@hookform/resolvers/zod';
import type { App } from '@inbox/contract';
import { useForm } from 'react-hook-form';
import { APP_FIELDS, AppFieldset, AppForm, appDefaults } from '@/components/admin/app-fields';
import { DialogForm, formDialog } from '@/components/form-dialog';
import { showServerError } from '@/components/server-errors';
import { useCreateApp, useUpdateApp } from '../api/apps';

interface AppFormDialogProps {
  companyId: number;
  /** Given: edit this app; otherwise create one. */
  app?: App;
}

export const AppFormDialog = formDialog(AppFormBody);

function AppFormBody({ companyId, app, onDone }: AppFormDialogProps & { onDone: () => void }) {
  const create = useCreateApp(companyId);
  const update = useUpdateApp(companyId);
  const form = useForm({ resolver: zodResolver(AppForm), defaultValues: appDefaults(app) });
  const submit = form.handleSubmit((values) => {
    const onError = (err: unknown) => showServerError(err, form.setError, APP_FIELDS);
    if (app) update.mutate({ id: app.app_id, body: values }, { onSuccess: onDone, onError });
    else create.mutate(values, { onSuccess: onDone, onError });
  });
  return (
    <DialogForm
      title={app ? 'Edit app' : 'Create app'}
      description={
        app
          ? 'Change how this app is named and described, or take it offline.'
          : 'An app is a brand or product your customers contact. Queues and members are set up inside it.'
      }
      onSubmit={submit}
      onCancel={onDone}
      pending={create.isPending || update.isPending}
      submitLabel={app ? 'Save changes' : 'Create app'}
    >
      <AppFieldset form={form} autoFocus />
    </DialogForm>
  );
}
