import type { AssignBody, Conversation, ConversationIdBody } from '@inbox/contract';
import type { Tx } from '../../db/client.ts';
import { conflict } from '../../http/app-error.ts';
import { type CallerCtx, type CompanyCtx, inTx } from '../access/context.ts';
import {
  actorLabel,
  type ChangeRecord,
  type ConversationChange,
  changeConversation,
  changedAnything,
} from './change.ts';
import { type ConversationRow, lockVisible, requireAssignable } from './reach.ts';
import { conversationView } from './views.ts';

/**
 * One console action on a visible conversation: lock it (404 out of reach), decide the change, and apply
 * it through `changeConversation`, which writes the system line and the activity. Answers the
 * conversation as it is afterwards.
 */
export async function act(
  ctx: CallerCtx,
  conversationId: number,
  decide: (
    conv: ConversationRow,
    tx: Tx,
  ) => Promise<{ change: ConversationChange; record: ChangeRecord; after?: (tx: Tx) => Promise<void> }>,
  /** The caller's transaction (a bulk change): the action runs in it, and a failure throws into it. */
  outer?: Tx,
): Promise<Conversation> {
  const run = async (tx: Tx) => {
    const { v, conv } = await lockVisible(ctx, tx, conversationId);
    const { change, record, after } = await decide(conv, tx);
    const changes = await changeConversation(tx, ctx.actor, conv, change, record);
    if (after && changedAnything(changes)) await after(tx);
    return v;
  };
  const v = outer ? await run(outer) : await ctx.db.transaction(run);
  return conversationView(outer ?? ctx.db, v, conversationId);
}

/**
 * Assigns a conversation. As in Chatwoot, anyone who can see a conversation may assign it, to themself or to
 * a colleague; the assignee must be able to work the conversation's queue (422 on `user_id` otherwise).
 */
export function assignConversation(ctx: CompanyCtx, input: AssignBody): Promise<Conversation> {
  return act(ctx, input.conversation_id, async (conv, tx) => {
    const user = await requireAssignable(inTx(ctx, tx), input.user_id, conv);
    return {
      change: { assignee: user },
      record: {
        action: 'conversation.assigned',
        note: `Assigned to ${user.name} by ${actorLabel(ctx.actor)}`,
      },
    };
  });
}

export function unassignConversation(ctx: CompanyCtx, input: ConversationIdBody): Promise<Conversation> {
  return act(ctx, input.conversation_id, async () => ({
    change: { assignee: null },
    record: { action: 'conversation.unassigned', note: `Unassigned by ${actorLabel(ctx.actor)}` },
  }));
}

/**
 * Resolves a conversation (the portal then shows "Conversation Ended"). Resolving a resolved one changes
 * nothing. A closed one (its portal session expired) can be resolved too.
 */
export function resolveConversation(ctx: CompanyCtx, input: ConversationIdBody): Promise<Conversation> {
  return act(ctx, input.conversation_id, async () => ({
    change: { status: 'resolved' },
    record: { action: 'conversation.resolved', note: `Resolved by ${actorLabel(ctx.actor)}` },
  }));
}

export const NOT_ENDED = 'Only a resolved or closed conversation can be reopened';

/**
 * Reopens a resolved or closed conversation (contract section 6): it becomes `open` again, keeps its
 * assignee and queue, and the thread says who reopened it. An open or pending one answers 409. The
 * customer's portal session is not revived; a secure link gives them a new one.
 */
export function reopenConversation(ctx: CompanyCtx, input: ConversationIdBody): Promise<Conversation> {
  return act(ctx, input.conversation_id, async (conv) => {
    if (conv.status !== 'resolved' && conv.status !== 'closed') throw conflict(NOT_ENDED);
    return {
      change: { status: 'open' },
      record: { action: 'conversation.reopened', note: `Reopened by ${actorLabel(ctx.actor)}` },
    };
  });
}
