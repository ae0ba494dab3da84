import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { cascadeTo, ts } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * The outbox (contract section 7): one row per thing that happened, written once, in the transaction of the
 * change. `event_id` is set at insert by `next_event_id()` (migration 0032, decision 046): the writing
 * transaction's id (`pg_current_xact_id()`) times 65,536 plus the event's place in that transaction, less a
 * constant. Readers take only events below `event_horizon()`, where every transaction with a smaller id has
 * ended, so nothing that commits later can sort before what a reader has taken. App, conversation and
 * customer carry no foreign key: the record of a deletion outlives the row it names.
 */
export const events = pgTable(
  'events',
  {
    eventId: bigint('event_id', { mode: 'number' }).primaryKey().default(sql`next_event_id()`),
    type: text('type').notNull(),
    companyId: cascadeTo('company_id', () => companies.id),
    appId: integer('app_id'),
    conversationId: integer('conversation_id'),
    customerId: integer('customer_id'),
    actorType: text('actor_type').notNull(),
    actorId: integer('actor_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    // A company's newest event that can change a list: the list version a poll reads (`list-cache.ts`),
    // and a company's or conversation's replay. The primary key is the readers' and pruning's walk.
    index('events_company_idx').on(t.companyId, t.eventId).where(sql`type <> 'typing'`),
  ],
);

/** Where each named consumer stands in the event log: the last event id it has handled. */
export const eventConsumers = pgTable('event_consumers', {
  name: text('name').primaryKey(),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * The half of a company's list version that events do not give (`conversations/list-cache.ts`; the other half
 * is the company's newest readable event): `catalog` counts changes that write no event (names of apps,
 * queues, users and customers, memberships, deletions), bumped by triggers in the writer's own transaction
 * (migration 0021). No foreign key: a trigger may bump it for a company being deleted.
 */
export const listVersions = pgTable('list_versions', {
  companyId: integer('company_id').primaryKey(),
  catalog: bigint('catalog', { mode: 'number' }).notNull().default(0),
});

/**
 * Single-use tickets that open a console event stream (an EventSource cannot send headers). Stored, so a
 * ticket made on one server process opens a stream on another; only the hash is kept.
 */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    ticketHash: text('ticket_hash').primaryKey(),
    companyId: cascadeTo('company_id', () => companies.id),
    userId: cascadeTo('user_id', () => users.id),
    impersonatorUserId: integer('impersonator_user_id'),
    /** The console session the ticket was made under: its logout ends the stream too. */
    sessionId: uuid('session_id').notNull(),
    /** The company role the stream judges with (an impersonating platform admin's is `admin`). */
    role: text('role', { enum: ['admin', 'manager', 'agent'] }).notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('stream_tickets_expires_idx').on(t.expiresAt)],
);
