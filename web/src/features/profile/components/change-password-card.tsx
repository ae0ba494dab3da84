import { zodResolver } from '@hookform/resolvers/zod';
import { MIN_PASSWORD_LENGTH } from '@inbox/contract';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormText } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { TitledCard } from '@/components/ui/card';
import { ApiError, messageOf } from '@/lib/api-error';
import { useUpdateMe } from '../api';

const PasswordForm = z
  .object({
    current_password: z.string().min(1, 'Current password is required'),
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Passwords do not match' });
type PasswordValues = z.input<typeof PasswordForm>;

export function ChangePasswordCard() {
  const update = useUpdateMe();
  const form = useForm<PasswordValues>({
    resolver: zodResolver(PasswordForm),
    defaultValues: { current_password: '', password: '', confirm: '' },
  });
  const submit = form.handleSubmit(({ current_password, password }) =>
    update.mutate(
      { current_password, password },
      {
        onSuccess: () => {
          form.reset();
          toast.success('Password changed');
        },
        onError: (err) => {
          let shown = false;
          for (const field of ['current_password', 'password'] as const) {
            const message = err instanceof ApiError ? err.fieldError(field) : undefined;
            if (message) {
              form.setError(field, { message });
              shown = true;
            }
          }
          if (!shown) toast.error(messageOf(err, 'Failed to change password'));
        },
      },
    ),
  );

  return (
    <TitledCard
      title="Change password"
      description="Your other sessions are signed out when the password changes."
    >
      <form noValidate onSubmit={submit} className="grid gap-4" aria-label="Change password">
        <FormText
          form={form}
          name="current_password"
          label="Current password"
          type="password"
          autoComplete="current-password"
        />
        <FormText
          form={form}
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
        />
        <FormText
          form={form}
          name="confirm"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Changing...' : 'Change password'}
          </Button>
        </div>
      </form>
    </TitledCard>
  );
}
