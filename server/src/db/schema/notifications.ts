import { NOTIFICATION_TYPES, type NotificationPreferences } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
} from 'drizzle-orm/pg-core';
import { cascadeTo, timestamps, ts } from './columns.ts';
import { companies } from './companies.ts';
import { conversations } from './conversations.ts';
import { users } from './users.ts';

/**
 * One person's notification (contract section 14), made by the notifications consumer from one event. The
 * unique key on (event, user) makes it once per event and person, whatever the consumer repeats (decision 052).
 * The composite key to the conversation (hand-added in the migration) keeps it in the conversation's company.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    userId: cascadeTo('user_id', () => users.id),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    conversationId: cascadeTo('conversation_id', () => conversations.id),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    summary: text('summary').notNull(),
    /** Shown in the list and the stream: the type was on in the app when it was made. */
    inApp: boolean('in_app').notNull(),
    /** When the mail is due, if the type was on by email then; cleared (with `emailed_at`) once sent. */
    emailDueAt: ts('email_due_at'),
    emailedAt: ts('emailed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [
    unique('notifications_event_user_key').on(t.eventId, t.userId),
    // The bell: one's own in a company, newest first, and the unread count.
    index('notifications_user_idx').on(t.userId, t.companyId, t.id),
    index('notifications_unread_idx')
      .on(t.userId, t.companyId)
      .where(sql`${t.readAt} is null and ${t.inApp}`),
  ],
);

/**
 * Each person's notifications in each company, counted: those shown in the app and those of them unread (the
 * bell's badge and the list's totals), kept by statement triggers on `notifications` (migration 0041) so
 * nothing counts rows one by one as they pile up. Updated in place, not through a change log as the
 * conversation counts are: the row is one person's, written by the notifications consumer (one batch at a
 * time) and that person's own "mark read". No foreign keys, so the cascade that deletes a company or a user
 * can take its rows' counts down (and the emptied row away) in any order.
 */
export const notificationCounts = pgTable(
  'notification_counts',
  {
    userId: integer('user_id').notNull(),
    companyId: integer('company_id').notNull(),
    shown: integer('shown').notNull(),
    unread: integer('unread').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
);

/** A person's choices per type and medium (contract section 14); no row: the defaults. */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: cascadeTo('user_id', () => users.id).primaryKey(),
  preferences: jsonb('preferences').$type<NotificationPreferences>().notNull(),
  ...timestamps(),
});

/** A browser's Web Push subscription; an endpoint belongs to whoever subscribed it last. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: cascadeTo('user_id', () => users.id),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

/**
 * Who last snoozed each conversation, kept by the notifications consumer from `conversation.snoozed`, so
 * that the snooze's end notifies that person however long ago it began (the events themselves are pruned).
 */
export const notificationSnoozers = pgTable('notification_snoozers', {
  conversationId: cascadeTo('conversation_id', () => conversations.id).primaryKey(),
  companyId: cascadeTo('company_id', () => companies.id),
  userId: cascadeTo('user_id', () => users.id),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
