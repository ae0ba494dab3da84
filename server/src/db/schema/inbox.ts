import { bigint, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { cascadeTo, ts } from './columns.ts';
import { companies } from './companies.ts';
import { attachments, conversations } from './conversations.ts';
import { users } from './users.ts';

/**
 * How far each user has read each conversation: unread counts are the customer messages after
 * `last_read_message_id`. One row per (conversation, user), moved forward only.
 */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: cascadeTo('conversation_id', () => conversations.id),
    userId: cascadeTo('user_id', () => users.id),
    companyId: cascadeTo('company_id', () => companies.id),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.userId] }),
    index('conversation_reads_user_idx').on(t.userId),
  ],
);

/** Files an agent uploaded in the console: only the uploader may send them (as portal uploads are per session). */
export const consoleUploads = pgTable('console_uploads', {
  attachmentId: integer('attachment_id')
    .primaryKey()
    .references(() => attachments.id, { onDelete: 'cascade' }),
  userId: cascadeTo('user_id', () => users.id),
});
