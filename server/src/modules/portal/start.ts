import type { PortalQueues, PortalStart, PortalStartBody } from '@inbox/contract';
import { PORTAL_MESSAGES } from '@inbox/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { apps, companies, portalSessions, queues } from '../../db/schema/index.ts';
import { AppError, invalidField } from '../../http/app-error.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { recordActivity } from '../activities/service.ts';
import { appendMessage } from '../conversations/append.ts';
import { createConversation } from '../conversations/create.ts';
import { findOrCreateCustomer, unverifiedCustomer } from '../customers/find-or-create.ts';
import { givenPhone } from '../customers/identities.ts';
import { verifiedVisitor, widgetIntegration } from '../widget/identity.ts';

const invalidApp = (appId: number) =>
  new AppError('INVALID_APP', 'This support link is invalid. Please check the URL and try again.', {
    details: { app_id: appId },
  });

/** An app the public may reach: the app is active and its company is not suspended. */
async function publicApp(db: DbOrTx, appId: number) {
  const [app] = await db
    .select({ id: apps.id, name: apps.name, companyId: apps.companyId, companyName: companies.name })
    .from(apps)
    .innerJoin(companies, eq(companies.id, apps.companyId))
    .where(and(eq(apps.id, appId), eq(apps.isActive, true), eq(companies.status, 'active')));
  if (!app) throw invalidApp(appId);
  return app;
}

const publicQueues = (db: DbOrTx, appId: number) =>
  db
    .select({ queue_id: queues.id, queue_name: queues.name })
    .from(queues)
    .where(and(eq(queues.appId, appId), eq(queues.isActive, true), eq(queues.isPrivate, false)))
    .orderBy(asc(queues.name), asc(queues.id));

export async function listPortalQueues(db: Db, appId: number): Promise<PortalQueues> {
  const app = await publicApp(db, appId);
  return { queues: await publicQueues(db, app.id), company_name: app.companyName, app_name: app.name };
}

/** A given queue must be one the public may pick; without one, the app must have none to pick from. */
async function chooseQueue(db: DbOrTx, appId: number, queueId: number | undefined) {
  const choices = await publicQueues(db, appId);
  if (queueId === undefined) {
    if (choices.length > 0) throw invalidField('queue_id', PORTAL_MESSAGES.topicRequired);
    return null;
  }
  if (!choices.some((q) => q.queue_id === queueId))
    throw invalidField('queue_id', PORTAL_MESSAGES.topicRequired);
  return queueId;
}

/**
 * Starts a portal chat: finds or creates the customer by email within the company, opens a conversation
 * with its first message, and issues a session token (only its hash is stored). One transaction.
 */
export async function startPortalConversation(opts: {
  db: Db;
  config: Config;
  input: PortalStartBody;
}): Promise<PortalStart> {
  const { db, config, input } = opts;
  const app = await publicApp(db, input.app_id);
  const queueId = await chooseQueue(db, app.id, input.queue_id);
  // Refused before anything is written: a phone is stored as typed (E.164) or not at all (issue 42).
  const phone = givenPhone('customer_info.phone', input.customer_info.phone);
  const token = randomToken(32);
  // The website widget: its conversations are `web` ones, and only a visitor the host site vouches for
  // joins the customer who has that email; anyone else is a new customer (agents may merge them later).
  const widget = input.via_widget ? await widgetIntegration(db, config.secrets, app.id) : null;
  const verified =
    input.via_widget === true &&
    verifiedVisitor(
      input.identity_hash ? widget?.identitySecret() : null,
      input.customer_info.email,
      input.identity_hash,
    );
  const conversationId = await db.transaction(async (tx) => {
    const details = {
      companyId: app.companyId,
      appId: app.id,
      name: input.customer_info.name,
      email: input.customer_info.email,
      phone,
    };
    // The plain portal form proves no email either: it joins that customer (decision 030) but adds nothing
    // to a record it did not create.
    const customer =
      input.via_widget && !verified
        ? await unverifiedCustomer(tx, details)
        : await findOrCreateCustomer(tx, details, { unverified: !verified });
    const conversation = await createConversation(tx, {
      companyId: app.companyId,
      appId: app.id,
      queueId,
      customerId: Number(customer.id),
      channel: input.via_widget ? 'web' : 'portal',
      integrationId: widget?.id ?? null,
      // Only a widget visitor the host site signed has proven the address; a typed one has not (decision 037).
      verified,
    });
    await appendMessage({
      db: tx,
      companyId: app.companyId,
      conversationId: conversation.id,
      sender: { type: 'customer' },
      content: input.initial_message,
    });
    await tx.insert(portalSessions).values({
      companyId: app.companyId,
      conversationId: conversation.id,
      tokenHash: sha256(token),
      visitorName: input.customer_info.name,
      // The database clock rules every expiry decision, so no process's clock skew matters.
      expiresAt: sql`now() + make_interval(secs => ${config.portalSessionTtlSeconds})`,
    });
    const starter = {
      type: 'customer' as const,
      customerId: Number(customer.id),
      name: input.customer_info.name,
    };
    await recordActivity(tx, starter, {
      companyId: app.companyId,
      action: 'conversation.created',
      entityType: 'conversation',
      entityId: conversation.id,
      details: {
        channel: input.via_widget ? 'web' : 'portal',
        app_id: app.id,
        queue_id: queueId,
        customer_id: Number(customer.id),
      },
    });
    return conversation.id;
  });
  return { portal_token: token, conversation_id: conversationId };
}
