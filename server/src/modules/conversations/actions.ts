import type { AssignBody, Conversation, ConversationIdBody } from '@inbox/contract';
import { eq, sql } from 'drizzle-orm';
import { conversations } from '../../db/schema/index.ts';
import type { CompanyCtx } from '../../http/context.ts';
import { recordActivity } from '../activities/service.ts';
import { lockVisible, requireAssignable, systemNote } from './reach.ts';
import { conversationView } from './views.ts';

const entity = (conversationId: number) => ({ entityType: 'conversation', entityId: conversationId });

/**
 * Assigns a conversation. As in Chatwoot, anyone who can see a conversation may assign it, to themself or to
 * a colleague; the assignee must be able to work the conversation's queue (422 on `user_id` otherwise).
 */
export async function assignConversation(ctx: CompanyCtx, input: AssignBody): Promise<Conversation> {
  const v = await ctx.db.transaction(async (tx) => {
    const { v, conv } = await lockVisible(ctx, tx, input.conversation_id);
    const user = await requireAssignable(tx, ctx.companyId, input.user_id, conv);
    if (conv.assignedUserId === user.id) return v;
    await tx.update(conversations).set({ assignedUserId: user.id }).where(eq(conversations.id, conv.id));
    await systemNote(tx, conv, `Assigned to ${user.name} by ${ctx.actor.user.name}`);
    await recordActivity(tx, ctx.actor, {
      companyId: ctx.companyId,
      action: 'conversation.assigned',
      ...entity(conv.id),
      details: { number: conv.number, from_user_id: conv.assignedUserId, to_user_id: user.id },
    });
    return v;
  });
  return conversationView(ctx.db, v, input.conversation_id);
}

export async function unassignConversation(
  ctx: CompanyCtx,
  input: ConversationIdBody,
): Promise<Conversation> {
  const v = await ctx.db.transaction(async (tx) => {
    const { v, conv } = await lockVisible(ctx, tx, input.conversation_id);
    if (conv.assignedUserId === null) return v;
    await tx.update(conversations).set({ assignedUserId: null }).where(eq(conversations.id, conv.id));
    await systemNote(tx, conv, `Unassigned by ${ctx.actor.user.name}`);
    await recordActivity(tx, ctx.actor, {
      companyId: ctx.companyId,
      action: 'conversation.unassigned',
      ...entity(conv.id),
      details: { number: conv.number, from_user_id: conv.assignedUserId },
    });
    return v;
  });
  return conversationView(ctx.db, v, input.conversation_id);
}

/**
 * Resolves a conversation (the portal then shows "Conversation Ended"). Resolving a resolved one changes
 * nothing. A closed one (its portal session expired) can be resolved too.
 */
export async function resolveConversation(ctx: CompanyCtx, input: ConversationIdBody): Promise<Conversation> {
  const v = await ctx.db.transaction(async (tx) => {
    const { v, conv } = await lockVisible(ctx, tx, input.conversation_id);
    if (conv.status === 'resolved') return v;
    await tx
      .update(conversations)
      .set({ status: 'resolved', resolvedAt: sql`now()`, waitingSince: null })
      .where(eq(conversations.id, conv.id));
    await systemNote(tx, conv, `Resolved by ${ctx.actor.user.name}`);
    await recordActivity(tx, ctx.actor, {
      companyId: ctx.companyId,
      action: 'conversation.resolved',
      ...entity(conv.id),
      details: { number: conv.number, from_status: conv.status },
    });
    return v;
  });
  return conversationView(ctx.db, v, input.conversation_id);
}
