import type { Conversation, ConversationSummary } from '@inbox/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { conversations } from '../../db/schema/index.ts';
import { hiddenValue } from '../../db/sql-helpers.ts';
import { preparedRows } from '../../db/statement.ts';
import { notFound } from '../../http/app-error.ts';
import {
  covers,
  isSqlInt,
  reachBranches,
  type Visibility,
  visibilityCondition,
} from '../access/conversation-visibility.ts';
import { groupTotal } from './counts.ts';
import type { SearchSides } from './search.ts';
import { type ListOrder, type ListPlace, latestOrder } from './sorts.ts';
import { selectConversations, toSummary } from './summaries.ts';

/** Deleting is for company admins and the app's admins and managers: exactly the viewers of whole apps. */
export const canDeleteIn = (v: Visibility) => (appId: number) => v.all || v.fullAppIds.includes(appId);

/**
 * A first page's limit is written into the statement's text, not sent as a parameter: with `limit $n`
 * PostgreSQL's generic plan guesses a tenth of the table and hashes whole tables, so it re-planned the inbox
 * statement on every poll (0.8 ms, as long as running it). With the number in the text the cached generic
 * plan is the good one and a repeated poll is not planned at all (bench/RESULTS.md, inbox notes). A deeper
 * page's offset is no part of the text (its depths would multiply the named statements, `preparedRows`): see
 * `RowNumbers`. Searches answered by their collected ids keep parameters: with the id list and the numbers in
 * the text PostgreSQL chose to plan an order-number search on every call (1.9 ms against 0.7). A walked
 * search hides its values from the planner (`searchCondition`), so from the top of the list it is a first
 * page like any other.
 */
const inText = (n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n));
};

export { type ListPlace, placeOf } from './sorts.ts';

/**
 * The list's condition when it names no status: snoozed conversations are set aside (contract section 13).
 * One object, so the list can tell it from a filter: with it alone the list is still the whole reach (see
 * `mergedPage`).
 */
export const NOT_SNOOZED = sql`${conversations.status} <> 'snoozed'`;

/** The rows after `p` in the list's order: a row comparison the order's index serves as its bound. */
const afterPlace = (o: ListOrder, p: ListPlace) =>
  sql`${o.row()} ${sql.raw(o.dir === 'desc' ? '<' : '>')} ${o.place(p)}`;
/** The rows before `p`, walked from it towards the top (the same indexes, read backwards). */
const beforePlace = (o: ListOrder, p: ListPlace) =>
  sql`${o.row()} ${sql.raw(o.dir === 'desc' ? '>' : '<')} ${o.place(p)}`;
/** `p`'s row and every row after it. */
const fromPlace = (o: ListOrder, p: ListPlace) =>
  sql`${o.row()} ${sql.raw(o.dir === 'desc' ? '<=' : '>=')} ${o.place(p)}`;
/**
 * The rows above `p` (`inclusive`: and `p`'s own), for counting them. The place sits behind init plans, as
 * `visibilityCondition`'s opaque ids do: its plans for each place looked cheaper than the generic one, so
 * PostgreSQL planned this count on every call, longer than it ran.
 */
const abovePlace = (o: ListOrder, p: ListPlace, inclusive: boolean) => {
  const op = o.dir === 'desc' ? (inclusive ? '>=' : '>') : inclusive ? '<=' : '<';
  return sql`${o.row()} ${sql.raw(op)} ${o.place(p, true)}`;
};

/**
 * How a page's row numbers are written: both in the text (a first page, see `inText`), the limit in the text
 * and the offset behind an init plan (a named list deeper by typed offset), or both as parameters.
 *
 * A deep page with both as parameters was planned on every call (0.5 ms of an admin's 2.9 at offset 10,000):
 * a plan for its own depth looked cheaper than the generic one. With the offset hidden, every depth shares
 * the generic plan, and with the limit known that plan still walks the index and joins the page's rows one
 * by one; with the limit hidden too, it hashed whole tables (bench/RESULTS.md, inbox notes).
 */
