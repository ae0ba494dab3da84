import { DEFAULT_LIST_LIMIT } from '@inbox/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { statement } from '../../db/statement.ts';
import { MESSAGE_COLUMNS, type MessageRow, type RawMessage, withAttachments } from './message-rows.ts';

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

type Placeholders = { conversationId: number; companyId: number; afterId?: number; beforeId?: number };

// A console page reads one row more than it answers: that row says whether older ones exist, without a count.
const PAGE_PROBE = DEFAULT_LIST_LIMIT + 1;

/**
 * Every poll of the portal and the console, and every step back through a console thread, runs one of
 * these, so each is a prepared statement. `tail` is the id bound, order and limit.
 */
const messagesStatement = (label: string, includePrivate: boolean, tail: SQL) =>
  statement<RawMessage, Placeholders>(
    label,
    sql`
      select ${MESSAGE_COLUMNS}
      from messages m
      left join users u on u.id = m.sender_user_id
      where m.conversation_id = ${sql.placeholder('conversationId')}
        and m.company_id = ${sql.placeholder('companyId')}${includePrivate ? sql`` : sql` and not m.is_private`}
        ${tail}`,
  );

const AFTER = sql`and m.id > ${sql.placeholder('afterId')} order by m.id limit ${MAX_MESSAGES_PER_POLL}`;

const STATEMENTS = {
  afterPublic: messagesStatement('messages_after_public', false, AFTER),
  afterAll: messagesStatement('messages_after_all', true, AFTER),
  latestPublic: messagesStatement(
    'messages_latest_public',
    false,
    sql`order by m.id desc limit ${DEFAULT_LIST_LIMIT}`,
  ),
  pageAll: messagesStatement('messages_page_all', true, sql`order by m.id desc limit ${PAGE_PROBE}`),
  beforeAll: messagesStatement(
    'messages_before_all',
    true,
    sql`and m.id < ${sql.placeholder('beforeId')} order by m.id desc limit ${PAGE_PROBE}`,
  ),
};

export async function listMessages(input: ListMessagesInput) {
  const { db, companyId, conversationId, afterId, includePrivate } = input;
  if (afterId !== undefined) {
    const s = includePrivate ? STATEMENTS.afterAll : STATEMENTS.afterPublic;
    return withAttachments(db, await s.rows(db, { conversationId, companyId, afterId }));
  }
  if (includePrivate) return (await listMessagePage({ db, companyId, conversationId })).rows;
  const latest = await STATEMENTS.latestPublic.rows(db, { conversationId, companyId });
  return withAttachments(db, latest.reverse());
}

export interface MessagePageInput {
  db: DbOrTx;
  companyId: number;
  conversationId: number;
  /** The page just below this id; without it the latest page. */
  beforeId?: number;
}

/**
 * The console's thread a page at a time (`DEFAULT_LIST_LIMIT` messages, oldest first, internal notes
 * included), and whether a page further back exists.
 */
export async function listMessagePage(
  input: MessagePageInput,
): Promise<{ rows: MessageRow[]; hasOlder: boolean }> {
  const { db, companyId, conversationId, beforeId } = input;
  const newestFirst =
    beforeId === undefined
      ? await STATEMENTS.pageAll.rows(db, { conversationId, companyId })
      : await STATEMENTS.beforeAll.rows(db, { conversationId, companyId, beforeId });
  const page = newestFirst.slice(0, DEFAULT_LIST_LIMIT).reverse();
  return { rows: await withAttachments(db, page), hasOlder: newestFirst.length > DEFAULT_LIST_LIMIT };
}
