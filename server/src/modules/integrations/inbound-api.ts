import type { IntegrationMessageBody, IntegrationMessageResult } from '@inbox/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { channelMessages, integrations } from '../../db/schema/index.ts';
import { forbidden, invalidField, notFound } from '../../http/app-error.ts';
import type { CallerCtx } from '../access/context.ts';
import { isSqlInt } from '../access/conversation-visibility.ts';
import { storeAttachment } from '../attachments/service.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import { appendMessage } from '../conversations/append.ts';
import { createConversation } from '../conversations/create.ts';
import { addPhoneAndApp, findOrCreateCustomer } from '../conversations/customers.ts';
import { claimIdentity, customerWith, lockIdentity } from '../customers/identities.ts';
import { recordEvent } from '../events/record.ts';

/**
 * `POST /integration/messages` (contract section 9): an outside system brings a customer's message in through
 * an `api` integration. The customer is found by its id in that system (an `external` identity scoped to the
 * integration), else by email, else created; the message joins the customer's open conversation of this
 * integration or starts one. `external_message_id` makes it idempotent: the first delivery is answered again
 * and nothing new is stored, even when two deliveries race (they are serialised on that id).
 */
export async function receiveIntegrationMessage(
  ctx: CallerCtx,
  storage: AttachmentStorage,
  body: IntegrationMessageBody,
): Promise<{ result: IntegrationMessageResult; created: boolean }> {
  const actor = ctx.actor;
  if (actor.type !== 'api_key') throw forbidden('This call takes an API key (X-Api-Key)');
  if (!isSqlInt(body.integration_id) || !actor.integrationIds.includes(body.integration_id)) {
    throw notFound('Integration');
  }
  const [integration] = await ctx.db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, body.integration_id), eq(integrations.companyId, ctx.companyId)));
  if (!integration) throw notFound('Integration');
  if (integration.type !== 'api') {
    throw invalidField('integration_id', 'Messages come in only through an integration of type api');
  }
  const files = body.attachments.map((a) => ({
    filename: a.filename,
    data: Buffer.from(a.content_base64, 'base64'),
  }));
  const stored: string[] = [];
  try {
    return await ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`ext-msg:${integration.id}:${body.external_message_id}`}, 0))`,
      );
      const seen = await earlier(tx, integration.id, body.external_message_id);
      if (seen) return { result: { ...seen, duplicate: true }, created: false };
      const customerId = await customerFor(tx, integration, body.customer);
      const conversationId = await conversationFor(tx, integration, customerId);
      const attachmentIds: number[] = [];
      for (const f of files) {
        const row = await storeAttachment({
          db: tx,
          storage,
          companyId: ctx.companyId,
          conversationId,
          filename: f.filename,
          data: f.data,
        });
        stored.push(row.storageKey);
        attachmentIds.push(row.id);
      }
      const appended = await appendMessage({
        db: tx,
        companyId: ctx.companyId,
        conversationId,
        sender: { type: 'customer' },
        content: body.content,
        attachments: attachmentIds,
      });
      if (appended.outcome !== 'created')
        throw new Error(`integration message not stored: ${appended.outcome}`);
      await tx.insert(channelMessages).values({
        companyId: ctx.companyId,
        integrationId: integration.id,
        externalId: body.external_message_id,
        conversationId,
        messageId: appended.message.id,
      });
      await tx
        .update(integrations)
        .set({ lastEventAt: new Date() })
        .where(eq(integrations.id, integration.id));
      const result = {
        message_id: appended.message.id,
        conversation_id: conversationId,
        customer_id: customerId,
      };
      return { result: { ...result, duplicate: false }, created: true };
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

type IntegrationRow = typeof integrations.$inferSelect;

/**
 * The customer with this id in the outside system; else the company's customer with the given email; else a
 * new one. The external id is kept per integration (two systems may both have a customer "42").
 */
async function customerFor(tx: Tx, integration: IntegrationRow, given: IntegrationMessageBody['customer']) {
  const companyId = integration.companyId;
  const external = `${integration.id}:${given.external_id}`;
  await lockIdentity(tx, companyId, 'external', external);
  let id = await customerWith(tx, companyId, 'external', external);
  if (id === null) {
    const name = given.name ?? given.email ?? `Customer ${given.external_id}`.slice(0, 200);
    if (given.email) {
      id = Number(
        (await findOrCreateCustomer(tx, { companyId, appId: integration.appId, name, email: given.email }))
          .id,
      );
    } else {
      const res = await tx.execute<{ id: number }>(sql`
        insert into customers (company_id, name, last_seen_at) values (${companyId}, ${name}, now()) returning id`);
      id = Number(res.rows[0]!.id);
      await recordEvent(tx, {
        type: 'customer.created',
        companyId,
        customerId: id,
        actor: { type: 'customer', id },
        data: { app_ids: [integration.appId] },
      });
    }
    await claimIdentity(tx, companyId, id, 'external', external);
  }
  await addPhoneAndApp(tx, { companyId, customerId: id, appId: integration.appId, phone: given.phone });
  return id;
}

/** The customer's open or pending conversation through this integration, or a new one in its queue. */
async function conversationFor(tx: Tx, integration: IntegrationRow, customerId: number) {
  const res = await tx.execute<{ id: number }>(sql`
    select id from conversations
    where company_id = ${integration.companyId} and customer_id = ${customerId}
      and integration_id = ${integration.id} and status in ('open', 'pending')
    order by id desc limit 1`);
  if (res.rows[0]) return Number(res.rows[0].id);
  const queueId = await activeQueue(tx, integration);
  const created = await createConversation(tx, {
    companyId: integration.companyId,
    appId: integration.appId,
    queueId,
    customerId,
    channel: 'api',
    integrationId: integration.id,
  });
  return created.id;
}

/** The integration's queue when it still exists in its app, else none (the app's general inbox). */
async function activeQueue(tx: Tx, integration: IntegrationRow) {
  const queueId = Number(integration.settings.queue_id);
  if (!isSqlInt(queueId)) return null;
  const res = await tx.execute<{ id: number }>(sql`
    select id from queues where id = ${queueId} and app_id = ${integration.appId} and is_active`);
  return res.rows[0] ? queueId : null;
}