type RowNumbers = 'text' | 'hidden offset' | 'parameters';

const pageOf = (
  db: DbOrTx,
  where: SQL,
  limit: number,
  offset: number,
  rows: RowNumbers = offset === 0 ? 'text' : 'parameters',
  order = latestOrder.order(),
) => {
  const ordered = db
    .select({ id: conversations.id })
    .from(conversations)
    .where(where)
    .orderBy(...order);
  if (rows === 'text') return sql`${ordered} limit ${inText(limit)}`;
  if (rows === 'hidden offset')
    return sql`${ordered} limit ${inText(limit)} offset ${hiddenValue(offset, 'bigint')}`;
  return sql`${ordered} limit ${limit} offset ${offset}`;
};

/**
 * A page deep in an agent's list by typed offset, merged from the parts of the agent's reach
 * (`reachBranches`). Each part walks its own index in the list's order for at most `offset + limit` rows and
 * PostgreSQL merges the walks (a Merge Append), so the rows skipped are only rows the agent sees. Walking the
 * company's inbox instead, an agent who sees a fifth of it skipped four rows unseen for every row seen:
 * 47,600 index entries for offset 10,000 (bench/RESULTS.md). Each part is a subquery with its own order and
 * limit: without them PostgreSQL 15 sorted all the parts' rows instead of merging them.
 *
 * The numbers sit behind init plans, as the reach's ids do. As parameters, PostgreSQL planned the statement
 * for each depth on every call (0.7 ms of its 2.3); behind init plans every depth shares the generic plan,
 * which merges the same way.
 */
const mergedPage = (parts: SQL[], limit: number, offset: number, also: SQL[]) => {
  const order = sql.join(latestOrder.order(), sql`, `);
  const extra = also.length ? sql` and ${and(...also)}` : sql``;
  const rows = (n: number) => hiddenValue(n, 'bigint');
  const walks = parts.map(
    (part) => sql`(select ${conversations.id}, ${conversations.lastActivityAt} from ${conversations}
      where ${part}${extra} order by ${order} limit ${rows(offset + limit)})`,
  );
  return sql`select id from (${sql.join(walks, sql` union all `)}) reach
    order by last_activity_at desc nulls last, id desc nulls last limit ${rows(limit)} offset ${rows(offset)}`;
};

/**
 * One page of the conversations `v` can see that also meet `filters`, latest activity first, with the total.
 * With `countCap`, counting stops that many rows past the page's offset (a big inbox, or a search for a
 * common word, would otherwise be scanned whole just to be counted) and `capped` says so. The count rides
 * in the page's own statement. `search` says the filters hold a search's collected ids (see `inText`).
 *
 * `countInOrder` has the capped count walk the list's order, as the page does. For a word common among
 * messages (`searchCondition`) the planner does not know that most conversations pass the test, and counted
 * an agent's by first gathering all of the agent's reach through three indexes: 23 ms where the ordered walk
 * stops after about 200 rows (bench/RESULTS.md). Elsewhere the planner's own choice measured better. The
 * page then comes from that walk (`sharedWalk`), except a previous page's, which walks the other way.
 */
