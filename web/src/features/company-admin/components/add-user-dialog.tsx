import { zodResolver } from '@hookform/resolvers/zod';
import { COMPANY_ROLES, MIN_PASSWORD_LENGTH } from '@inbox/contract';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { roleLabel } from '@/components/role-select';
import { showServerError } from '@/components/server-errors';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input, NativeSelect } from '@/components/ui/input';
import { FieldError, Label } from '@/components/ui/label';
import { optionalNewPassword, passwordIfGiven } from '@/lib/password-field';
import { useAddCompanyUser } from '../api/users';

const AddUserForm = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email address')),
  password: optionalNewPassword,
  company_role: z.enum(COMPANY_ROLES),
});

interface AddUserDialogProps {
  companyId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function AddUserDialog({ companyId, open, onOpenChange }: AddUserDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {open && <AddUserBody companyId={companyId} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function AddUserBody({ companyId, onDone }: { companyId: number; onDone: () => void }) {
  const add = useAddCompanyUser(companyId);
  const form = useForm({
    resolver: zodResolver(AddUserForm),
    defaultValues: { name: '', email: '', password: '', company_role: 'agent' as const },
  });
  const { errors } = form.formState;
  const submit = form.handleSubmit(({ password, ...rest }) =>
    add.mutate(
      { ...rest, ...passwordIfGiven(password) },
      {
        onSuccess: onDone,
        onError: (err) => showServerError(err, form.setError, ['name', 'email', 'password', 'company_role']),
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="grid min-w-0 grid-cols-1 gap-4">
      <DialogHeader>
        <DialogTitle>Add user</DialogTitle>
        <DialogDescription>
          Someone who already has an account is added by email; their name and password stay as they are.
          Anyone else gets a new account and an email with a link to set their password.
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-2">
        <Label htmlFor="user_name">Name</Label>
        <Input id="user_name" autoFocus aria-invalid={!!errors.name} {...form.register('name')} />
        <FieldError message={errors.name?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="user_email">Email</Label>
        <Input
          id="user_email"
          type="email"
          autoComplete="off"
          aria-invalid={!!errors.email}
          {...form.register('email')}
        />
        <FieldError message={errors.email?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="user_password">Password (for new accounts)</Label>
        <Input
          id="user_password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.password}
          aria-describedby="user_password-hint"
          {...form.register('password')}
        />
        <p id="user_password-hint" className="text-muted-foreground text-xs">
          Optional: leave it empty and the new user chooses one from the email. At least {MIN_PASSWORD_LENGTH}{' '}
          characters.
        </p>
        <FieldError message={errors.password?.message} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="user_role">Company role</Label>
        <NativeSelect id="user_role" {...form.register('company_role')}>
          {COMPANY_ROLES.map((r) => (
            <option key={r} value={r}>
              {roleLabel(r)}
            </option>
          ))}
        </NativeSelect>
        <FieldError message={errors.company_role?.message} />
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={add.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add user'}
        </Button>
      </DialogFooter>
    </form>
  );
}
