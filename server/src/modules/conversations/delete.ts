import type { EventActor } from '@inbox/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { attachments, conversations } from '../../db/schema/index.ts';
import { forbidden } from '../../http/app-error.ts';
import type { CompanyCtx } from '../access/context.ts';
import { recordChange } from '../activities/service.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import { eventActorOf, eventInsert } from '../events/record.ts';
import { lockVisible } from './reach.ts';
import { canDeleteIn } from './views.ts';

/**
 * `conversation.deleted` for each conversation of the company meeting `where`, written before they are
 * deleted, in the same transaction: one conversation, or all of an app's when the app goes. Open consoles
 * drop them from their lists, and consumers learn they are gone; the event keeps the conversation's last
 * state (its channel too), which is all an outgoing webhook can send once the row is gone. (A company's own
 * deletion takes its events with it; its members lose access instead.)
 */
export async function recordDeletions(tx: DbOrTx, companyId: number, where: SQL, actor: EventActor) {
  await tx.execute(sql`
    ${eventInsert}
    select 'conversation.deleted', company_id, app_id, id, customer_id, ${actor.type}, ${actor.id ?? null}::int,
      jsonb_build_object('conversation', jsonb_build_object('number', number, 'status', status,
        'queue_id', queue_id, 'assigned_user_id', assigned_user_id, 'channel', channel, 'verified', verified))
    from ${conversations} where ${conversations.companyId} = ${companyId} and ${where}`);
}

/**
 * Deletes the company's conversations meeting `where`, each with its `conversation.deleted` (`recordDeletions`),
 * in the caller's transaction: one conversation, a customer's when it is erased, an app's before the app row
 * goes. Conversations are deleted here only; a company's own deletion is the one cascade that takes them.
 */
export async function deleteConversationsWhere(tx: DbOrTx, companyId: number, where: SQL, actor: EventActor) {
  await recordDeletions(tx, companyId, where, actor);
  await tx.delete(conversations).where(and(eq(conversations.companyId, companyId), where));
}

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
    await deleteConversationsWhere(tx, ctx.companyId, eq(conversations.id, conv.id), eventActorOf(ctx.actor));
    await recordChange(tx, ctx.actor, ctx.companyId, 'conversation.deleted', conv.id, {
      number: conv.number,
      customer_id: conv.customerId,
      files: files.length,
    });
    return files.map((f) => f.key);
  });
  for (const key of keys) await storage.delete(key);
}