export async function listConversations(
  db: DbOrTx,
  v: Visibility,
  filters: SQL[],
  paging: {
    limit: number;
    offset: number;
    countCap?: number;
    withTotal?: boolean;
    search?: boolean;
    /**
     * Start after this row instead of skipping `offset` rows (a next page): the walk starts at the row, and
     * `offset` only numbers the rows, so `total` counts from it. A page stays the continuation of the one
     * before, however the list moved meanwhile, and a deep page costs what a first page costs.
     */
    after?: ListPlace;
    /**
     * The `limit` rows just before this row instead (a previous page), walked from it towards the top;
     * `offset` only numbers them, and `total` counts from the page's first row.
     */
    before?: ListPlace;
    /**
     * A cursor page numbered past `countCap` counts on from its row only this many rows (default
     * `countCap`): each counted row is walked, and deep in a list the walk was most of the page's cost.
     */
    cursorCap?: number;
    /** Run as a named prepared statement (the default; see `preparedRows`). */
    named?: boolean;
    countInOrder?: boolean;
    /** Common table expressions the filters refer to, defined once for the page and the count. */
    prelude?: SQL;
    /** A walked search's condition in two sides, with the filters other than the search (`countBySides`). */
    sides?: CountSides;
    /**
     * `filters` test only the group columns (no search): the total is exact, from the company's
     * conversation groups (`exactTotal`), instead of counted row by row up to `countCap`; a cursor page
     * numbered past `countCap` still counts on from its row.
     */
    groupCount?: boolean;
    /** With `groupCount`: `filters` hold this one label's condition, counted from its groups (`groupTotal`). */
    groupLabel?: number;
    /** The list's order (contract section 13); latest activity first by default. */
    order?: ListOrder;
  },
): Promise<{ rows: ConversationSummary[]; total: number; capped: boolean; next?: string; prev?: string }> {
  const named = paging.named ?? true;
  const o = paging.order ?? latestOrder;
  const latest = o.sort === 'latest';
  // A search is planned for its words, and its reach with them; a named list is planned once (see there).
  const seen = visibilityCondition(v, { opaque: named && !paging.search });
  const base = and(seen, ...filters) as SQL;
  const { after, before } = paging;
  const where = after ? and(base, afterPlace(o, after))! : before ? and(base, beforePlace(o, before))! : base;
  // From a cursor the walk starts at its row: nothing to skip, and the count runs from there.
  const skip = after || before ? 0 : paging.offset;
  const literal = skip === 0 && !paging.search;
  // Not literal and no search: a deep page by typed offset.
  const rowNumbers: RowNumbers = literal ? 'text' : named && !paging.search ? 'hidden offset' : 'parameters';
  const place = after ?? before;
  // Numbered past the cap, a cursor page counts on from its row only `cursorCap` rows (see there).
  const deepCursor = place !== undefined && paging.countCap !== undefined && paging.offset > paging.countCap;
  const cap = deepCursor ? (paging.cursorCap ?? paging.countCap) : paging.countCap;
  const shared =
    paging.countInOrder && latest && !before && cap !== undefined && paging.withTotal !== false
      ? sharedWalk(where, { offset: skip, cap, literal }, paging.limit)
      : undefined;
  // Deep by typed offset in an agent's whole list, the walk merges the reach's parts (see `mergedPage`).
  const whole = filters.every((f) => f === NOT_SNOOZED);
  const parts = latest && named && skip > 0 && !place && !shared && whole ? reachBranches(v) : undefined;
  const page =
    shared?.page ??
    (parts
      ? mergedPage(parts, paging.limit, skip, filters)
      : pageOf(db, where, paging.limit, skip, rowNumbers, before ? o.reverse() : o.order()));
  // Without a search the total is exact, from the groups (see `exactTotal`), except deep by a cursor.
  const exact =
    paging.groupCount === true && paging.withTotal !== false && !deepCursor
      ? exactTotal(
          db,
          base,
          place && {
            order: o,
            place,
            inclusive: after !== undefined,
            bound: paging.countCap === undefined ? undefined : 2 * paging.countCap + 1,
          },
          paging.groupLabel,
        )
      : undefined;
  // The count runs from a next page's row, and from a previous page's first row.
  const counted = (b: SQL) =>
    after ? and(b, afterPlace(o, after))! : before ? and(b, fromPlace(o, before))! : b;
  const capping = { offset: skip, cap, literal, inOrder: paging.countInOrder && latest };
  const sides = paging.sides;
  const count =
    exact ??
    (paging.withTotal === false
      ? undefined
      : (shared?.count ??
        (sides && cap !== undefined && !paging.countInOrder
          ? countBySides(db, counted(and(seen, ...sides.filters) as SQL), sides, { ...capping, cap })
          : countOf(db, counted(base), capping))));
  const prelude =
    shared && paging.prelude ? sql`${paging.prelude}, ${shared.walk}` : (shared?.walk ?? paging.prelude);
  const found = await selectConversations(db, v.viewer.userId, page, canDeleteIn(v), {
    count,
    named,
    prelude,
    order: o,
  });
  const rows = found.rows.map(toSummary);
  const places = {
    ...(rows.length === paging.limit && found.lastPlace ? { next: found.lastPlace } : {}),
    ...(paging.offset > 0 && found.firstPlace ? { prev: found.firstPlace } : {}),
  };
  if (!count) return { rows, total: paging.offset + rows.length, capped: false, ...places };
  // A page past the end has no row to carry the count.
  let n = found.counted;
  if (n === null) {
    const [res] = await preparedRows<{ n: string | number }>(
      db,
      'conversation_count',
      prelude ? sql`with ${prelude} select ${count} as n` : sql`select ${count} as n`,
      { named },
    );
    n = Number(res?.n ?? 0);
  }
  if (exact && !place) return { rows, total: n, capped: false, ...places };
  // Before a cursor the count ran from the cursor's row on: the page's own rows come first.
  n += paging.offset - skip + (before ? rows.length : 0);
  const most = exact || cap === undefined ? undefined : paging.offset + cap;
  return most !== undefined && n > most
    ? { rows, total: most, capped: true, ...places }
    : { rows, total: n, capped: false, ...places };
}

