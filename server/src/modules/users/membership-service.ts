import type { CompanyRole } from '@inbox/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appMembers, companyMembers, queueMembers } from '../../db/schema/index.ts';
import { conflict, invalidField, notFound } from '../../http/app-error.ts';
import { type Actor, type CompanyScope, inTx } from '../access/context.ts';
import { recordActivity } from '../activities/service.ts';
import { handBackAssignments } from '../conversations/hand-back.ts';

export interface MembershipInput {
  userId: number;
}

/**
 * Company members stay able to run the company: on the company side the last admin can be neither demoted
 * nor removed. The admin rows are locked so two concurrent demotions cannot both pass.
 */
async function requireAnotherAdmin(tx: DbOrTx, companyId: number, userId: number, field: string) {
  const admins = await tx
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.role, 'admin')))
    .for('update');
  if (admins.length === 1 && admins[0]!.userId === userId) {
    throw invalidField(field, 'A company must keep at least one admin');
  }
}

/** `company_member.added` and the like, recorded on the user it is about. */
const memberActivity = (
  tx: DbOrTx,
  actor: Actor,
  companyId: number,
  verb: 'added' | 'updated' | 'removed',
  userId: number,
  details?: Record<string, unknown>,
) =>
  recordActivity(tx, actor, {
    companyId,
    action: `company_member.${verb}`,
    entityType: 'user',
    entityId: userId,
    details,
  });

export async function addCompanyMember(
  scope: CompanyScope,
  actor: Actor,
  input: MembershipInput & { role: CompanyRole; created?: boolean },
) {
  const { companyId } = scope;
  await scope.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(companyMembers)
      .values({ companyId, userId: input.userId, role: input.role })
      .onConflictDoNothing()
      .returning({ userId: companyMembers.userId });
    if (inserted.length === 0) throw conflict('The user is already a member of this company');
    await memberActivity(tx, actor, companyId, 'added', input.userId, {
      role: input.role,
      ...(input.created ? { account_created: true } : {}),
    });
  });
}

export async function setCompanyRole(
  scope: CompanyScope,
  actor: Actor,
  input: MembershipInput & { role: CompanyRole; keepAnAdmin: boolean },
) {
  const { companyId } = scope;
  await scope.db.transaction(async (tx) => {
    if (input.keepAnAdmin && input.role !== 'admin') {
      await requireAnotherAdmin(tx, companyId, input.userId, 'company_role');
    }
    const updated = await tx
      .update(companyMembers)
      .set({ role: input.role })
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, input.userId)))
      .returning({ userId: companyMembers.userId });
    if (updated.length === 0) throw notFound('Company member');
    await memberActivity(tx, actor, companyId, 'updated', input.userId, { role: input.role });
  });
}

/**
 * Leaving a company takes the user out of its apps and queues too, and hands its open assignments back
 * to the team with a line in each thread (resolved and closed ones keep it for reporting), all in one
 * transaction.
 */
export async function removeCompanyMember(
  scope: CompanyScope,
  actor: Actor,
  input: MembershipInput & { keepAnAdmin: boolean },
) {
  const { companyId } = scope;
  const { userId } = input;
  await scope.db.transaction(async (tx) => {
    if (input.keepAnAdmin) await requireAnotherAdmin(tx, companyId, userId, 'id');
    const removed = await tx
      .delete(companyMembers)
      .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
      .returning({ userId: companyMembers.userId });
    if (removed.length === 0) throw notFound('Company member');
    await tx
      .delete(queueMembers)
      .where(and(eq(queueMembers.companyId, companyId), eq(queueMembers.userId, userId)));
    await tx
      .delete(appMembers)
      .where(and(eq(appMembers.companyId, companyId), eq(appMembers.userId, userId)));
    await handBackAssignments(inTx(scope, tx), actor, { userId, reason: 'removed from the company' });
    await memberActivity(tx, actor, companyId, 'removed', userId);
  });
}
