import type { Plan, PlanId } from '@inbox/contract';
import { useQuery } from '@tanstack/react-query';
import { CheckIcon } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { QueryView } from '@/components/query-view';
import { toastError } from '@/components/server-errors';
import { ToneBadge } from '@/components/tone-badge';
import { Button } from '@/components/ui/button';
import { useSession } from '@/lib/session';
import { plansQuery, startCheckout, usageQuery } from './api';
import { limitText, RESOURCES } from './limits';

/** `/billing/setup`: the plans side by side; choosing one goes through the payment provider's checkout. */
export default function BillingSetupPage() {
  const company = useSession().company!;
  const plans = useQuery(plansQuery(company.company_id));
  const usage = useQuery(usageQuery(company.company_id));
  const navigate = useNavigate();
  const [choosing, setChoosing] = useState<PlanId | null>(null);
  const current = usage.data?.plan.plan_id;

  async function choose(plan: Plan) {
    setChoosing(plan.plan_id);
    try {
      const { checkout_url } = await startCheckout(plan.plan_id);
      // The local provider comes straight back here; a hosted one lives on another site.
      if (checkout_url.startsWith('/')) navigate(checkout_url);
      else window.location.assign(checkout_url);
    } catch (err) {
      toastError(err);
      setChoosing(null);
    }
  }

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 md:p-6">
      <PageHeader
        title="Choose a plan"
        description={`${company.company_name}: limits are per calendar month and only warn; customers’ messages always come in.`}
        back={{ to: '/admin?tab=billing', label: 'Back to billing' }}
      />
      <QueryView query={plans} loading="Loading plans" rows={4}>
        {(data) => (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Plans">
            {data.map((p) => (
              <li
                key={p.plan_id}
                className="flex flex-col gap-4 rounded-xl border bg-card p-5 text-card-foreground shadow-xs"
              >
                <div className="space-y-1">
                  <p className="flex items-center gap-2 font-semibold text-lg">
                    {p.name}
                    {p.plan_id === current && <ToneBadge tone="success">Current plan</ToneBadge>}
                  </p>
                  <p className="text-2xl tabular-nums">
                    {p.price_per_month === 0 ? 'Free' : `$${p.price_per_month}`}
                    {p.price_per_month > 0 && <span className="text-muted-foreground text-sm"> / month</span>}
                  </p>
                </div>
                <ul className="grid flex-1 gap-1.5 text-sm">
                  {RESOURCES.map((r) => (
                    <li key={r.key} className="flex items-center gap-2">
                      <CheckIcon className="size-4 shrink-0 text-success" aria-hidden />
                      {r.label}: {limitText(r, p.limits[r.key])}
                    </li>
                  ))}
                </ul>
                <Button
                  variant={p.plan_id === current ? 'outline' : 'default'}
                  disabled={p.plan_id === current || choosing !== null}
                  aria-label={p.plan_id === current || choosing ? undefined : `Choose the ${p.name} plan`}
                  onClick={() => choose(p)}
                >
                  {p.plan_id === current
                    ? 'Your plan'
                    : choosing === p.plan_id
                      ? 'Opening checkout...'
                      : 'Choose'}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </QueryView>
    </div>
  );
}
