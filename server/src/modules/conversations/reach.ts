import { CONVERSATION_MESSAGES } from '@inbox/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companyMembers, users } from '../../db/schema/index.ts';
import { invalidField, notFound } from '../../http/app-error.ts';
import { type CallerCtx, type CompanyScope, inTx } from '../access/context.ts';
import {
  callerVisibility,
  covers,
  coversQueue,
  isSqlInt,
  loadVisibility,
} from '../access/conversation-visibility.ts';
import { lockConversation } from './change.ts';

export type { ConversationRow } from './change.ts';

/**
 * Inside an action's transaction: the caller's visibility and the conversation, row-locked so concurrent
 * actions on it apply one after the other. Out of reach: 404.
 */
export async function lockVisible(ctx: CallerCtx, tx: DbOrTx, id: number) {
  // Read in the transaction, so its snapshot decides (an API key's reach is its grants' apps).
  const v = await callerVisibility(ctx, tx);
  if (!isSqlInt(id)) throw notFound('Conversation');
  const conv = await lockConversation(inTx(ctx, tx), id);
  if (!conv || !covers(v, conv)) throw notFound('Conversation');
  return { v, conv };
}

/** An active member of the company with their sight of its conversations (contract section 4); null otherwise. */
export async function memberSight(scope: CompanyScope, userId: number) {
  const { db: tx, companyId } = scope;
  const [member] = isSqlInt(userId)
    ? await tx
        .select({ id: users.id, name: users.name, status: users.status, role: companyMembers.role })
        .from(companyMembers)
        .innerJoin(users, eq(users.id, companyMembers.userId))
        .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    : [];
  if (member?.status !== 'active') return null;
  const v = await loadVisibility(tx, { companyId, userId, role: member.role });
  return { id: member.id, name: member.name, v };
}

export const NOT_A_MEMBER = 'This user is not an active member of this company';

/** An active member of the company, and whether they can work this app's queue (contract section 4). */
export async function assigneeOf(
  scope: CompanyScope,
  userId: number,
  where: { appId: number; queueId: number | null },
) {
  const member = await memberSight(scope, userId);
  if (!member) return null;
  return { id: member.id, name: member.name, canWork: coversQueue(member.v, where.appId, where.queueId) };
}

/** The user who is to hold a conversation of this app and queue; anyone who cannot work it answers 422. */
export async function requireAssignable(
  scope: CompanyScope,
  userId: number,
  where: { appId: number; queueId: number | null },
): Promise<{ id: number; name: string }> {
  const user = await assigneeOf(scope, userId, where);
  if (!user) throw invalidField('user_id', NOT_A_MEMBER);
  if (!user.canWork) throw invalidField('user_id', CONVERSATION_MESSAGES.assigneeCannotSee);
  return { id: user.id, name: user.name };
}
