import type { SecureLink } from '@inbox/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { apps, companies, conversations, customers, portalSessions } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { type CompanyCtx, inTx } from '../access/context.ts';
import { requireVisibleConversation } from '../access/conversation-visibility.ts';
import { recordChange } from '../activities/service.ts';
import { actorLabel, changeConversation, lockConversation } from '../conversations/change.ts';
import { secureLinkMail } from './mail.ts';

export const NO_EMAIL_MESSAGE =
  'This customer has no email address, so a secure link cannot be sent. Add an email address to the customer first.';

/**
 * A new portal session for an existing conversation, stored the way the portal stores its own: only the
 * token's SHA-256, the expiry by the database clock.
 */
export async function issuePortalSession(
  db: DbOrTx,
  input: { companyId: number; conversationId: number; ttlSeconds: number },
) {
  const token = randomToken(32);
  const [row] = await db
    .insert(portalSessions)
    .values({
      companyId: input.companyId,
      conversationId: input.conversationId,
      tokenHash: sha256(token),
      expiresAt: sql`now() + make_interval(secs => ${input.ttlSeconds})`,
    })
    .returning({ id: portalSessions.id, expiresAt: portalSessions.expiresAt });
  return { token, sessionId: row!.id, expiresAt: row!.expiresAt };
}

/**
 * Mails the customer a link that opens this conversation in the portal with a fresh session. The session is
 * committed before the mail leaves (the link must work on arrival) and withdrawn when the mail cannot be
 * sent. A conversation closed by an expired session is reopened as pending: the agent invites the customer
 * back, and a link into a chat that cannot be answered would be useless.
 */
export async function sendSecureLink(opts: {
  ctx: CompanyCtx;
  log: FastifyBaseLogger;
  conversationId: number;
}): Promise<SecureLink> {
  const { ctx, log } = opts;
  const { db, config } = ctx;
  const conversation = await requireVisibleConversation(ctx, db, opts.conversationId);
  const [details] = await db
    .select({
      email: customers.email,
      customerName: customers.name,
      companyName: companies.name,
      appName: apps.name,
    })
    .from(conversations)
    .innerJoin(customers, eq(customers.id, conversations.customerId))
    .innerJoin(companies, eq(companies.id, conversations.companyId))
    .innerJoin(apps, eq(apps.id, conversations.appId))
    .where(and(eq(conversations.id, conversation.id), eq(conversations.companyId, ctx.companyId)));
  const email = details?.email?.trim();
  if (!details || !email) {
    throw new AppError('VALIDATION_ERROR', NO_EMAIL_MESSAGE, {
      fields: { conversation_id: [NO_EMAIL_MESSAGE] },
    });
  }
  const session = await issuePortalSession(db, {
    companyId: ctx.companyId,
    conversationId: conversation.id,
    ttlSeconds: config.portalSessionTtlSeconds,
  });
  const link = `${config.publicUrl}/portal/chat?token=${encodeURIComponent(session.token)}`;
  try {
    await ctx.mailer.send(
      secureLinkMail({
        to: email,
        link,
        customerName: details.customerName,
        agentName: ctx.actor.user.name,
        appName: details.appName,
        companyName: details.companyName,
        ttlSeconds: config.portalSessionTtlSeconds,
      }),
    );
  } catch (err) {
    log.error({ err, conversationId: conversation.id }, 'secure link mail could not be sent');
    await db.delete(portalSessions).where(eq(portalSessions.id, session.sessionId));
    throw new AppError('INTERNAL', 'The secure link could not be sent by email. Please try again later.');
  }
  await db.transaction(async (tx) => {
    const conv = await lockConversation(inTx(ctx, tx), conversation.id);
    if (!conv) return;
    // Inviting the customer back into a chat their expired session closed reopens it as pending.
    const changes = await changeConversation(
      tx,
      ctx.actor,
      conv,
      conv.status === 'closed' ? { status: 'pending' } : {},
      { action: 'conversation.reopened', note: `Reopened by ${actorLabel(ctx.actor)} with a secure link` },
    );
    await recordChange(tx, ctx.actor, ctx.companyId, 'conversation.secure_link_sent', conversation.id, {
      customer_id: conversation.customerId,
      reopened: changes.status !== undefined,
    });
  });
  return {
    message: `Secure link sent to ${email}`,
    email,
    expires_ts: session.expiresAt.toISOString(),
  };
}
