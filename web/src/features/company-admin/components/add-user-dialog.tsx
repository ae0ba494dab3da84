import { zodResolver } from '@hookform/resolvers/zod';
import { COMPANY_ROLES, MIN_PASSWORD_LENGTH } from '@inbox/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { NEW_USER_FIELDS, NewUserFieldset, NewUserForm } from '@/components/admin/user-fields';
import { Field } from '@/components/field';
import { DialogForm, formDialog } from '@/components/form-dialog';
import { roleLabel } from '@/components/role-select';
import { showServerError } from '@/components/server-errors';
import { NativeSelect } from '@/components/ui/input';
import { passwordIfGiven } from '@/lib/password-field';
import { useAddCompanyUser } from '../api/users';

const AddUserForm = NewUserForm.extend({ company_role: z.enum(COMPANY_ROLES) });

export const AddUserDialog = formDialog(AddUserBody);

function AddUserBody({ companyId, onDone }: { companyId: number; onDone: () => void }) {
  const add = useAddCompanyUser(companyId);
  const form = useForm({
    resolver: zodResolver(AddUserForm),
    defaultValues: { name: '', email: '', password: '', company_role: 'agent' as const },
  });
  const submit = form.handleSubmit(({ password, ...rest }) =>
    add.mutate(
      { ...rest, ...passwordIfGiven(password) },
      {
        onSuccess: onDone,
        onError: (err) => showServerError(err, form.setError, [...NEW_USER_FIELDS, 'company_role']),
      },
    ),
  );
  return (
    <DialogForm
      title="Add user"
      description="Someone who already has an account is added by email; their name and password stay as they are. Anyone else gets a new account and an email with a link to set their password."
      onSubmit={submit}
      onCancel={onDone}
      pending={add.isPending}
      pendingLabel="Adding..."
      submitLabel="Add user"
    >
      <NewUserFieldset
        form={form}
        passwordLabel="Password (for new accounts)"
        passwordHint={`Optional: leave it empty and the new user chooses one from the email. At least ${MIN_PASSWORD_LENGTH} characters.`}
      />
      <Field label="Company role" error={form.formState.errors.company_role?.message}>
        {(control) => (
          <NativeSelect {...control} {...form.register('company_role')}>
            {COMPANY_ROLES.map((r) => (
              <option key={r} value={r}>
                {roleLabel(r)}
              </option>
            ))}
          </NativeSelect>
        )}
      </Field>
    </DialogForm>
  );
}
