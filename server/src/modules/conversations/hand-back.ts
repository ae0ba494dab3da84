import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companyMembers, conversations, users } from '../../db/schema/index.ts';
import type { Actor } from '../access/context.ts';
import { coversQueue, loadVisibility } from '../access/conversation-visibility.ts';
import { actorLabel, type ConversationChanges, type ConversationRow, changeConversation } from './change.ts';

export interface HandBackInput {
  companyId: number;
  userId: number;
  /** Why, for the system line and the activity: "removed from the company". */
  reason: string;
}

/**
 * The bulk variant of `changeConversation`: a member leaving a company, an app or a queue hands back the
 * open and pending conversations they can no longer work (resolved and closed ones keep their holder for
 * reporting), each with its system line and activity, in the caller's transaction, after the membership
 * is gone. Whoever still works a conversation's queue some other way keeps it. Rows lock in id order.
 */
export async function handBackAssignments(
  tx: DbOrTx,
  actor: Actor,
  input: HandBackInput,
): Promise<ConversationChanges[]> {
  const held = await tx
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.companyId, input.companyId),
        eq(conversations.assignedUserId, input.userId),
        inArray(conversations.status, ['open', 'pending']),
      ),
    )
    .orderBy(asc(conversations.id))
    .for('update');
  if (held.length === 0) return [];
  const keeps = await stillWorks(tx, input.companyId, input.userId);
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, input.userId));
  const out: ConversationChanges[] = [];
  for (const conv of held) {
    if (keeps(conv)) continue;
    const note = `Unassigned from ${user?.name ?? 'a former member'}, ${input.reason}, by ${actorLabel(actor)}`;
    const record = { action: 'conversation.unassigned', note, details: { reason: input.reason } };
    out.push(await changeConversation(tx, actor, conv, { assignee: null }, record));
  }
  return out;
}

/** Whether the user, as their memberships now stand, can still work a conversation's queue. */
async function stillWorks(tx: DbOrTx, companyId: number, userId: number) {
  const [member] = await tx
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  if (!member) return () => false;
  const v = await loadVisibility(tx, { companyId, userId, role: member.role });
  return (conv: ConversationRow) => coversQueue(v, conv.appId, conv.queueId);
}
