import { eq } from 'drizzle-orm';
import { attachments, conversations } from '../../db/schema/index.ts';
import { forbidden } from '../../http/app-error.ts';
import type { CompanyCtx } from '../access/context.ts';
import { lockVisible } from '../access/conversation-reach.ts';
import { recordActivity } from '../activities/service.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import { eventActorOf, recordEvent } from '../events/record.ts';
import { canDeleteIn } from './views.ts';

/**
 * Deletes a conversation for good (company admins, app admins and managers): its messages, attachments, read
 * markers and typing signals go with it by cascade, its portal tokens then answer TOKEN_EXPIRED, and the
 * stored files are removed once the deletion has committed (a rollback keeps them).
 */
export async function deleteConversation(ctx: CompanyCtx, storage: AttachmentStorage, id: number) {
  const keys = await ctx.db.transaction(async (tx) => {
    const { v, conv } = await lockVisible(ctx, tx, id);
    if (!canDeleteIn(v)(conv.appId)) {
      throw forbidden('Deleting a conversation requires the app admin or manager role');
    }
    const files = await tx
      .select({ key: attachments.storageKey })
      .from(attachments)
      .where(eq(attachments.conversationId, conv.id));
    await tx.delete(conversations).where(eq(conversations.id, conv.id));
    await recordEvent(tx, {
      type: 'conversation.deleted',
      companyId: ctx.companyId,
      appId: conv.appId,
      conversationId: conv.id,
      customerId: conv.customerId,
      actor: eventActorOf(ctx.actor),
      data: {
        conversation: {
          number: conv.number,
          status: conv.status,
          queue_id: conv.queueId,
          assigned_user_id: conv.assignedUserId,
        },
      },
    });
    await recordActivity(tx, ctx.actor, {
      companyId: ctx.companyId,
      action: 'conversation.deleted',
      entityType: 'conversation',
      entityId: conv.id,
      details: { number: conv.number, customer_id: conv.customerId, files: files.length },
    });
    return files.map((f) => f.key);
  });
  for (const key of keys) await storage.delete(key);
}
