import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companyMembers, conversations, users } from '../../db/schema/index.ts';
import type { Actor, CompanyScope } from '../access/context.ts';
import { coversQueue, loadVisibility } from '../access/conversation-visibility.ts';
import { changeConversations } from './bulk-change.ts';
import { actorLabel, type ConversationChanges } from './change.ts';

export interface HandBackInput {
  userId: number;
  /** Why, for the system line and the activity: "removed from the company". */
  reason: string;
  /**
   * Which of their conversations: `working` (open and pending ones they can no longer work, the default:
   * resolved and closed ones keep their holder for reporting), `active` (open and pending ones, whatever
   * their memberships: a suspended account works nothing) or `all` (an account being deleted holds nothing).
   */
  which?: 'working' | 'active' | 'all';
}

/**
 * The bulk variant of `changeConversation` for a member's assignments: a member leaving a company, an app or
 * a queue hands back the open and pending conversations they can no longer work, a suspended or deleted
 * account hands back more (see `which`), each with its system line, `conversation.unassigned` event and
 * activity, in the caller's transaction, after the membership is gone. Whoever still works a
 * conversation's queue some other way keeps it. One statement whatever their number (`changeConversations`).
 */
export async function handBackAssignments(
  scope: CompanyScope,
  actor: Actor,
  input: HandBackInput,
): Promise<ConversationChanges[]> {
  const { db: tx, companyId } = scope;
  const which = input.which ?? 'working';
  const active = inArray(conversations.status, ['open', 'pending']);
  const held = await tx
    .select({ id: conversations.id, appId: conversations.appId, queueId: conversations.queueId })
    .from(conversations)
    .where(
      and(
        eq(conversations.companyId, companyId),
        eq(conversations.assignedUserId, input.userId),
        which === 'all' ? undefined : active,
      ),
    );
  if (held.length === 0) return [];
  const keeps = which === 'working' ? await stillWorks(tx, companyId, input.userId) : () => false;
  const ids = held.filter((c) => !keeps(c)).map((c) => c.id);
  if (ids.length === 0) return [];
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, input.userId));
  const note = `Unassigned from ${user?.name ?? 'a former member'}, ${input.reason}, by ${actorLabel(actor)}`;
  // The holder and the status are tested again under the row locks: a conversation handed on meanwhile stays.
  const still = which === 'all' ? sql`true` : sql`c.status in ('open', 'pending')`;
  return changeConversations(scope, actor, {
    which: sql`c.id = any(${sql.param(ids)}::int[]) and c.assigned_user_id = ${input.userId}::int and ${still}`,
    change: { assignee: null },
    record: { action: 'conversation.unassigned', note, details: { reason: input.reason } },
  });
}

/** Whether the user, as their memberships now stand, can still work a conversation's queue. */
async function stillWorks(tx: DbOrTx, companyId: number, userId: number) {
  const [member] = await tx
    .select({ role: companyMembers.role })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)));
  if (!member) return () => false;
  const v = await loadVisibility(tx, { companyId, userId, role: member.role });
  return (conv: { appId: number; queueId: number | null }) => coversQueue(v, conv.appId, conv.queueId);
}
