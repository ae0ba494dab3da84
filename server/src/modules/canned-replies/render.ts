import type { RenderCannedReplyBody, RenderedCannedReply } from '@inbox/contract';
import { eq } from 'drizzle-orm';
import { apps, companies, customers, queues } from '../../db/schema/index.ts';
import { nextOpen, openingText } from '../../lib/business-hours.ts';
import type { CompanyCtx } from '../access/context.ts';
import { requireVisibleConversation } from '../access/conversation-visibility.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import { copyFilesInto } from './files.ts';
import { fillCannedPlaceholders, firstName, type PlaceholderValues } from './placeholders.ts';
import { usableReply } from './reach.ts';

/**
 * A canned reply made ready to send in one conversation (contract section 13): its placeholders filled from
 * the conversation, its files copied in as the caller's uploads. The customer's fields are the stored ones,
 * verified or not: the text goes to the person writing in this very conversation, as the agent's own reply
 * would. (An unverified conversation's customer is a stranger only to the AI, whose prompt must not learn
 * another customer's details from a claimed address.) Both the reply and the conversation must be visible
 * to the caller; either answers 404 otherwise.
 */
export async function renderCannedReply(
  ctx: CompanyCtx,
  storage: AttachmentStorage,
  input: RenderCannedReplyBody,
  now = new Date(),
): Promise<RenderedCannedReply> {
  const reply = await usableReply(ctx, ctx.db, input.canned_reply_id);
  const conv = await requireVisibleConversation(ctx, ctx.db, input.conversation_id);
  const [facts] = await ctx.db
    .select({
      customerName: customers.name,
      customerEmail: customers.email,
      customerPhone: customers.phone,
      appName: apps.name,
      queueName: queues.name,
      timezone: companies.timezone,
      businessHours: companies.businessHours,
    })
    .from(companies)
    .innerJoin(apps, eq(apps.id, conv.appId))
    .innerJoin(customers, eq(customers.id, conv.customerId))
    .leftJoin(queues, eq(queues.id, conv.queueId ?? -1))
    .where(eq(companies.id, ctx.companyId));
  const agentName = ctx.actor.user.name;
  const values: PlaceholderValues = {
    'customer.name': facts?.customerName,
    'customer.first_name': firstName(facts?.customerName),
    'customer.email': facts?.customerEmail,
    'customer.phone': facts?.customerPhone,
    'agent.name': agentName,
    'agent.first_name': firstName(agentName),
    'app.name': facts?.appName,
    'queue.name': facts?.queueName,
    'conversation.number': String(conv.number),
    'business_hours.next_open': facts
      ? openingText(nextOpen(facts.businessHours ?? null, facts.timezone, now), facts.timezone, now)
      : null,
  };
  const { content, missing } = fillCannedPlaceholders(reply.content, values);
  const attachments = await copyFilesInto(ctx, storage, reply.id, conv.id);
  return { content, attachments, missing };
}
