import type { DeliveryStatus, Mention, Message, SenderType } from '@inbox/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { statement } from '../../db/statement.ts';
import { type StoredAttachmentRow, toAttachment } from '../attachments/service.ts';

/** A message as stored, with its sender's user name (agents) and its attachments. */
export interface MessageRow {
  id: number;
  conversationId: number;
  senderType: SenderType;
  senderUserId: number | null;
  senderUserName: string | null;
  /** The platform admin who wrote it while impersonating the sender; shown in the console only. */
  impersonatorName: string | null;
  content: string;
  contentType: string;
  isPrivate: boolean;
  clientMessageId: string | null;
  createdAt: Date;
  attachments: StoredAttachmentRow[];
  /** Set on replies sent out through a provider channel; absent on messages just written. */
  deliveryStatus?: DeliveryStatus | null;
  deliveryError?: string | null;
  /** The people an internal note mentions, with their names as they are now. */
  mentions?: Mention[];
}

/** Names that are not on the message row: the conversation's customer and its app (for automatic replies). */
export interface SenderNames {
  customer: string;
  app: string;
}

export function senderName(row: Pick<MessageRow, 'senderType' | 'senderUserName'>, names: SenderNames) {
  switch (row.senderType) {
    case 'customer':
      return names.customer;
    case 'agent':
      return row.senderUserName ?? 'Support';
    case 'auto':
      return names.app;
    default:
      return 'System';
  }
}

export const toMessage = (row: MessageRow, names: SenderNames): Message => ({
  message_id: row.id,
  conversation_id: row.conversationId,
  sender_type: row.senderType,
  sender_name: senderName(row, names),
  content: row.content,
  content_type: row.contentType,
  created_ts: row.createdAt.toISOString(),
  attachments: row.attachments.map(toAttachment),
});

interface RawAttachment {
  message_id: string | number;
  attachment_id: string | number;
  original_filename: string;
  file_size: string | number;
  mime_type: string;
}

export interface RawMessage {
  id: string | number;
  conversation_id: number;
  sender_type: SenderType;
  sender_user_id: number | null;
  sender_user_name: string | null;
  impersonator_name: string | null;
  content: string;
  content_type: string;
  is_private: boolean;
  client_message_id: string | null;
  created_at: Date | string;
  delivery_status: DeliveryStatus | null;
  delivery_error: string | null;
  mentions: Mention[] | null;
}

/**
 * The message columns every message read selects, from `messages m` left-joined to `users u`. The
 * impersonator's name is a subquery, not a join, so the reads keep their shape; it runs only for rows read.
 */
export const MESSAGE_COLUMNS = sql`m.id, m.conversation_id, m.sender_type, m.sender_user_id,
  u.name as sender_user_name,
  (select iu.name from users iu where iu.id = m.impersonator_user_id) as impersonator_name, m.content, m.content_type, m.is_private, m.client_message_id, m.created_at,
  m.delivery_status, m.delivery_error,
  case when m.mention_user_ids is not null then (select json_agg(json_build_object('user_id', mu.id, 'name', mu.name)
    order by array_position(m.mention_user_ids, mu.id)) from users mu where mu.id = any(m.mention_user_ids)) end as mentions`;

const fromRaw = (r: RawMessage, files: StoredAttachmentRow[]): MessageRow => ({
  id: Number(r.id),
  conversationId: Number(r.conversation_id),
  senderType: r.sender_type,
  senderUserId: r.sender_user_id,
  senderUserName: r.sender_user_name,
  impersonatorName: r.impersonator_name,
  content: r.content,
  contentType: r.content_type,
  isPrivate: r.is_private,
  clientMessageId: r.client_message_id,
  createdAt: new Date(r.created_at),
  attachments: files,
  deliveryStatus: r.delivery_status,
  deliveryError: r.delivery_error,
  mentions: r.mentions ?? [],
});

const ATTACHMENTS = statement<RawAttachment, { ids: string }>(
  'message_attachments',
  sql`select message_id, id as attachment_id, original_filename, file_size, mime_type
    from attachments where message_id = any(${sql.placeholder('ids')}::bigint[]) order by id`,
);

/**
 * Messages with their attachments. The attachments are a second query, made only when messages came back,
 * so the common poll that finds nothing new stays one small statement.
 */
export async function withAttachments(db: DbOrTx, raw: RawMessage[]): Promise<MessageRow[]> {
  if (raw.length === 0) return [];
  const ids = `{${raw.map((r) => r.id).join(',')}}`;
  const files = await ATTACHMENTS.rows(db, { ids });
  const byMessage = new Map<number, StoredAttachmentRow[]>();
  for (const f of files) {
    const list = byMessage.get(Number(f.message_id)) ?? [];
    list.push({
      id: Number(f.attachment_id),
      originalFilename: f.original_filename,
      fileSize: Number(f.file_size),
      mimeType: f.mime_type,
    });
    byMessage.set(Number(f.message_id), list);
  }
  return raw.map((r) => fromRaw(r, byMessage.get(Number(r.id)) ?? []));
}

/** Messages with sender names and attachments; `where` filters the `m` alias, results come in `order`. */
export async function selectMessages(db: DbOrTx, where: SQL, order: SQL, limit: number) {
  const res = await db.execute<RawMessage & Record<string, unknown>>(sql`
    select ${MESSAGE_COLUMNS}
    from messages m
    left join users u on u.id = m.sender_user_id
    where ${where}
    order by ${order}
    limit ${limit}`);
  return withAttachments(db, res.rows);
}
