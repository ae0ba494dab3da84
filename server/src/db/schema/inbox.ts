import { bigint, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.ts';
import { attachments, conversations } from './conversations.ts';
import { users } from './users.ts';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * How far each user has read each conversation: unread counts are the customer messages after
 * `last_read_message_id`. One row per (conversation, user), moved forward only.
 */
export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
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
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});
