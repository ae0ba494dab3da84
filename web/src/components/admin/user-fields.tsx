import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { TextField } from '@/components/ui/text-field';
import { optionalNewPassword } from '@/lib/password-field';
import { fieldsOf } from './fieldset';

export const NewUserForm = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.string().trim().min(1, 'Email is required').pipe(z.email('Please enter a valid email address')),
  password: optionalNewPassword,
});
export type NewUserValues = z.infer<typeof NewUserForm>;
export const NEW_USER_FIELDS = ['name', 'email', 'password'] as const;

/** Name, email and an optional first password: adding a user to a company, or creating one platform-wide. */
export function NewUserFieldset<T extends NewUserValues>({
  form,
  passwordLabel,
  passwordHint,
}: {
  form: UseFormReturn<T>;
  passwordLabel: string;
  passwordHint?: string;
}) {
  const { register, formState } = fieldsOf<NewUserValues>(form);
  const { errors } = formState;
  return (
    <>
      <TextField label="Name" autoFocus error={errors.name?.message} {...register('name')} />
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        hint={passwordHint}
        error={errors.password?.message}
        {...register('password')}
      />
    </>
  );
}
