import { CircleCheckIcon } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorState } from '@/components/error-state';
import { LinkButton } from '@/components/link-button';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/session';
import { useConfirmCheckout } from './api';

/** `/billing/success`: where the checkout sends the browser back; confirms the session once and says so. */
export default function BillingSuccessPage() {
  const company = useSession().company!;
  const [params] = useSearchParams();
  const session = params.get('session');
  const confirm = useConfirmCheckout(company.company_id);
  const asked = useRef(false);
  useEffect(() => {
    if (session && !asked.current) {
      asked.current = true;
      confirm.mutate(session);
    }
  }, [session, confirm]);

  let body: ReactNode;
  if (!session)
    body = (
      <ErrorState error={null} fallback="This page is reached from a checkout; no checkout was given." />
    );
  else if (confirm.isError) body = <ErrorState error={confirm.error} />;
  else if (!confirm.data) body = <Skeleton className="h-32 w-full" aria-label="Confirming your plan" />;
  else
    body = (
      <div className="flex flex-col items-center gap-3 text-center">
        <CircleCheckIcon className="size-12 text-success" aria-hidden />
        <h1 className="font-semibold text-2xl">You are on the {confirm.data.plan.name} plan</h1>
        <p className="text-muted-foreground text-sm">
          {company.company_name} now has its limits. Usage so far this month is counted against them.
        </p>
      </div>
    );
  return (
    <div className="mx-auto flex w-full max-w-lg flex-col items-center gap-6 p-4 py-16">
      {body}
      <LinkButton to="/admin?tab=billing" variant="outline">
        Back to billing
      </LinkButton>
    </div>
  );
}
