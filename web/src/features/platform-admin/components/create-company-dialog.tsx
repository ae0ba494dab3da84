import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { COMPANY_FIELDS, CompanyFieldset, CompanyForm } from '@/components/admin/company-fields';
import { DialogForm, formDialog } from '@/components/form-dialog';
import { showServerError } from '@/components/server-errors';
import { useCreateCompany } from '../api/companies';

export const CreateCompanyDialog = formDialog(CreateCompanyForm);

function CreateCompanyForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateCompany();
  const form = useForm({
    resolver: zodResolver(CompanyForm),
    defaultValues: { company_name: '', timezone: 'UTC' },
  });
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (c) => {
        onDone();
        navigate(`/platform-admin/company/${c.company_id}`);
      },
      onError: (err) => showServerError(err, form.setError, COMPANY_FIELDS),
    }),
  );
  return (
    <DialogForm
      title="Create company"
      description="A new, empty company. Add its apps and members on the next page."
      onSubmit={submit}
      onCancel={onDone}
      pending={create.isPending}
      pendingLabel="Creating..."
      submitLabel="Create company"
    >
      <CompanyFieldset form={form} autoFocus />
    </DialogForm>
  );
}
