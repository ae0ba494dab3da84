import { bigint, index, integer, pgTable, primaryKey, text, unique } from 'drizzle-orm/pg-core';
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

/**
 * How many conversations each company has in each group of the columns the inbox's reach and filters test
 * (app, queue, assignee, status): a list's exact total is the sum over the groups it selects, a few hundred
 * rows, where counting the conversations themselves walked up to 1,000 of them per poll (decision 033).
 * Triggers (migration 0023) never write here: they append to `conversation_count_changes`, and
 * `foldCountChanges` moves those in, so no write waits on another for a shared counter row. No foreign
 * key: a company's deletion leaves its groups at zero, and the fold removes them.
 */
export const conversationCounts = pgTable(
  'conversation_counts',
  {
    companyId: integer('company_id').notNull(),
    appId: integer('app_id').notNull(),
    queueId: integer('queue_id'),
    assignedUserId: integer('assigned_user_id'),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('conversation_counts_group_key')
      .on(t.companyId, t.appId, t.queueId, t.assignedUserId, t.status)
      .nullsNotDistinct(),
  ],
);

/**
 * Changes to `conversation_counts` not folded in yet, written by the triggers on `conversations` in the
 * writer's transaction: +n into a conversation's new group, -n out of its old one. Insert-only, so writers
 * never lock each other; readers add them to the counts.
 */
export const conversationCountChanges = pgTable(
  'conversation_count_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id').notNull(),
    appId: integer('app_id').notNull(),
    queueId: integer('queue_id'),
    assignedUserId: integer('assigned_user_id'),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('conversation_count_changes_company_idx').on(t.companyId)],
);

/**
 * `conversation_counts` per label: how many conversations carrying each label each group holds, so a list
 * filtered by one label has an exact total without walking its rows (decision 056). A conversation with two
 * labels is in two rows, so only a one-label filter sums them. The triggers on `conversations` (migration
 * 0039) append to `conversation_label_count_changes`; `foldCountChanges` moves those in.
 */
export const conversationLabelCounts = pgTable(
  'conversation_label_counts',
  {
    companyId: integer('company_id').notNull(),
    labelId: integer('label_id').notNull(),
    appId: integer('app_id').notNull(),
    queueId: integer('queue_id'),
    assignedUserId: integer('assigned_user_id'),
    status: text('status').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [
    unique('conversation_label_counts_group_key')
      .on(t.companyId, t.labelId, t.appId, t.queueId, t.assignedUserId, t.status)
      .nullsNotDistinct(),
  ],
);

/** Changes to `conversation_label_counts` not folded in yet (as `conversation_count_changes`). */
export const conversationLabelCountChanges = pgTable(
  'conversation_label_count_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id').notNull(),
    labelId: integer('label_id').notNull(),
    appId: integer('app_id').notNull(),
    queueId: integer('queue_id'),
    assignedUserId: integer('assigned_user_id'),
    status: text('status').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('conversation_label_count_changes_company_idx').on(t.companyId, t.labelId)],
);
