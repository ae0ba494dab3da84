import { type ConversationPoll, ConversationPollQuery } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { statement } from '../../db/statement.ts';
import { perDbMemo } from '../../lib/per-db-memo.ts';

/** The list part of a poll's answer: what the cache keeps. */
export type ListAnswer = Pick<
  ConversationPoll,
  'conversations' | 'total' | 'total_capped' | 'next_cursor' | 'prev_cursor'
>;

/**
 * The company's list version: its newest readable event that can change a list (every type but `typing`), and
 * the catalog counter triggers move (`list_versions`, migration 0021). Pending when the company has committed
 * events above the horizon (`event_horizon()`, decision 046), waiting for an older transaction to end: their
 * changes are already visible to a list read now, but not yet to the version, so until they are readable no
 * list of the company is served from the cache. One backward step in the company's event index answers both.
 */
const versionOf = statement<{ version: string; pending: boolean }, { companyId: number }>(
  'list_version',
  sql`select coalesce(e.newest, 0)::text || '.' || coalesce((select catalog from list_versions
        where company_id = ${sql.placeholder('companyId')}), 0)::text as version,
      coalesce(e.newest >= event_horizon(), false) as pending
    from (select max(event_id) as newest from events
      where company_id = ${sql.placeholder('companyId')} and type <> 'typing') e`,
);

/** Lists kept per process; about 30 KB each at 50 rows, so at most 15 MB. */
const lists = perDbMemo<Entry>(500);

interface Entry {
  version: string;
  list: ListAnswer;
}

/** The poll's fields that open one thread: every other field is one the list answer depends on. */
const THREAD_FIELDS = ['conversation_id', 'last_message_id', 'before_message_id'] as const;

/**
 * Every query field a list answer depends on, taken from the poll's own schema, so a filter added to the poll
 * is in the key without anyone remembering it (the label filter once was not, and a cached unfiltered list
 * answered it).
 */
const LIST_QUERY_FIELDS = (
  Object.keys(ConversationPollQuery.shape) as (keyof ConversationPollQuery)[]
).filter(
  (f): f is Exclude<keyof ConversationPollQuery, (typeof THREAD_FIELDS)[number]> =>
    !(THREAD_FIELDS as readonly string[]).includes(f),
);

/** Who asks and what: every input of the list's answer besides the database's rows. */
export interface ListKey {
  companyId: number;
  userId: number;
  role: string;
  query: Omit<ConversationPollQuery, (typeof THREAD_FIELDS)[number]>;
}

const keyText = (k: ListKey) =>
  JSON.stringify([k.companyId, k.userId, k.role, ...LIST_QUERY_FIELDS.map((f) => k.query[f] ?? null)]);

/**
 * The list a poll would compute, served from the process's cache when the company's lists have not changed
 * since it was computed (contract section 7's events and the catalog triggers of migration 0021 move the
 * version). An inbox polled every few seconds by every open console mostly has not changed: the answer then
 * costs one index lookup instead of the page, its summaries and its count (bench/RESULTS.md, inbox notes).
 *
 * The version is read before the list is computed, so a list is never kept under a version newer than
 * itself: a change committed in between makes the next poll compute again, never serve an older list.
 * Several processes each keep their own lists and all read the same version.
 */
export async function cachedList(
  db: DbOrTx,
  key: ListKey,
  compute: () => Promise<ListAnswer>,
): Promise<ListAnswer> {
  const [{ version, pending } = { version: '0.0', pending: true }] = await versionOf.rows(db, {
    companyId: key.companyId,
  });
  const text = keyText(key);
  const hit = lists.get(db, text);
  if (hit && !pending && hit.version === version) return hit.list;
  const list = await compute();
  if (pending) lists.delete(db, text);
  else lists.set(db, text, { version, list });
  return list;
}