/**
 * A capped count that walks the list's order (`countInOrder`) passes through the page on its way: one walk
 * (`walk`, a common table expression) then serves both, where the page walked its rows a second time,
 * testing each conversation's messages again (a common word: a tenth of the statement's time), and the
 * search condition was planned twice.
 */
function sharedWalk(where: SQL, c: Capping & { cap: number }, limit: number) {
  const walk = sql`walk as (select ${conversations.id}, ${conversations.lastActivityAt} from ${conversations}
    where ${where} order by ${sql.join(latestOrder.order(), sql`, `)} limit ${stopAt(c)})`;
  const rows = c.literal ? sql`limit ${inText(limit)}` : sql`limit ${limit} offset ${c.offset}`;
  return {
    walk,
    page: sql`select id from walk order by last_activity_at desc nulls last, id desc nulls last ${rows}`,
    count: sql`(select count(*) from walk)`,
  };
}

/**
 * The exact number of `base`'s rows from the groups' total (`groupTotal`). On a cursor page, the rows from
 * the cursor on (`inclusive`: from the row after it): the total less the rows above the cursor, a walk of
 * about the page's offset. The rows keep the numbers they had, however the list moved above the cursor.
 */
function exactTotal(
  db: DbOrTx,
  base: SQL,
  from?: { order: ListOrder; place: ListPlace; inclusive: boolean; bound?: number },
  labelId?: number,
): SQL {
  if (!from) return groupTotal(base, labelId);
  const counted = db
    .select({ one: sql`1` })
    .from(conversations)
    .where(and(base, abovePlace(from.order, from.place, from.inclusive))!)
    .orderBy(...from.order.order());
  // Walked in the list's order: the place sits behind init plans, so PostgreSQL guesses a third of the
  // company above it. Asked only in order, it still chose a scan of the whole table and a sort for some
  // orders (waiting longest: 16 ms for 50 rows; soonest SLA due time: 63 ms, bench/RESULTS.md); with a
  // limit in the text, walking the order's index down to the place is the cheaper plan (0.4 ms). A page
  // within the cap has about its offset above it, far below the bound; if the list grew past the bound
  // above the cursor, the rest is counted unbounded (a subplan run only then).
  const unbounded = sql`(select count(*) from (${counted}) matches)`;
  if (from.bound === undefined) return sql`(${groupTotal(base, labelId)} - ${unbounded})`;
  const bound = inText(from.bound);
  const above = sql`(select case when walked.n < ${bound} then walked.n
      else ${unbounded} end
    from (select count(*) as n from (${counted} limit ${bound}) matches) walked)`;
  return sql`(${groupTotal(base, labelId)} - ${above})`;
}

