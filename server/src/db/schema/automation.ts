import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { cascadeTo, timestamps, ts } from './columns.ts';
import { apps, companies, queues } from './companies.ts';
import { conversations, messages } from './conversations.ts';
import { integrations } from './integrations.ts';

/** Auto-responders of an app, optionally of one queue (contract section 9). */
export const autoResponders = pgTable(
  'auto_responders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    appId: cascadeTo('app_id', () => apps.id),
    /** A queue's responder goes with its queue. */
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    trigger: text('trigger', {
      enum: ['conversation_started', 'outside_business_hours', 'no_agent_reply', 'keyword'],
    }).notNull(),
    delayMinutes: integer('delay_minutes').notNull().default(0),
    keywords: text('keywords').array().notNull().default(sql`'{}'::text[]`),
    message: text('message').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    unique('auto_responders_company_id_id_key').on(t.companyId, t.id),
    index('auto_responders_app_idx').on(t.appId),
  ],
);

/**
 * One answer a responder owes (or gave) a conversation: unique per trigger occurrence, so each occurrence is
 * answered at most once whichever process or retry gets there. `pending` ones wait for `due_at`, when the
 * pg-boss job queued with them runs (decision 045); nothing scans for due rows, so no index serves one.
 */
export const autoResponderRuns = pgTable(
  'auto_responder_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    responderId: cascadeTo('responder_id', () => autoResponders.id),
    conversationId: cascadeTo('conversation_id', () => conversations.id),
    /** Which occurrence of the trigger: `start`, `message:<id>`, `closed:<next opening>`, `waiting:<id>`. */
    occurrence: text('occurrence').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'cancelled', 'skipped'] })
      .notNull()
      .default('pending'),
    dueAt: ts('due_at').notNull(),
    messageId: bigint('message_id', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [
    unique('auto_responder_runs_occurrence_key').on(t.responderId, t.conversationId, t.occurrence),
    index('auto_responder_runs_conversation_idx').on(t.conversationId),
  ],
);

/**
 * One event owed to one outgoing webhook (contract section 10): at least once, retried with backoff until
 * the target answers 2xx or a day has passed. `webhook-id` is the row's `msg_id`, the same on every retry.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    integrationId: cascadeTo('integration_id', () => integrations.id),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    msgId: text('msg_id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** A reply to send through the integration's channel (SMS and the like) instead of a signed POST. */
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, {
      onDelete: 'cascade',
    }),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When the job of the next attempt is due: what the delivery log shows (decision 045). */
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    ...timestamps(),
  },
  (t) => [
    unique('webhook_deliveries_event_key').on(t.integrationId, t.eventId),
    // Deleting a conversation's messages finds their deliveries by it.
    index('webhook_deliveries_message_idx').on(t.messageId).where(sql`message_id is not null`),
  ],
);
