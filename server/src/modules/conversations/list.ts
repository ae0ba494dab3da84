import { DEFAULT_LIST_LIMIT } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { selectMessages } from './message-rows.ts';

/** A poll catching up from far behind gets this many per call, then continues from the last id. */
export const MAX_MESSAGES_PER_POLL = 100;

export interface ListMessagesInput {
  db: DbOrTx;
  companyId: number;
  conversationId: number;
  /** Messages after this id, oldest first; without it the latest `DEFAULT_LIST_LIMIT`, oldest first. */
  afterId?: number;
  /** Internal notes are for the console only. */
  includePrivate: boolean;
}

export async function listMessages(input: ListMessagesInput) {
  const { db, companyId, conversationId, afterId, includePrivate } = input;
  const base = sql`m.conversation_id = ${conversationId} and m.company_id = ${companyId}${
    includePrivate ? sql`` : sql` and not m.is_private`
  }`;
  if (afterId !== undefined) {
    return selectMessages(db, sql`${base} and m.id > ${afterId}`, sql`m.id`, MAX_MESSAGES_PER_POLL);
  }
  const latest = await selectMessages(db, base, sql`m.id desc`, DEFAULT_LIST_LIMIT);
  return latest.reverse();
}
