import type { ConversationStatus } from '@inbox/contract';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { attachments, conversations } from '../../db/schema/index.ts';
import { invalidField } from '../../http/app-error.ts';
import { type MessageRow, selectMessages } from './message-rows.ts';
import { actorKeyOf } from './typing.ts';
import { type Effect, messageWrite, touchedConversation, writtenMessage } from './write-statement.ts';

export type Sender =
  | { type: 'customer' }
  | { type: 'agent'; userId: number }
  /** A reply through an API key: the company speaking, no user. */
  | { type: 'agent'; userId: null; apiKeyId: number }
  | { type: 'auto' }
  | { type: 'system' };

export interface AppendMessageInput {
  db: DbOrTx;
  companyId: number;
  conversationId: number;
  sender: Sender;
  content: string;
  contentType?: string;
  /** Ids of not-yet-sent attachments of this conversation; the caller has checked who uploaded them. */
  attachments?: number[];
  clientMessageId?: string | null;
  isPrivate?: boolean;
  /** The platform admin writing while impersonating the sender, recorded on the message. */
  impersonatorUserId?: number | null;
  /** The provider's id of a message that came in through a channel. */
  providerMessageId?: string | null;
  /** A WhatsApp template reply: sent as this template (`content` holds the text the customer receives). */
  template?: { name: string; language: string; parameters: string[] } | null;
  /** The people an internal note mentions (checked by the caller: they can see the conversation). */
  mentions?: readonly number[];
  /** Refuse unless the conversation is open or pending (a customer cannot write into an ended chat). */
  requireActive?: boolean;
}

export type AppendMessageResult =
  | { outcome: 'created' | 'duplicate'; message: MessageRow }
  | { outcome: 'blocked'; status: ConversationStatus }
  | { outcome: 'missing' };

/** How a message moves the conversation: customers wait for an answer, agents answer. */
const effectOf = (sender: Sender, isPrivate: boolean): Effect =>
  isPrivate ? 'none' : sender.type === 'customer' || sender.type === 'agent' ? sender.type : 'none';

/**
 * Appends a message. One statement updates the conversation row (taking its row lock) and inserts the
 * message, so the message id is drawn after the lock: ids of one conversation increase in commit order and a
 * reader following `id > last_seen` never misses a later commit. A repeated `clientMessageId` returns the
 * first message (the unique index decides races). Nothing is published here; callers publish after commit.
 */
export async function appendMessage(input: AppendMessageInput): Promise<AppendMessageResult> {
  const files = input.attachments ?? [];
  if (files.length === 0) return appendOnce(input.db, input);
  return input.db.transaction(async (tx) => {
    const result = await appendOnce(tx, input);
    if (result.outcome !== 'created') return result;
    const linked = await tx
      .update(attachments)
      .set({ messageId: result.message.id })
      .where(
        and(
          inArray(attachments.id, files),
          eq(attachments.conversationId, input.conversationId),
          eq(attachments.companyId, input.companyId),
          isNull(attachments.messageId),
        ),
      )
      .returning({
        id: attachments.id,
        originalFilename: attachments.originalFilename,
        fileSize: attachments.fileSize,
        mimeType: attachments.mimeType,
      });
    if (linked.length !== new Set(files).size) {
      throw invalidField('attachments', 'An attachment was not found or was already sent');
    }
    linked.sort((a, b) => a.id - b.id);
    return { outcome: 'created', message: { ...result.message, attachments: linked } };
  });
}

async function appendOnce(db: DbOrTx, input: AppendMessageInput): Promise<AppendMessageResult> {
  const { companyId, conversationId, sender } = input;
  const isPrivate = input.isPrivate ?? false;
  const effect = effectOf(sender, isPrivate);
  const userId = sender.type === 'agent' ? sender.userId : null;
  const clientMessageId = input.clientMessageId ?? null;
  const impersonatorUserId = input.impersonatorUserId ?? null;
  const res = await db.execute<{ conv_id: number; id: string | null; created_at: Date | null }>(sql`
    with ${touchedConversation(
      effect,
      sql`c.id = ${conversationId} and c.company_id = ${companyId}
        and (not ${input.requireActive ?? false}::boolean or c.status in ('open', 'pending'))`,
    )}, ${messageWrite({
      senderType: sender.type,
      senderUserId: userId,
      impersonatorUserId,
      content: input.content,
      contentType: input.contentType ?? 'text',
      isPrivate,
      clientMessageId,
      actorKey: actorKeyOf(sender),
      apiKeyId: 'apiKeyId' in sender ? sender.apiKeyId : null,
      providerMessageId: input.providerMessageId ?? null,
      template: input.template ? JSON.stringify(input.template) : null,
      mentions: input.mentions?.length ? `{${input.mentions.join(',')}}` : null,
    })}
    select conv.id as conv_id, msg.id, msg.created_at from conv left join msg on true`);
  const row = res.rows[0];
  if (row?.id != null) {
    const message = writtenMessage(
      { id: row.id, created_at: row.created_at! },
      {
        conversationId,
        senderType: sender.type,
        senderUserId: userId,
        content: input.content,
        contentType: input.contentType ?? 'text',
        isPrivate,
        clientMessageId,
      },
    );
    return { outcome: 'created', message };
  }
  const first = clientMessageId ? await findByClientId(db, companyId, conversationId, clientMessageId) : null;
  if (first) return { outcome: 'duplicate', message: first };
  if (row) throw new Error('message insert conflicted without an existing message');
  const [conv] = await db
    .select({ status: conversations.status })
    .from(conversations)
    .where(and(eq(conversations.id, conversationId), eq(conversations.companyId, companyId)));
  return conv ? { outcome: 'blocked', status: conv.status } : { outcome: 'missing' };
}

export async function findByClientId(
  db: DbOrTx,
  companyId: number,
  conversationId: number,
  clientId: string,
) {
  const [row] = await selectMessages(
    db,
    sql`m.conversation_id = ${conversationId} and m.company_id = ${companyId} and m.client_message_id = ${clientId}`,
    sql`m.id`,
    1,
  );
  return row ?? null;
}
