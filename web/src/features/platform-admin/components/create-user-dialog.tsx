import { zodResolver } from '@hookform/resolvers/zod';
import { MIN_PASSWORD_LENGTH } from '@inbox/contract';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { showServerError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { optionalNewPassword, passwordIfGiven } from '@/lib/password-field';
import { useCreateUser } from '../api/users';
import { FormDialog } from './form-dialog';

const UserForm = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email address')),
  password: optionalNewPassword,
});

export function CreateUserDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange}>
      <CreateUserForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CreateUserForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateUser();
  const form = useForm({
    resolver: zodResolver(UserForm),
    defaultValues: { name: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ password, ...rest }) =>
    create.mutate(
      { ...rest, ...passwordIfGiven(password) },
      {
        onSuccess: (u) => {
          onDone();
          navigate(`/platform-admin/user/${u.user_id}`);
        },
        onError: (err) => showServerError(err, form.setError, ['name', 'email', 'password']),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>Create user</DialogTitle>
        <DialogDescription>
          The new user gets an email with a link to set a password (valid 7 days); a password set here works
          at once. Give the account companies, apps and queues on the next page.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="new_user_name">Name</Label>
        <Input id="new_user_name" autoFocus aria-invalid={!!errors.name} {...form.register('name')} />
        <FieldError message={errors.name?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="new_user_email">Email</Label>
        <Input
          id="new_user_email"
          type="email"
          autoComplete="off"
          aria-invalid={!!errors.email}
          {...form.register('email')}
        />
        <FieldError message={errors.email?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="new_user_password">Password (optional)</Label>
        <Input
          id="new_user_password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.password}
          {...form.register('password')}
        />
        <FieldError message={errors.password?.message} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Creating...' : 'Create user'}
        </Button>
      </DialogFooter>
    </form>
  );
}
