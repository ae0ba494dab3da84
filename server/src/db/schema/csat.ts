import { bigint, index, integer, pgTable, smallint, text, unique } from 'drizzle-orm/pg-core';
import { cascadeTo, ts } from './columns.ts';
import { companies } from './companies.ts';
import { conversations } from './conversations.ts';
import { users } from './users.ts';

/**
 * One satisfaction question per resolution (contract section 14, decision 055): written in the transaction
 * that resolves, keyed by the conversation and its `resolved_at` (the transaction's time), so a repeated
 * write asks once and a reopened and again resolved conversation is asked again. The answer is written on
 * the same row (`score`, `comment`, `rated_at`): one rating per resolution. A channel conversation gets a
 * link (`/rate/{token}`) from the `csat` consumer, which sets the token; only its SHA-256 is kept.
 */
export const csatRequests = pgTable(
  'csat_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    conversationId: cascadeTo('conversation_id', () => conversations.id),
    resolvedAt: ts('resolved_at').notNull(),
    /** Who resolved it: reports credit the rating to them. */
    resolvedByUserId: integer('resolved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    question: text('question').notNull(),
    tokenHash: text('token_hash'),
    expiresAt: ts('expires_at').notNull(),
    score: smallint('score'),
    comment: text('comment'),
    ratedAt: ts('rated_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('csat_requests_resolution_key').on(t.conversationId, t.resolvedAt),
    unique('csat_requests_token_key').on(t.tokenHash),
    index('csat_requests_company_idx').on(t.companyId),
  ],
);
