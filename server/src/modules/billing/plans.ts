import { PLAN_IDS, PLANS, type Plan, type PlanId } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { CompanyCtx } from '../access/context.ts';
import { recordChange } from '../activities/service.ts';

export const listPlans = (): Plan[] =>
  PLAN_IDS.map((id) => ({
    plan_id: id,
    name: PLANS[id].name,
    price_per_month: PLANS[id].price_per_month,
    limits: PLANS[id].limits,
  }));

/** Moves the company to a plan its checkout paid for; an actual change is recorded in the activities. */
export async function changePlan(ctx: CompanyCtx, plan: PlanId) {
  await ctx.db.transaction(async (tx) => {
    const before = await tx.execute<{ plan_id: string }>(
      sql`select plan_id from companies where id = ${ctx.companyId} for update`,
    );
    await tx.execute(
      sql`update companies set plan_id = ${plan}, updated_at = now() where id = ${ctx.companyId}`,
    );
    if (before.rows[0]?.plan_id === plan) return;
    await recordChange(tx, ctx.actor, ctx.companyId, 'company.plan_changed', ctx.companyId, {
      from: before.rows[0]?.plan_id,
      to: plan,
    });
  });
}