interface Capping {
  offset: number;
  cap: number | undefined;
  literal: boolean;
  inOrder?: boolean;
}

/** One past `offset + cap`: where a capped count stops. */
const stopAt = (c: Capping & { cap: number }) =>
  c.literal ? inText(c.cap + 1) : sql`${c.offset + c.cap + 1}`; // as in `pageOf`

/** `(select count(*) ...)` of the matches, stopping one past `offset + cap` when capped. */
function countOf(db: DbOrTx, where: SQL, c: Capping): SQL {
  const counted = db.select({ one: sql`1` }).from(conversations).where(where);
  if (c.cap === undefined) return sql`(select count(*) from (${counted}) matches)`;
  const walked = c.inOrder ? counted.orderBy(...latestOrder.order()) : counted;
  return sql`(select count(*) from (${walked} limit ${stopAt({ ...c, cap: c.cap })}) matches)`;
}

/** A walked search's two sides (`SearchSides`) with the filters other than the search. */
export interface CountSides extends SearchSides {
  filters: SQL[];
}

/**
 * A walked search's capped count, one side of its condition at a time: the conversations of the matching
 * customers, each customer's read through the customer index (which holds the columns visibility and the
 * filters test), then the others. As one condition the count walked the conversations and tested each
 * against both sides: for an agent's common name, 12,000 of them to find the 201 it may see, half of the
 * statement's time (bench/RESULTS.md, inbox notes). `offset 0` keeps the customer side a loop over the
 * customers: without it PostgreSQL hashed every conversation the viewer may see to join them.
 */
function countBySides(db: DbOrTx, where: SQL, sides: SearchSides, c: Capping & { cap: number }): SQL {
  const byCustomer = sql`select 1 from (${sides.customers}) sc cross join lateral (select 1 from ${conversations}
    where ${conversations.customerId} = sc.id and ${where} offset 0) own`;
  const byOthers = db
    .select({ one: sql`1` })
    .from(conversations)
    .where(and(where, sql`${conversations.customerId} not in (${sides.customers})`, sides.others));
  return sql`(select count(*) from ((${byCustomer}) union all (${byOthers}) limit ${stopAt(c)}) matches)`;
}

/**
 * One conversation of the viewer's company in full. Reach is the caller's business: actions return the
 * conversation even when the action itself took it out of the caller's sight (assigned to a colleague).
 */
export async function conversationView(db: DbOrTx, v: Visibility, id: number): Promise<Conversation> {
  const where = and(eq(conversations.id, id), eq(conversations.companyId, v.viewer.companyId)) as SQL;
  const {
    rows: [row],
  } = await selectConversations(db, v.viewer.userId, pageOf(db, where, 1, 0), canDeleteIn(v));
  if (!row) throw notFound('Conversation');
  return row;
}

/** The same, only when `v` covers it (404 otherwise). */
export async function visibleConversationView(db: DbOrTx, v: Visibility, id: number): Promise<Conversation> {
  if (!isSqlInt(id)) throw notFound('Conversation');
  const where = and(eq(conversations.id, id), visibilityCondition(v)) as SQL;
  const {
    rows: [row],
  } = await selectConversations(db, v.viewer.userId, pageOf(db, where, 1, 0), canDeleteIn(v));
  if (!row) throw notFound('Conversation');
  return row;
}

/** The bare row when `v` covers it (404 otherwise): the cheap check before a write that answers a view. */
export async function requireCovered(db: DbOrTx, v: Visibility, id: number) {
  if (!isSqlInt(id)) throw notFound('Conversation');
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.companyId, v.viewer.companyId)));
  if (!row || !covers(v, row)) throw notFound('Conversation');
  return row;
}
