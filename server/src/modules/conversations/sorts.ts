import type { ConversationSort } from '@inbox/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The inbox list's orders (contract section 13), each as what its page, its cursor and its count need. A
 * null key (not waiting, no priority) is a value past every real one (`NOT_WAITING`, rank 5), written
 * exactly as the indexes of migration 0036 write it, so each order is one walk of its index and a cursor
 * is one row comparison. `sla` is the soonest running due time first (`sla_due_at`, kept by the SLA module,
 * decision 054), none last, through `conversations_sla_idx`.
 */

/** Past any real waiting time: "not waiting" sorts after every customer who waits. */
const NOT_WAITING = `'9999-12-31 00:00:00+00'::timestamptz`;

/** A row's place in its order, as its cursor carries it: `rank.` (priority only), then micros and id. */
export interface ListPlace {
  rank?: string;
  micros: string;
  id: string;
}

/** Reads a cursor the contract already checked: `micros.id`, or `rank.micros.id` for the priority sort. */
export const placeOf = (cursor: string): ListPlace => {
  const parts = cursor.split('.');
  if (parts.length === 3) return { rank: parts[0], micros: parts[1] ?? '0', id: parts[2] ?? '0' };
  return { micros: parts[0] ?? '0', id: parts[1] ?? '0' };
};

export interface ListOrder {
  sort: ConversationSort;
  /** `desc`: the list runs from the greatest key down (latest activity); `asc`: from the least up. */
  dir: 'asc' | 'desc';
  /** ORDER BY of a walk over `conversations`, in the list's direction. */
  order: () => SQL[];
  /** The same, reversed: a walk from a row towards the top. */
  reverse: () => SQL[];
  /** The row's key as a row value, to compare with a place. */
  row: () => SQL;
  /** A place as a row value of the same shape; `opaque` hides each part behind an init plan. */
  place: (p: ListPlace, opaque?: boolean) => SQL;
  /** ORDER BY of the page's rows over the alias `c`, and their places as `next_cursor` text. */
  outer: SQL;
  placeText: SQL;
}

const micros = (col: string) => `(extract(epoch from ${col}) * 1000000)::bigint::text`;
const atOf = (p: ListPlace) => sql`timestamptz 'epoch' + ${p.micros}::bigint * interval '1 microsecond'`;
const hide = (v: SQL, opaque: boolean) => (opaque ? sql`(select ${v})` : v);

/** A two-part order: a time (`key` over `conversations`, `alias` over `c`) and the id. */
function timeOrder(sort: ConversationSort, dir: 'asc' | 'desc', key: string, alias: string): ListOrder {
  const back = dir === 'desc' ? 'asc' : 'desc';
  // As the index stores it: nulls after the rest in the list's direction, before them walking back. (An
  // order that says otherwise is not the index's order, and PostgreSQL sorts the whole list instead.)
  const nulls = (d: string) => (d === dir ? 'nulls last' : 'nulls first');
  return {
    sort,
    dir,
    order: () => [sql.raw(`${key} ${dir} ${nulls(dir)}`), sql.raw(`conversations.id ${dir} ${nulls(dir)}`)],
    reverse: () => [
      sql.raw(`${key} ${back} ${nulls(back)}`),
      sql.raw(`conversations.id ${back} ${nulls(back)}`),
    ],
    row: () => sql.raw(`(${key}, conversations.id)`),
    place: (p, opaque = false) => sql`(${hide(atOf(p), opaque)}, ${hide(sql`${p.id}::bigint`, opaque)})`,
    outer: sql.raw(`${alias} ${dir} ${nulls(dir)}, c.id ${dir} ${nulls(dir)}`),
    placeText: sql.raw(`${micros(alias)} || '.' || c.id::text`),
  };
}

const waitingKey = (t: string) => `coalesce(${t}.waiting_since, ${NOT_WAITING})`;
/** A conversation without a running clock sorts after every due time, as "not waiting" does. */
export const slaKey = (t: string) => `coalesce(${t}.sla_due_at, ${NOT_WAITING})`;

const LATEST = timeOrder('latest', 'desc', 'conversations.last_activity_at', 'c.last_activity_at');
const OLDEST = timeOrder('oldest', 'asc', 'conversations.created_at', 'c.created_at');
const WAITING = timeOrder('waiting_longest', 'asc', waitingKey('conversations'), waitingKey('c'));
const SLA = timeOrder('sla', 'asc', slaKey('conversations'), slaKey('c'));

/** Urgent first, no priority last, then waiting longest within a priority. */
const PRIORITY: ListOrder = {
  sort: 'priority',
  dir: 'asc',
  order: () => [
    sql.raw('coalesce(conversations.priority, 5) asc'),
    sql.raw(`${waitingKey('conversations')} asc`),
    sql.raw('conversations.id asc'),
  ],
  reverse: () => [
    sql.raw('coalesce(conversations.priority, 5) desc'),
    sql.raw(`${waitingKey('conversations')} desc`),
    sql.raw('conversations.id desc'),
  ],
  row: () =>
    sql.raw(`(coalesce(conversations.priority, 5), ${waitingKey('conversations')}, conversations.id)`),
  place: (p, opaque = false) =>
    sql`(${hide(sql`${p.rank ?? '5'}::int`, opaque)}, ${hide(atOf(p), opaque)}, ${hide(sql`${p.id}::bigint`, opaque)})`,
  outer: sql.raw(`coalesce(c.priority, 5) asc, ${waitingKey('c')} asc, c.id asc`),
  placeText: sql.raw(
    `coalesce(c.priority, 5)::text || '.' || ${micros(waitingKey('c'))} || '.' || c.id::text`,
  ),
};

export function listOrder(sort: ConversationSort = 'latest'): ListOrder {
  switch (sort) {
    case 'oldest':
      return OLDEST;
    case 'waiting_longest':
      return WAITING;
    case 'sla':
      return SLA;
    case 'priority':
      return PRIORITY;
    default:
      return LATEST;
  }
}

export const latestOrder = LATEST;
