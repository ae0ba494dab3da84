import {
  type ConsoleMessage,
  channelLabel,
  channelTakesFiles,
  MENTION_MESSAGES,
  type Mention,
  REPLY_WINDOW_HOURS,
  replyWindowText,
  type SendMessageBody,
  TEMPLATE_MESSAGES,
  type TemplateChoice,
  WINDOWED_CHANNELS,
} from '@inbox/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { apps, attachments, consoleUploads, customers } from '../../db/schema/index.ts';
import { invalidField, notFound } from '../../http/app-error.ts';
import type { CallerCtx } from '../access/context.ts';
import { type ConversationRow, requireVisibleConversation } from '../access/conversation-visibility.ts';
import { recordActivity } from '../activities/service.ts';
import type { AppendMessageInput } from './append.ts';
import { appendMessage } from './append.ts';
import { whoCanSee } from './audience.ts';
import { toConsoleMessage } from './poll.ts';
import { advanceReadMarker } from './reads.ts';
import { assignOnReply } from './reply-assign.ts';

/**
 * A WhatsApp template choice made into the reply's text and what the sender sends (422 on `template` when it
 * is not approved now). The channels module reads templates from Meta; the route registry hands its function
 * to the conversation routes, since conversations stand below channels (ARCHITECTURE.md, "Bands").
 */
export type TemplateReply = (
  ctx: CallerCtx,
  config: Config,
  conv: ConversationRow,
  choice: TemplateChoice,
) => Promise<{ content: string; template: NonNullable<AppendMessageInput['template']> }>;

/** Attachments must be the caller's own console uploads to this conversation, not yet sent (422 otherwise). */
async function checkOwnUploads(db: DbOrTx, userId: number, conversationId: number, ids: number[]) {
  if (ids.length === 0) return;
  const own = await db
    .select({ id: attachments.id })
    .from(attachments)
    .innerJoin(consoleUploads, eq(consoleUploads.attachmentId, attachments.id))
    .where(
      and(
        inArray(attachments.id, ids),
        eq(consoleUploads.userId, userId),
        eq(attachments.conversationId, conversationId),
      ),
    );
  if (own.length !== new Set(ids).size) {
    throw invalidField('attachments', 'An attachment was not found or was already sent');
  }
}

/**
 * An agent's reply or internal note. The first reply sets the first-response time and moves `open` to
 * `pending`; notes do neither and never reach the portal. A reply to a resolved or closed conversation is
 * stored without reopening it (the customer's session stays ended). Sending also marks the thread read, and
 * a reply to an unassigned conversation assigns it to the replier when the company wants that.
 */
