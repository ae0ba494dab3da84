import type { CreateSlaPolicyBody, SlaConditions, SlaPolicy, UpdateSlaPolicyBody } from '@inbox/contract';
import { SLA_SENTENCES } from '@inbox/contract';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { apps, conversations, labels, queues, slaPolicies } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { requireCompanyAdmin } from '../access/app-roles.ts';
import type { CompanyCtx, CompanyScope } from '../access/context.ts';
import { isSqlInt } from '../access/conversation-visibility.ts';
import { recordChange } from '../activities/service.ts';

export type SlaPolicyRow = typeof slaPolicies.$inferSelect;

export const toPolicy = (r: SlaPolicyRow): SlaPolicy => ({
  sla_policy_id: r.id,
  name: r.name,
  position: r.position,
  first_response_minutes: r.firstResponseMinutes,
  next_response_minutes: r.nextResponseMinutes,
  resolution_minutes: r.resolutionMinutes,
  business_hours_only: r.businessHoursOnly,
  conditions: r.conditions as SlaConditions,
});

/** The company's policies in the order they are tried. */
export async function policyRows(db: DbOrTx, companyId: number) {
  return db
    .select()
    .from(slaPolicies)
    .where(eq(slaPolicies.companyId, companyId))
    .orderBy(asc(slaPolicies.position), asc(slaPolicies.id));
}

export async function listPolicies(ctx: CompanyCtx): Promise<SlaPolicy[]> {
  requireCompanyAdmin(ctx);
  return (await policyRows(ctx.db, ctx.companyId)).map(toPolicy);
}

/** Condition ids must be the company's own: another company's, or an unknown one, answers 422 on its list. */
async function requireOwnIds(db: DbOrTx, companyId: number, c: SlaConditions) {
  const checks = [
    { ids: c.app_ids, table: apps, field: 'conditions.app_ids', message: SLA_SENTENCES.unknownApp },
    { ids: c.queue_ids, table: queues, field: 'conditions.queue_ids', message: SLA_SENTENCES.unknownQueue },
    { ids: c.label_ids, table: labels, field: 'conditions.label_ids', message: SLA_SENTENCES.unknownLabel },
  ] as const;
  const fields: Record<string, string[]> = {};
  for (const { ids, table, field, message } of checks) {
    const wanted = [...new Set(ids)];
    if (wanted.length === 0) continue;
    if (!wanted.every(isSqlInt)) {
      fields[field] = [message];
      continue;
    }
    const found = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.companyId, companyId), inArray(table.id, wanted)));
    if (found.length !== wanted.length) fields[field] = [message];
  }
  if (Object.keys(fields).length > 0)
    throw new AppError('VALIDATION_ERROR', 'Check the conditions', { fields });
}

