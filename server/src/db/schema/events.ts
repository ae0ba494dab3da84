import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cascadeTo, ts } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * The outbox (contract section 7): one row per thing that happened, written in the transaction of the
 * change. `seq` is drawn at insert and so follows no order a reader can trust; `event_id` is given after
 * commit by the sequencer (`modules/events/sequencer.ts`), one run at a time, so event ids increase in
 * commit order. App, conversation and customer carry no foreign key: the record of a deletion outlives
 * the row it names.
 */
/** Where event ids come from; only the sequencer draws from it. */
export const eventIds = pgSequence('event_ids');

export const events = pgTable(
  'events',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' }),
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
    // The one read index (streams, replays, consumers and pruning all walk event ids); every index here is
    // written twice per event (insert, then numbering), so there are no others.
    uniqueIndex('events_event_id_idx').on(t.eventId),
    // What the sequencer looks for; empty in the steady state, so it stays tiny.
    index('events_unsequenced_idx').on(t.seq).where(sql`event_id is null`),
  ],
);

/** Where each named consumer stands in the event log: the last event id it has handled. */
export const eventConsumers = pgTable('event_consumers', {
  name: text('name').primaryKey(),
  lastEventId: bigint('last_event_id', { mode: 'number' }).notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * How far each company's conversation lists have changed, so a poll can tell in one index lookup whether a
 * list it answered before is still the answer (`conversations/list-cache.ts`). `event_id` is the newest
 * numbered event of the company that can change a list (every type but `typing`), set by the sequencer in
 * the statement that numbers it; `catalog` counts changes that write no event (names of apps, queues, users
 * and customers, memberships, deletions), bumped by triggers in the writer's own transaction (migration
 * 0021). No foreign key: the sequencer may number the last events of a company being deleted.
 */
export const listVersions = pgTable('list_versions', {
  companyId: integer('company_id').primaryKey(),
  eventId: bigint('event_id', { mode: 'number' }).notNull().default(0),
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
