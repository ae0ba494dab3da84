import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { NEW_USER_FIELDS, NewUserFieldset, NewUserForm } from '@/components/admin/user-fields';
import { DialogForm, formDialog } from '@/components/form-dialog';
import { showServerError } from '@/components/server-errors';
import { passwordIfGiven } from '@/lib/password-field';
import { useCreateUser } from '../api/users';

export const CreateUserDialog = formDialog(CreateUserForm);

function CreateUserForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateUser();
  const form = useForm({
    resolver: zodResolver(NewUserForm),
    defaultValues: { name: '', email: '', password: '' },
  });
  const submit = form.handleSubmit(({ password, ...rest }) =>
    create.mutate(
      { ...rest, ...passwordIfGiven(password) },
      {
        onSuccess: (u) => {
          onDone();
          navigate(`/platform-admin/user/${u.user_id}`);
        },
        onError: (err) => showServerError(err, form.setError, NEW_USER_FIELDS),
      },
    ),
  );
  return (
    <DialogForm
      title="Create user"
      description="The new user gets an email with a link to set a password (valid 7 days); a password set here works at once. Give the account companies, apps and queues on the next page."
      onSubmit={submit}
      onCancel={onDone}
      pending={create.isPending}
      pendingLabel="Creating..."
      submitLabel="Create user"
    >
      <NewUserFieldset form={form} passwordLabel="Password (optional)" />
    </DialogForm>
  );
}
