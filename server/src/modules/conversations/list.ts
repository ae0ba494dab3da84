import { DEFAULT_LIST_LIMIT } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { statement } from '../../db/statement.ts';
import { MESSAGE_COLUMNS, type RawMessage, withAttachments } from './message-rows.ts';

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

type Placeholders = { conversationId: number; companyId: number; afterId?: number };

/** Every poll of the portal and the console runs one of these four, so each is a prepared statement. */
const messagesStatement = (label: string, includePrivate: boolean, after: boolean) =>
  statement<RawMessage, Placeholders>(
    label,
    sql`
      select ${MESSAGE_COLUMNS}
      from messages m
      left join users u on u.id = m.sender_user_id
      where m.conversation_id = ${sql.placeholder('conversationId')}
        and m.company_id = ${sql.placeholder('companyId')}${includePrivate ? sql`` : sql` and not m.is_private`}
        ${
          after
            ? sql`and m.id > ${sql.placeholder('afterId')} order by m.id limit ${MAX_MESSAGES_PER_POLL}`
            : sql`order by m.id desc limit ${DEFAULT_LIST_LIMIT}`
        }`,
  );

const STATEMENTS = {
  afterPublic: messagesStatement('messages_after_public', false, true),
  afterAll: messagesStatement('messages_after_all', true, true),
  latestPublic: messagesStatement('messages_latest_public', false, false),
  latestAll: messagesStatement('messages_latest_all', true, false),
};

export async function listMessages(input: ListMessagesInput) {
  const { db, companyId, conversationId, afterId, includePrivate } = input;
  if (afterId !== undefined) {
    const s = includePrivate ? STATEMENTS.afterAll : STATEMENTS.afterPublic;
    return withAttachments(db, await s.rows(db, { conversationId, companyId, afterId }));
  }
  const s = includePrivate ? STATEMENTS.latestAll : STATEMENTS.latestPublic;
  const latest = await s.rows(db, { conversationId, companyId });
  return withAttachments(db, latest.reverse());
}
