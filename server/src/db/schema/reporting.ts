import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cascadeTo, ts } from './columns.ts';
import { apps, companies } from './companies.ts';

/**
 * What reporting counts (contract section 11), one row per fact, written by the `reporting` consumer from
 * the event log: a conversation started, a customer message received, an agent message sent, a first
 * response, a resolution, an assignment. `day` is the date in the company's timezone when it happened;
 * `seconds` and `business_seconds` are the durations of first responses and resolutions; a satisfaction
 * rating (`rated`, contract section 14) keeps its score in `seconds` and credits who resolved. No reference to
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
        'rated',
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

/**
 * Daily rollups of `report_facts`, rebuilt for a day from that day's facts whenever facts of that day are
 * written (decision 028), at three grains: per app, queue and credited agent (0: none); per app and queue
 * for all agents (user -1); per agent across apps (app 0, queue 0). Durations keep their count and sum (exact
 * averages) and a histogram over `DURATION_BUCKETS` (medians and p90s of long periods). App 0 is no app, so
 * the rows carry no key to apps: an `app.deleted` event rebuilds the days the app's rows were on (`reporting/app-deletion.ts`).
 */
export const reportDaily = pgTable(
  'report_daily',
  {
    companyId: cascadeTo('company_id', () => companies.id),
    day: date('day', { mode: 'string' }).notNull(),
    appId: integer('app_id').notNull(),
    queueId: integer('queue_id').notNull().default(0),
    userId: integer('user_id').notNull().default(0),
    conversationsCreated: integer('conversations_created').notNull().default(0),
    conversationsResolved: integer('conversations_resolved').notNull().default(0),
    conversationsAssigned: integer('conversations_assigned').notNull().default(0),
    messagesReceived: integer('messages_received').notNull().default(0),
    messagesSent: integer('messages_sent').notNull().default(0),
    frtN: integer('frt_n').notNull().default(0),
    frtSum: bigint('frt_sum', { mode: 'number' }).notNull().default(0),
    frtbSum: bigint('frtb_sum', { mode: 'number' }).notNull().default(0),
    rtN: integer('rt_n').notNull().default(0),
    rtSum: bigint('rt_sum', { mode: 'number' }).notNull().default(0),
    rtbSum: bigint('rtb_sum', { mode: 'number' }).notNull().default(0),
    frtHist: integer('frt_hist').array().notNull(),
    frtbHist: integer('frtb_hist').array().notNull(),
    rtHist: integer('rt_hist').array().notNull(),
    rtbHist: integer('rtb_hist').array().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.day, t.appId, t.queueId, t.userId] }),
    // A long period of one grain (app 0: agents across apps; user -1: all agents of each queue) reads its own
    // rows, not every row of those days: a year of agent performance is 7,300 rows, not 37,000.
    index('report_daily_grain_idx').on(t.companyId, t.appId, t.userId, t.day),
  ],
);

/** A recalculation of a company's reporting over a date range (`POST /reporting/calculate-stats`), with its progress. */
export const reportRebuilds = pgTable('report_rebuilds', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  companyId: cascadeTo('company_id', () => companies.id),
  fromDay: date('from_day', { mode: 'string' }).notNull(),
  toDay: date('to_day', { mode: 'string' }).notNull(),
  status: text('status', { enum: ['queued', 'running', 'completed', 'failed'] })
    .notNull()
    .default('queued'),
  progress: real('progress').notNull().default(0),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Usage that leaves no row of its own (AI requests), counted per company and calendar month. */
export const usageCounters = pgTable(
  'usage_counters',
  {
    companyId: cascadeTo('company_id', () => companies.id),
    month: date('month', { mode: 'string' }).notNull(),
    aiRequests: integer('ai_requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month] })],
);