export async function sendConsoleMessage(
  ctx: CallerCtx,
  config: Config,
  input: SendMessageBody,
  templateReply: TemplateReply,
): Promise<{ message: ConsoleMessage; created: boolean }> {
  const db = ctx.db;
  const conv = await requireVisibleConversation(ctx, db, input.conversation_id);
  const template = input.template ? await checkTemplate(ctx, config, conv, input, templateReply) : null;
  const actor = ctx.actor;
  const user = actor.type === 'user' ? actor : null;
  // A key has no uploads of its own: its files come in through POST /integration/messages only.
  if (!user && input.attachments.length > 0) {
    throw invalidField('attachments', 'An API key cannot send attachments here');
  }
  // Replies go out through the conversation's channel: one that takes no files refuses them here too.
  if (!input.is_private && input.attachments.length > 0 && !channelTakesFiles(conv.channel)) {
    throw invalidField('attachments', `Files cannot be sent by ${channelLabel(conv.channel)}`);
  }
  // An approved template is what WhatsApp takes outside the window; free text is refused there.
  if (
    !template &&
    !input.is_private &&
    WINDOWED_CHANNELS.includes(conv.channel) &&
    (await windowClosed(db, conv.id))
  ) {
    throw invalidField('content', replyWindowText(conv.channel));
  }
  if (user) await checkOwnUploads(db, user.user.id, conv.id, input.attachments);
  const mentions = await checkMentions(ctx, conv.id, input);
  const result = await appendMessage({
    db,
    companyId: ctx.companyId,
    conversationId: conv.id,
    // A key's reply speaks for the company: an agent message with no user, shown as "Support".
    sender:
      actor.type === 'user'
        ? { type: 'agent', userId: actor.user.id }
        : { type: 'agent', userId: null, apiKeyId: actor.apiKeyId },
    content: template?.content ?? input.content,
    contentType: input.content_type,
    template: template?.template ?? null,
    attachments: input.attachments,
    clientMessageId: input.client_message_id,
    isPrivate: input.is_private,
    mentions: mentions.map((m) => m.user_id),
    impersonatorUserId: user?.impersonator?.id ?? null,
  });
  if (result.outcome === 'missing' || result.outcome === 'blocked') throw notFound('Conversation');
  const row = result.message;
  if (result.outcome === 'created') {
    row.senderUserName = user?.user.name ?? null;
    row.impersonatorName = user?.impersonator?.name ?? null;
    row.mentions = mentions;
    if (user) {
      const where = { companyId: ctx.companyId, conversationId: conv.id, userId: user.user.id };
      await advanceReadMarker(db, where, row.id);
    }
    // The message and the activity both keep the impersonating admin, if any.
    await recordActivity(db, ctx.actor, {
      companyId: ctx.companyId,
      action: input.is_private ? 'conversation.note_added' : 'conversation.replied',
      entityType: 'conversation',
      entityId: conv.id,
      details: { number: conv.number, message_id: row.id, attachments: input.attachments.length },
    });
    if (user && !input.is_private && conv.assignedUserId === null) {
      await assignOnReply({ ...ctx, actor: user }, conv.id);
    }
  }
  const [names] = await db
    .select({ customer: customers.name, app: apps.name })
    .from(customers)
    .innerJoin(apps, eq(apps.id, conv.appId))
    .where(eq(customers.id, conv.customerId));
  return {
    message: toConsoleMessage(row, names ?? { customer: 'Customer', app: 'Support' }),
    created: result.outcome === 'created',
  };
}

/**
 * A note's mentions: only in a note (a reply goes to the customer, who must not see a colleague's name
 * called out), and only of people who can see the conversation now; 422 on `mentions` otherwise. Repeats
 * count once, in the order given. Each one is notified by the notifications consumer from the message's event.
 */
async function checkMentions(
  ctx: CallerCtx,
  conversationId: number,
  input: SendMessageBody,
): Promise<Mention[]> {
  const ids = [...new Set(input.mentions)];
  if (ids.length === 0) return [];
  if (!input.is_private) throw invalidField('mentions', MENTION_MESSAGES.onlyNotes);
  const people = await whoCanSee(ctx, conversationId, ids);
  if (people.length !== ids.length) throw invalidField('mentions', MENTION_MESSAGES.notVisible);
  const byId = new Map(people.map((p) => [p.user_id, p.name]));
  return ids.map((id) => ({ user_id: id, name: byId.get(id)! }));
}

/** A template reply is a reply with no files; its text is the template's, whatever `content` said. */
async function checkTemplate(
  ctx: CallerCtx,
  config: Config,
  conv: ConversationRow,
  input: SendMessageBody,
  templateReply: TemplateReply,
) {
  if (input.is_private) throw invalidField('template', TEMPLATE_MESSAGES.notForNotes);
  if (input.attachments.length > 0) throw invalidField('attachments', TEMPLATE_MESSAGES.noFiles);
  return templateReply(ctx, config, conv, input.template!);
}

/** Whether the customer's last message is older than the provider's reply window (or there is none). */
async function windowClosed(db: DbOrTx, conversationId: number) {
  const res = await db.execute<{ open: boolean }>(sql`
    select coalesce(max(created_at) > now() - make_interval(hours => ${REPLY_WINDOW_HOURS}), false) as open
    from messages where conversation_id = ${conversationId} and sender_type = 'customer'`);
  return !res.rows[0]?.open;
}