const lockCompany = (tx: Tx, companyId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('sla_policies'), ${companyId})`);

async function countOf(tx: Tx, companyId: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(slaPolicies)
    .where(eq(slaPolicies.companyId, companyId));
  return row?.n ?? 0;
}

/** Positions stay 1..n: a policy put at `to` moves those from there on down by one. */
const shiftFrom = (tx: Tx, companyId: number, from: number, by: 1 | -1, upTo?: number) =>
  tx.execute(sql`update sla_policies set position = position + ${by}
    where company_id = ${companyId} and position >= ${from}${upTo === undefined ? sql`` : sql` and position <= ${upTo}`}`);

export async function createPolicy(ctx: CompanyCtx, body: CreateSlaPolicyBody): Promise<SlaPolicy> {
  requireCompanyAdmin(ctx);
  await requireOwnIds(ctx.db, ctx.companyId, body.conditions);
  return ctx.db.transaction(async (tx) => {
    await lockCompany(tx, ctx.companyId);
    const last = (await countOf(tx, ctx.companyId)) + 1;
    const position = Math.min(body.position ?? last, last);
    await shiftFrom(tx, ctx.companyId, position, 1);
    const [row] = await tx
      .insert(slaPolicies)
      .values({
        companyId: ctx.companyId,
        name: body.name,
        position,
        firstResponseMinutes: body.first_response_minutes,
        nextResponseMinutes: body.next_response_minutes,
        resolutionMinutes: body.resolution_minutes,
        businessHoursOnly: body.business_hours_only,
        conditions: body.conditions,
      })
      .returning();
    await recordChange(tx, ctx.actor, ctx.companyId, 'sla_policy.created', row!.id, { name: row!.name });
    return toPolicy(row!);
  });
}

async function lockPolicy(tx: Tx, companyId: number, id: number) {
  if (!isSqlInt(id)) throw notFound('Service level');
  const [row] = await tx
    .select()
    .from(slaPolicies)
    .where(and(eq(slaPolicies.id, id), eq(slaPolicies.companyId, companyId)))
    .for('update');
  if (!row) throw notFound('Service level');
  return row;
}

/**
 * Changes a policy. The conversations under it keep the due times they were given until they next change
 * (contract section 14: a policy is chosen at the start and on a change of queue, priority or labels).
 */
export async function updatePolicy(
  ctx: CompanyCtx,
  id: number,
  body: UpdateSlaPolicyBody,
): Promise<SlaPolicy> {
  requireCompanyAdmin(ctx);
  if (body.conditions) await requireOwnIds(ctx.db, ctx.companyId, body.conditions);
  return ctx.db.transaction(async (tx) => {
    await lockCompany(tx, ctx.companyId);
    const before = await lockPolicy(tx, ctx.companyId, id);
    let position = before.position;
    if (body.position !== undefined && body.position !== before.position) {
      position = Math.min(body.position, await countOf(tx, ctx.companyId));
      // Out of its place, then the others between close up or open up, then into the new place.
      if (position > before.position) await shiftFrom(tx, ctx.companyId, before.position + 1, -1, position);
      else await shiftFrom(tx, ctx.companyId, position, 1, before.position - 1);
    }
    const [row] = await tx
      .update(slaPolicies)
      .set({
        position,
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.first_response_minutes !== undefined
          ? { firstResponseMinutes: body.first_response_minutes }
          : {}),
        ...(body.next_response_minutes !== undefined
          ? { nextResponseMinutes: body.next_response_minutes }
          : {}),
        ...(body.resolution_minutes !== undefined ? { resolutionMinutes: body.resolution_minutes } : {}),
        ...(body.business_hours_only !== undefined ? { businessHoursOnly: body.business_hours_only } : {}),
        ...(body.conditions !== undefined ? { conditions: body.conditions } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(slaPolicies.id, id))
      .returning();
    await recordChange(tx, ctx.actor, ctx.companyId, 'sla_policy.updated', id, { name: row!.name });
    return toPolicy(row!);
  });
}

/**
 * Deletes a policy: its conversations lose their service level and clocks (the breaches they had stay in
 * the events and reports), and the list's cached pages are recomputed (`bump_list_catalog`).
 */
export async function deletePolicy(ctx: CompanyCtx, id: number) {
  requireCompanyAdmin(ctx);
  await ctx.db.transaction(async (tx) => {
    await lockCompany(tx, ctx.companyId);
    const row = await lockPolicy(tx, ctx.companyId, id);
    await clearClocks(tx, ctx, id);
    await tx.delete(slaPolicies).where(eq(slaPolicies.id, id));
    await shiftFrom(tx, ctx.companyId, row.position + 1, -1);
    await recordChange(tx, ctx.actor, ctx.companyId, 'sla_policy.deleted', id, { name: row.name });
  });
}

async function clearClocks(tx: Tx, scope: CompanyScope, policyId: number) {
  await tx
    .update(conversations)
    .set({
      slaPolicyId: null,
      slaFirstResponseDueAt: null,
      slaNextResponseDueAt: null,
      slaResolutionDueAt: null,
      slaDueAt: null,
    })
    .where(and(eq(conversations.companyId, scope.companyId), eq(conversations.slaPolicyId, policyId)));
  await tx.execute(sql`select bump_list_catalog(array[${scope.companyId}::int])`);
}
