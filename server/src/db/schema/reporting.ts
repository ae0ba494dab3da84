import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeTo, ts } from './columns.ts';
import { apps, companies } from './companies.ts';

/**
 * What reporting counts (contract section 11), one row per fact, written by the `reporting` consumer from
 * the event log: a conversation started, a customer message received, an agent message sent, a first
 * response, a resolution, an assignment. `day` is the date in the company's timezone when it happened;
 * `seconds` and `business_seconds` are the durations of first responses and resolutions. No reference to
 * the conversation: a deleted conversation's facts still count for the days they happened.
 */
export const reportFacts = pgTable(
  'report_facts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    appId: cascadeTo('app_id', () => apps.id),
    queueId: integer('queue_id'),
    /** The agent credited: the replier, the resolver, the assignee. */
    userId: integer('user_id'),
    conversationId: integer('conversation_id').notNull(),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    kind: text('kind', {
      enum: [
        'conversation_created',
        'message_received',
        'message_sent',
        'first_response',
        'resolved',
        'assigned',
      ],
    }).notNull(),
    at: ts('at').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    seconds: integer('seconds'),
    businessSeconds: integer('business_seconds'),
  },
  (t) => [
    // A replayed event (a crash mid-batch, a rebuild) finds its facts and adds none.
    uniqueIndex('report_facts_event_kind_key').on(t.eventId, t.kind),
    index('report_facts_company_day_idx').on(t.companyId, t.day, t.kind),
    index('report_facts_conversation_idx')
      .on(t.conversationId, t.kind)
      .where(sql`kind in ('conversation_created', 'first_response')`),
  ],
);
