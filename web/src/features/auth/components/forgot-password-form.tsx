import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordResetBody } from '@inbox/contract';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { FormText } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { messageOf } from '@/lib/api-error';
import { useRequestPasswordReset } from '../api';
import { FormError } from './form-error';

export const RESET_REQUEST_FALLBACK = 'Failed to request password reset. Please try again.';

/** The login page's reset mode: mails a reset link, then returns to the sign-in form. */
export function ForgotPasswordForm({ signInHref, onSent }: { signInHref: string; onSent: () => void }) {
  const request = useRequestPasswordReset();
  const form = useForm<z.input<typeof PasswordResetBody>>({
    resolver: zodResolver(PasswordResetBody),
    defaultValues: { email: '' },
  });
  const submit = form.handleSubmit((values) =>
    request.mutate(values, {
      onSuccess: (answer) => {
        if (answer?.code !== 'success') return;
        toast.success(answer.message);
        onSent();
      },
    }),
  );
  const failed =
    request.error !== null || (request.isSuccess && request.data?.code !== 'success')
      ? messageOf(request.error, RESET_REQUEST_FALLBACK)
      : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Reset your password</CardTitle>
        <CardDescription>
          Enter your email address and we will send you a link to set a new password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          {failed && <FormError message={failed} />}
          <FormText form={form} name="email" label="Email" type="email" autoComplete="email" autoFocus />
          <Button type="submit" className="w-full" disabled={request.isPending}>
            {request.isPending ? 'Sending...' : 'Send Reset Link'}
          </Button>
          <p className="text-center text-muted-foreground text-sm">
            Remembered it?{' '}
            <Link to={signInHref} className="font-medium text-foreground underline-offset-4 hover:underline">
              Sign in
            </Link>
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
