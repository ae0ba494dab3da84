import { zodResolver } from '@hookform/resolvers/zod';
import { MIN_PASSWORD_LENGTH } from '@inbox/contract';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { FormText } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { messageOf } from '@/lib/api-error';
import { useResetPassword } from './api';
import { FormError } from './components/form-error';
import type { LoginLocationState } from './login-page';

/** Product spec section 5: at least 6 characters, and both fields equal. */
const NewPasswordForm = z
  .object({
    password: z
      .string()
      .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`),
    confirm: z.string(),
  })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'Passwords do not match' });

export const RESET_FAILED_FALLBACK = 'Failed to reset password. Please try again.';
export const RESET_DONE_MESSAGE = 'Password reset successful! Please log in with your new password.';

/** /password-reset/:hash, the page a mailed reset link opens. */
export default function PasswordResetPage() {
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm<z.input<typeof NewPasswordForm>>({
    resolver: zodResolver(NewPasswordForm),
    defaultValues: { password: '', confirm: '' },
  });
  const validHash = hash.trim() !== '';

  const submit = form.handleSubmit(({ password }) =>
    reset.mutate(
      { hash, password },
      {
        onSuccess: () => {
          toast.success('Password reset successful');
          navigate('/login', {
            replace: true,
            state: { message: RESET_DONE_MESSAGE } satisfies LoginLocationState,
          });
        },
      },
    ),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Set a new password</CardTitle>
        <CardDescription>Choose a new password of at least {MIN_PASSWORD_LENGTH} characters.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          {!validHash && <FormError message="Invalid reset link" />}
          {reset.error && <FormError message={messageOf(reset.error, RESET_FAILED_FALLBACK)} />}
          <FormText
            form={form}
            name="password"
            label="New Password"
            type="password"
            autoComplete="new-password"
            autoFocus
            disabled={!validHash}
          />
          <FormText
            form={form}
            name="confirm"
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            disabled={!validHash}
          />
          <Button type="submit" className="w-full" disabled={!validHash || reset.isPending}>
            {reset.isPending ? 'Resetting...' : 'Reset Password'}
          </Button>
          <p className="text-center text-muted-foreground text-sm">
            <Link
              to={validHash ? '/login' : '/login?mode=forgot-password'}
              className="font-medium text-foreground underline-offset-4 hover:underline"
            >
              {validHash ? 'Back to sign in' : 'Request a new link'}
            </Link>
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
