import type { Message, SenderType } from '@inbox/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type StoredAttachmentRow, toAttachment } from '../attachments/service.ts';

/** A message as stored, with its sender's user name (agents) and its attachments. */
export interface MessageRow {
  id: number;
  conversationId: number;
  senderType: SenderType;
  senderUserId: number | null;
  senderUserName: string | null;
  content: string;
  contentType: string;
  isPrivate: boolean;
  clientMessageId: string | null;
  createdAt: Date;
  attachments: StoredAttachmentRow[];
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
  attachment_id: number;
  original_filename: string;
  file_size: number;
  mime_type: string;
}

interface RawMessage extends Record<string, unknown> {
  id: string | number;
  conversation_id: number;
  sender_type: SenderType;
  sender_user_id: number | null;
  sender_user_name: string | null;
  content: string;
  content_type: string;
  is_private: boolean;
  client_message_id: string | null;
  created_at: Date | string;
  attachments: RawAttachment[] | string | null;
}

function fromRaw(r: RawMessage): MessageRow {
  const files =
    typeof r.attachments === 'string' ? (JSON.parse(r.attachments) as RawAttachment[]) : r.attachments;
  return {
    id: Number(r.id),
    conversationId: Number(r.conversation_id),
    senderType: r.sender_type,
    senderUserId: r.sender_user_id,
    senderUserName: r.sender_user_name,
    content: r.content,
    contentType: r.content_type,
    isPrivate: r.is_private,
    clientMessageId: r.client_message_id,
    createdAt: new Date(r.created_at),
    attachments: (files ?? []).map((a) => ({
      id: Number(a.attachment_id),
      originalFilename: a.original_filename,
      fileSize: Number(a.file_size),
      mimeType: a.mime_type,
    })),
  };
}

/**
 * Messages with sender names and attachments in one query (attachments aggregated per message, no N+1).
 * `where` filters the `m` alias; results come ordered by `order`.
 */
export async function selectMessages(db: DbOrTx, where: SQL, order: SQL, limit: number) {
  const res = await db.execute<RawMessage>(sql`
    select m.id, m.conversation_id, m.sender_type, m.sender_user_id, u.name as sender_user_name, m.content,
      m.content_type, m.is_private, m.client_message_id, m.created_at,
      (select coalesce(json_agg(json_build_object('attachment_id', a.id, 'original_filename',
          a.original_filename, 'file_size', a.file_size, 'mime_type', a.mime_type) order by a.id), '[]'::json)
        from attachments a where a.message_id = m.id) as attachments
    from messages m
    left join users u on u.id = m.sender_user_id
    where ${where}
    order by ${order}
    limit ${limit}`);
  return res.rows.map(fromRaw);
}
