import type { IntegrationMessageBody, IntegrationMessageResult } from '@inbox/contract';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { integrations } from '../../db/schema/index.ts';
import { forbidden, invalidField, notFound } from '../../http/app-error.ts';
import type { CallerCtx } from '../access/context.ts';
import { isSqlInt } from '../access/conversation-visibility.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import { type IntegrationRow, receiveInbound } from '../channels/ingest.ts';
import { addPhoneAndApp, findOrCreateByIdentity, findOrCreateCustomer } from '../customers/find-or-create.ts';
import { claimIdentity, customerWith, givenPhone, lockIdentity } from '../customers/identities.ts';

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
  // Refused before anything is stored: a phone is kept as E.164 or the call answers 422 (issue 42).
  const phone = givenPhone('customer.phone', body.customer.phone);
  const { duplicate, ...result } = await receiveInbound(ctx.db, storage, {
    integration,
    channel: 'api',
    externalId: body.external_message_id,
    customer: (tx) => customerFor(tx, integration, { ...body.customer, phone }),
    content: body.content,
    files: body.attachments.map((a) => ({
      filename: a.filename,
      data: Buffer.from(a.content_base64, 'base64'),
    })),
  });
  return { result: { ...result, duplicate }, created: !duplicate };
}

/**
 * The customer with this id in the outside system; else the company's customer with the given email; else a
 * new one. The external id is kept per integration (two systems may both have a customer "42").
 */
async function customerFor(
  tx: Tx,
  integration: IntegrationRow,
  given: Omit<IntegrationMessageBody['customer'], 'phone'> & { phone: string | null },
) {
  const companyId = integration.companyId;
  const external = `${integration.id}:${given.external_id}`;
  await lockIdentity(tx, companyId, 'external', external);
  let id = await customerWith(tx, companyId, 'external', external);
  if (id === null) {
    const name = given.name ?? given.email ?? `Customer ${given.external_id}`.slice(0, 200);
    id = given.email
      ? (await findOrCreateCustomer(tx, { companyId, appId: integration.appId, name, email: given.email })).id
      : (
          await findOrCreateByIdentity(tx, {
            companyId,
            appId: integration.appId,
            kind: 'external',
            value: external,
            name,
          })
        ).id;
    await claimIdentity(tx, companyId, id, 'external', external);
  }
  await addPhoneAndApp(tx, { companyId, customerId: id, appId: integration.appId, phone: given.phone });
  return id;
}
