import type { Channel } from '@inbox/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { channelMessages, integrations } from '../../db/schema/index.ts';
import { isSqlInt } from '../access/conversation-visibility.ts';
import { storeAttachment } from '../attachments/service.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import { appendMessage } from '../conversations/append.ts';
import { createConversation } from '../conversations/create.ts';
import { wakeOnCustomerMessage } from '../conversations/snooze-job.ts';
import { verifyConversation } from '../conversations/verify.ts';
import { findOrCreateByIdentity } from '../customers/find-or-create.ts';
import type { IdentityKind } from '../customers/identities.ts';

export type IntegrationRow = typeof integrations.$inferSelect;

/** One customer message brought in from outside: a provider's webhook, an outside system's API call. */
export interface InboundMessage {
  integration: IntegrationRow;
  channel: Channel;
  /** The provider's id for the message: a second delivery of it stores nothing new. */
  externalId: string;
  /** Finds or creates the customer, inside the message's transaction. */
  customer(tx: Tx): Promise<number>;
  /** The conversation the provider says this answers (email threading), when it is the customer's. */
  thread?(tx: Tx, customerId: number): Promise<number | null>;
  content: string;
  /** Put before the content when the message starts a conversation (an email's subject). */
  opening?: string;
  files: { filename: string; data: Buffer }[];
}

export interface Received {
  message_id: number;
  conversation_id: number;
  customer_id: number;
  duplicate: boolean;
}

/** The customer holding this channel identity (phone, WhatsApp id, PSID, email), found or created. */
export const customerByIdentity =
  (integration: IntegrationRow, who: { kind: IdentityKind; value: string; name: string; phone?: string }) =>
  async (tx: Tx) =>
    (
      await findOrCreateByIdentity(tx, {
        companyId: integration.companyId,
        appId: integration.appId,
        ...who,
      })
    ).id;

/**
 * Stores an inbound message the way every channel does (contract section 10): the customer found by its
 * identity or created, the message joining the customer's open conversation of this integration or starting
 * one in the integration's queue, its files stored. Idempotent on the provider's id, even when two
 * deliveries race (they are serialised on that id): the second answers the first's result.
 */
export async function receiveInbound(
  db: Db,
  storage: AttachmentStorage,
  m: InboundMessage,
): Promise<Received> {
  const { integration } = m;
  const stored: string[] = [];
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`ext-msg:${integration.id}:${m.externalId}`}, 0))`,
      );
      const seen = await earlier(tx, integration.id, m.externalId);
      if (seen) return { ...seen, duplicate: true };
      const customerId = await m.customer(tx);
      const threaded = (await m.thread?.(tx, customerId)) ?? null;
      const { id: conversationId, created } = threaded
        ? { id: threaded, created: false }
        : await conversationFor(tx, integration, customerId, m.channel);
      const attachmentIds: number[] = [];
      for (const f of m.files) {
        const row = await storeAttachment({
          db: tx,
          storage,
          companyId: integration.companyId,
          conversationId,
          filename: f.filename,
          data: f.data,
        });
        stored.push(row.storageKey);
        attachmentIds.push(row.id);
      }
      await wakeOnCustomerMessage(tx, integration.companyId, conversationId);
      const appended = await appendMessage({
        db: tx,
        companyId: integration.companyId,
        conversationId,
        sender: { type: 'customer' },
        content: created && m.opening ? `${m.opening}\n\n${m.content}`.trim() : m.content,
        attachments: attachmentIds,
        // The provider's id on the message too: an email's Message-ID is what later replies refer to.
        providerMessageId: m.externalId,
      });
      if (appended.outcome !== 'created') throw new Error(`inbound message not stored: ${appended.outcome}`);
      // A mail from the address the customer is known by proves it for the conversation it joins (decision
      // 037); the customer was found by that address, so this is their conversation.
      if (m.channel === 'email') {
        const actor = { type: 'customer' as const, customerId, name: '' };
        await verifyConversation(tx, actor, { companyId: integration.companyId, conversationId }, 'email');
      }
      await tx.insert(channelMessages).values({
        companyId: integration.companyId,
        integrationId: integration.id,
        externalId: m.externalId,
        conversationId,
        messageId: appended.message.id,
      });
      await tx
        .update(integrations)
        .set({ lastEventAt: new Date() })
        .where(eq(integrations.id, integration.id));
      return {
        message_id: appended.message.id,
        conversation_id: conversationId,
        customer_id: customerId,
        duplicate: false,
      };
    });
  } catch (err) {
    // Files written for a message that was not stored would be nobody's.
    await Promise.all(stored.map((key) => storage.delete(key).catch(() => {})));
    throw err;
  }
}

async function earlier(tx: DbOrTx, integrationId: number, externalId: string) {
  const res = await tx.execute<{ message_id: number; conversation_id: number; customer_id: number }>(sql`
    select cm.message_id, cm.conversation_id, c.customer_id
    from channel_messages cm join conversations c on c.id = cm.conversation_id
    where cm.integration_id = ${integrationId} and cm.external_id = ${externalId}`);
  const row = res.rows[0];
  return row
    ? {
        message_id: Number(row.message_id),
        conversation_id: Number(row.conversation_id),
        customer_id: Number(row.customer_id),
      }
    : null;
}

/** The customer's open or pending conversation through this integration, or a new one in its queue. */
async function conversationFor(tx: Tx, integration: IntegrationRow, customerId: number, channel: Channel) {
  const res = await tx.execute<{ id: number }>(sql`
    select id from conversations
    where company_id = ${integration.companyId} and customer_id = ${customerId}
      and integration_id = ${integration.id} and status in ('open', 'pending', 'snoozed')
    order by id desc limit 1`);
  if (res.rows[0]) return { id: Number(res.rows[0].id), created: false };
  const created = await createConversation(tx, {
    companyId: integration.companyId,
    appId: integration.appId,
    queueId: await activeQueue(tx, integration),
    customerId,
    channel,
    integrationId: integration.id,
    // The channel itself names the customer: a mail's sender, a phone, a Messenger id, an outside system's id.
    verified: true,
  });
  return { id: created.id, created: true };
}

/** The integration's queue when it still exists in its app, else none (the app's general inbox). */
async function activeQueue(tx: Tx, integration: IntegrationRow) {
  const queueId = Number(integration.settings.queue_id);
  if (!isSqlInt(queueId)) return null;
  const res = await tx.execute<{ id: number }>(sql`
    select id from queues where id = ${queueId} and app_id = ${integration.appId} and is_active`);
  return res.rows[0] ? queueId : null;
}
