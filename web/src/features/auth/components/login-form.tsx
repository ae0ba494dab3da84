import { zodResolver } from '@hookform/resolvers/zod';
import { LoginBody, type LoginResult } from '@inbox/contract';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { FormText } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { messageOf } from '@/lib/api-error';
import { useLogin } from '../api';
import { FormError } from './form-error';

const Credentials = LoginBody.pick({ email: true, password: true });
type LoginFormValues = z.input<typeof Credentials>;

export const LOGIN_FAILED_FALLBACK = 'Login failed. Please check your credentials.';

export function LoginForm({
  forgotHref,
  onSignedIn,
}: {
  forgotHref: string;
  onSignedIn: (result: LoginResult) => void;
}) {
  const login = useLogin();
  const form = useForm<LoginFormValues>({
    resolver: zodResolver(Credentials),
    defaultValues: { email: '', password: '' },
  });
  const submit = form.handleSubmit((values) => login.mutate(values, { onSuccess: onSignedIn }));

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Sign in</CardTitle>
        <CardDescription>Enter your email and password to open the console.</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="grid gap-4">
          {login.error && <FormError message={messageOf(login.error, LOGIN_FAILED_FALLBACK)} />}
          <FormText form={form} name="email" label="Email" type="email" autoComplete="username" autoFocus />
          <FormText
            form={form}
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            labelAction={
              <Link
                to={forgotHref}
                className="text-muted-foreground text-sm underline-offset-4 hover:underline"
              >
                Forgot password?
              </Link>
            }
          />
          <Button type="submit" className="w-full" disabled={login.isPending}>
            {login.isPending ? 'Signing in...' : 'Sign In'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
