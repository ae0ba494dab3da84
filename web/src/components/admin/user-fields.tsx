import { z } from 'zod';
import { FormText } from '@/components/form-fields';
import { optionalNewPassword } from '@/lib/password-field';
import { type FieldsetProps, fieldsOf } from './fieldset';

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
}: FieldsetProps<T> & { passwordLabel: string; passwordHint?: string }) {
  const f = fieldsOf<NewUserValues>(form);
  return (
    <>
      <FormText form={f} name="name" label="Name" autoFocus />
      <FormText form={f} name="email" label="Email" type="email" autoComplete="off" />
      <FormText
        form={f}
        name="password"
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        hint={passwordHint}
      />
    </>
  );
}
