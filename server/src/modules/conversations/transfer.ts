import { CONVERSATION_MESSAGES, type Conversation, type TransferBody } from '@inbox/contract';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queues } from '../../db/schema/index.ts';
import { invalidField } from '../../http/app-error.ts';
import { type CompanyCtx, type CompanyScope, inTx } from '../access/context.ts';
import { isSqlInt } from '../access/conversation-visibility.ts';
import { actorLabel, changeConversation } from './change.ts';
import { assigneeOf, type ConversationRow, lockVisible, requireAssignable } from './reach.ts';
import { conversationView } from './views.ts';

async function targetQueue(tx: DbOrTx, conv: ConversationRow, queueId: number) {
  const [queue] = isSqlInt(queueId)
    ? await tx
        .select({ id: queues.id, name: queues.name })
        .from(queues)
        .where(
          and(
            eq(queues.id, queueId),
            eq(queues.appId, conv.appId),
            eq(queues.companyId, conv.companyId),
            eq(queues.isActive, true),
          ),
        )
    : [];
  if (!queue) throw invalidField('queue_id', CONVERSATION_MESSAGES.queueOtherApp);
  return queue;
}

/** The holder after a transfer that names no user: the current one if they can work the new queue. */
async function keptAssignee(scope: CompanyScope, conv: ConversationRow, queueId: number | null) {
  if (conv.assignedUserId === null) return null;
  const user = await assigneeOf(scope, conv.assignedUserId, { appId: conv.appId, queueId });
  return user?.canWork ? user : null;
}

/**
 * Hands a conversation to another queue of the same app and/or another user, with a reason. With a queue
 * and no user, the assignee stays only if they can work the new queue (as Chatwoot does on a team change);
 * a named user must be able to work the (new) queue (422 on `user_id`). A transfer that changes nothing
 * (same queue, same holder) writes nothing.
 */
export async function transferConversation(ctx: CompanyCtx, input: TransferBody): Promise<Conversation> {
  const v = await ctx.db.transaction(async (tx) => {
    const { v, conv } = await lockVisible(ctx, tx, input.conversation_id);
    const queue = input.queue_id === undefined ? null : await targetQueue(tx, conv, input.queue_id);
    const queueId = queue ? queue.id : conv.queueId;
    const where = { appId: conv.appId, queueId };
    const named =
      input.user_id === undefined ? null : await requireAssignable(inTx(ctx, tx), input.user_id, where);
    const assignee = named ?? (await keptAssignee(inTx(ctx, tx), conv, queueId));
    const to = queue && named ? `${queue.name} (${named.name})` : (queue?.name ?? named?.name);
    await changeConversation(
      tx,
      ctx.actor,
      conv,
      { queueId, assignee: assignee ?? null },
      {
        action: 'conversation.transferred',
        note: `Conversation transferred to ${to} by ${actorLabel(ctx.actor)}: ${input.transfer_reason}`,
        details: {
          from_queue_id: conv.queueId,
          to_queue_id: queueId,
          from_user_id: conv.assignedUserId,
          to_user_id: assignee?.id ?? null,
          reason: input.transfer_reason,
        },
      },
    );
    return v;
  });
  return conversationView(ctx.db, v, input.conversation_id);
}
