import { BillingUsage, Checkout, CheckoutBody, ConfirmBody, Plan } from '@inbox/contract';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/envelope.ts';
import { companyPlugin, spec } from '../../http/route-spec.ts';
import { requireCompanyAdmin } from '../access/app-roles.ts';
import { changePlan, listPlans } from './plans.ts';
import { localPaymentProvider } from './provider.ts';
import { currentUsage } from './usage.ts';

const ADMIN = 'Company admins only (contract section 4).';

/** Billing (contract section 11): usage against the plan, and changing plan through the payment provider. */
export const billingRoutes = companyPlugin('billing', async (app) => {
  const provider = localPaymentProvider(app.deps.config.jwtSecret);

  app.get(
    '/billing/usage/current',
    spec(
      'This month’s usage (in the company’s timezone) against the plan’s limits',
      { description: `${ADMIN} Limits warn; they never stop a customer’s message.` },
      BillingUsage,
    ),
    async (request) => {
      requireCompanyAdmin(request.companyCtx!);
      return ok(await currentUsage(request.companyCtx!));
    },
  );

  app.get(
    '/billing/plans',
    spec('The plans to choose from', { description: ADMIN }, z.array(Plan)),
    async (request) => {
      requireCompanyAdmin(request.companyCtx!);
      return ok(listPlans());
    },
  );

  app.post(
    '/billing/checkout',
    spec(
      'Start paying for a plan: answers where to send the browser',
      {
        description: `${ADMIN} The built-in provider charges nothing and sends the browser straight to /billing/success.`,
        body: CheckoutBody,
      },
      Checkout,
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      requireCompanyAdmin(ctx);
      const { checkoutUrl } = await provider.checkout(
        ctx.companyId,
        request.body.plan_id,
        app.deps.config.publicUrl,
      );
      return ok({ checkout_url: checkoutUrl });
    },
  );

  app.post(
    '/billing/confirm',
    spec(
      'Confirm a finished checkout: the company moves to the plan it paid for',
      {
        description: `${ADMIN} A session of another company, a forged or an expired one answers 422.`,
        body: ConfirmBody,
      },
      BillingUsage,
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      requireCompanyAdmin(ctx);
      const plan = await provider.confirm(ctx.companyId, request.body.session_id);
      if (!plan)
        throw new AppError('VALIDATION_ERROR', 'This checkout is not valid or has expired', {
          fields: { session_id: ['This checkout is not valid or has expired'] },
        });
      await changePlan(ctx, plan);
      return ok(await currentUsage(ctx));
    },
  );
});
