import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { APP_FIELDS, AppFieldset, AppForm, appDefaults } from '@/components/admin/app-fields';
import { DialogForm, formDialog } from '@/components/form-dialog';
import { PickerField } from '@/components/form-fields';
import { showServerError } from '@/components/server-errors';
import { useCreateAdminApp } from '../api/apps';
import { CompanyPicker } from './pickers';

const CreateAppSchema = AppForm.extend({ company_id: z.string().min(1, 'Choose a company') });

export const CreateAppDialog = formDialog(CreateAppForm);

function CreateAppForm({
  company,
  onDone,
}: {
  /** Given: the app is created in this company and no company is asked for. */
  company?: { company_id: number; company_name: string };
  onDone: () => void;
}) {
  const create = useCreateAdminApp();
  const form = useForm({
    resolver: zodResolver(CreateAppSchema),
    defaultValues: { ...appDefaults(), company_id: company ? String(company.company_id) : '' },
  });
  const submit = form.handleSubmit(({ company_id, ...rest }) =>
    create.mutate(
      { ...rest, company_id: Number(company_id) },
      {
        onSuccess: onDone,
        onError: (err) => showServerError(err, form.setError, ['company_id', ...APP_FIELDS]),
      },
    ),
  );
  return (
    <DialogForm
      title="Create app"
      description={company ? `A new app of ${company.company_name}.` : 'A brand or product of one company.'}
      onSubmit={submit}
      onCancel={onDone}
      pending={create.isPending}
      pendingLabel="Creating..."
      submitLabel="Create app"
    >
      {!company && (
        <PickerField
          control={form.control}
          name="company_id"
          label="Company"
          error={form.formState.errors.company_id?.message}
        >
          {(slot) => <CompanyPicker {...slot} />}
        </PickerField>
      )}
      <AppFieldset form={form} autoFocus={!!company} />
    </DialogForm>
  );
}
