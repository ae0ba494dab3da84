import type { LoginResult } from '@inbox/contract';
import { CircleCheckIcon } from 'lucide-react';
import { useRef } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { safeRedirect } from '@/lib/auth-paths';
import { startSession, useSession } from '@/lib/session';
import { ForgotPasswordForm } from './components/forgot-password-form';
import { LoginForm } from './components/login-form';

export interface LoginLocationState {
  /** A success sentence to show above the form (for example after a password reset). */
  message?: string;
  /** Set by Sign Out, whose session is still being closed while this page already shows. */
  signedOut?: boolean;
}

/** /login: the sign-in form, or with mode=forgot-password the reset-link request (product spec section 2). */
export default function LoginPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { token } = useSession();
  const signingIn = useRef(false);
  const state = (location.state ?? null) as LoginLocationState | null;
  const target = safeRedirect(params.get('redirect'));

  // A signed-in user opening /login goes straight on to where the login would have led.
  if (token && !state?.signedOut && !signingIn.current) return <Navigate to={target} replace />;

  const onSignedIn = (result: LoginResult) => {
    signingIn.current = true;
    startSession(result);
    navigate(target, { replace: true });
  };

  /** Switches between the two forms in the URL, keeping the redirect target. */
  const modeLink = (forgot: boolean) => {
    const next = new URLSearchParams(params);
    if (forgot) next.set('mode', 'forgot-password');
    else next.delete('mode');
    const query = next.toString();
    return `/login${query ? `?${query}` : ''}`;
  };

  const forgot = params.get('mode') === 'forgot-password';
  return (
    <div className="grid gap-4">
      {state?.message && (
        <Alert variant="success">
          <CircleCheckIcon />
          <AlertDescription>{state.message}</AlertDescription>
        </Alert>
      )}
      {forgot ? (
        <ForgotPasswordForm
          signInHref={modeLink(false)}
          onSent={() => navigate(modeLink(false), { replace: true })}
        />
      ) : (
        <LoginForm forgotHref={modeLink(true)} onSignedIn={onSignedIn} />
      )}
    </div>
  );
}
