import type { Priority } from '@inbox/contract';
import { type SQL, sql } from 'drizzle-orm';
import { priorityNameSql, priorityOf } from './priority.ts';

/**
 * The `conversation` object every event about a conversation carries (contract section 7): who may see the
 * event is decided from it, so every writer builds it here, in SQL from a row or in TypeScript from values.
 */
export interface ConversationState {
  number: number;
  status: string;
  queue_id: number | null;
  assigned_user_id: number | null;
  /** false while the customer only typed the email (decision 037). */
  verified: boolean;
  /** Contract section 13's priority by name, null for none. */
  priority: Priority | null;
}

/** The state as a `jsonb` expression, from a conversations row (or a CTE with its columns) named `alias`. */
export const conversationStateSql = (alias: 'c' | 'conv'): SQL =>
  sql`jsonb_build_object('number', ${sql.raw(alias)}.number, 'status', ${sql.raw(alias)}.status,
          'queue_id', ${sql.raw(alias)}.queue_id, 'assigned_user_id', ${sql.raw(alias)}.assigned_user_id,
          'verified', ${sql.raw(alias)}.verified, 'priority', ${priorityNameSql(`${alias}.priority`)})`;

/** The same object from values already in hand. */
export const conversationState = (s: {
  number: number;
  status: string;
  queueId: number | null;
  assignedUserId: number | null;
  verified: boolean;
  priority: number | null;
}): ConversationState => ({
  number: s.number,
  status: s.status,
  queue_id: s.queueId,
  assigned_user_id: s.assignedUserId,
  verified: s.verified,
  priority: priorityOf(s.priority),
});
