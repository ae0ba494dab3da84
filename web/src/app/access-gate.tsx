import { ShieldXIcon } from 'lucide-react';
import { Outlet } from 'react-router';
import { LinkButton } from '@/components/link-button';
import { type SessionSnapshot, useSession } from '@/lib/session';

/** Renders its routes only for users the rule admits; others get a plain "no access" state, not an error. */
export function AccessGate({ allow }: { allow: (session: SessionSnapshot) => boolean }) {
  const session = useSession();
  if (allow(session)) return <Outlet />;
  return (
    <section className="mx-auto flex max-w-md flex-1 flex-col items-center justify-center gap-3 p-4 py-16 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-muted">
        <ShieldXIcon className="size-6 text-muted-foreground" aria-hidden="true" />
      </span>
      <h1 className="font-semibold text-xl">You do not have access to this page</h1>
      <p className="text-muted-foreground text-sm">
        Ask an administrator of your company if you need access.
      </p>
      <LinkButton to="/dashboard" variant="outline">
        Go to Dashboard
      </LinkButton>
    </section>
  );
}
