import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { CUSTOMER_SEARCH_DOCUMENT, conversations, customerPhoneDigits } from '../../db/schema/index.ts';
import { hiddenValue } from '../../db/sql-helpers.ts';
import { preparedRows } from '../../db/statement.ts';
import { phoneSearchDigits } from '../../lib/phone.ts';

/** Words beyond this many add little and cost a GIN lookup each. */
const MAX_WORDS = 8;

/**
 * What a process learns about searches (below) is kept this long: statistics change only when ANALYZE runs,
 * and a company's matches only grow as chats arrive.
 */
const ESTIMATE_TTL_MS = 10 * 60_000;
const ESTIMATES_KEPT = 1000;

/**
 * The words of a search as the indexes hold them: lower case, without the characters that have a meaning in
 * tsquery syntax (so no input can make a query fail to parse), at most `MAX_WORDS`.
 */
function searchWords(search: string): string[] {
  return search
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}@._+-]/gu, '').replace(/^[._+-]+|[._+-]+$/g, ''))
    .filter(Boolean)
    .slice(0, MAX_WORDS);
}

/** A prefix tsquery (`'word':* & 'other':*`) from what an agent typed, or null when nothing searchable is left. */
export function prefixQuery(search: string): string | null {
  const words = searchWords(search);
  return words.length ? words.map(wordQuery).join(' & ') : null;
}

/**
 * A word with `@` or `.` matches whole (a complete email is one lexeme) or by its parts, so a half-typed
 * email (`yan@exam`) still finds `yan@example.test`, whose parts the customer index also holds. An address
 * typed as far as its domain's dot matches whole only: by its parts `customer12@shop.test` would also find
 * `customer123@shop.test` and everyone else at that shop (a prefix of the whole still finds it as it is typed).
 */
function wordQuery(word: string) {
  const parts = word.split(/[@.]+/).filter(Boolean);
  if (parts.length < 2 || /^[^@]+@[^@.]+\.[^@]*$/.test(word)) return `'${word}':*`;
  return `('${word}':* | ${parts.map((p) => `'${p}':*`).join(' & ')})`;
}

/** Name, email, and the email's parts: the expression of the `customers_search_idx` index. */
const CUSTOMER_DOCUMENT = sql.raw(
  `to_tsvector('simple', cs.name || ' ' || coalesce(cs.email, '') || ' ' || translate(coalesce(cs.email, ''), '@.', '  '))`,
);

/**
 * A word of letters and ASCII digits alone: the text parser keeps it whole, so it is one term of
 * `customer_terms`. Other digits are left out: the parser may treat them as spaces and split the word.
 */
const PLAIN_WORD = /^[\p{L}0-9]+$/u;

/** How much of each term `customer_terms` keeps (migration 0025): longer words are looked up the GIN way. */
const TERM_CHARS = 200;

const termWord = (word: string) => PLAIN_WORD.test(word) && Array.from(word).length <= TERM_CHARS;

/**
 * The first string after every string that starts with `prefix`, in byte order (`text_pattern_ops`): the
 * last character's successor. A prefix ending in the last code point drops it and carries on to the one
 * before; null when none is left (no upper bound).
 */
export function prefixEnd(prefix: string): string | null {
  const chars = Array.from(prefix);
  while (chars.length > 0) {
    const last = chars.pop()!.codePointAt(0)!;
    if (last < 0x10ffff) {
      // Surrogates are no characters of their own (and not valid in UTF-8): the next one is past them.
      const next = last + 1 === 0xd800 ? 0xe000 : last + 1;
      return chars.join('') + String.fromCodePoint(next);
    }
  }
  return null;
}

/**
 * The company's customers whose name or email holds every word of the search by prefix (`cs.id`, each
 * once). Plain words are ranges of `customer_terms`' index, read without touching a customer row. A search
 * with any other word (an email, which `wordQuery` also splits at `@` and `.`; a hyphenated name) goes
 * through the GIN index of the document, which finds the same customers but re-reads each matching row.
 */
export function matchingCustomers(companyId: number, search: string, tsq: SQL): SQL {
  const words = searchWords(search);
  if (!words.every(termWord)) {
    return sql`select cs.id from customers cs where cs.company_id = ${companyId} and ${CUSTOMER_DOCUMENT} @@ ${tsq}`;
  }
  const ranges = words.map((word) => {
    const end = prefixEnd(word);
    return sql`select ct.customer_id as id from customer_terms ct where ct.company_id = ${companyId}
      and ct.term ~>=~ ${hiddenValue(word, 'text')}${end === null ? sql`` : sql` and ct.term ~<~ ${hiddenValue(end, 'text')}`}`;
  });
  // One customer may hold a word twice (a name and the email's first part); `intersect` keeps each once.
  return ranges.length === 1
    ? sql`select distinct cs.id from (${ranges[0]}) cs`
    : sql`select cs.id from (${sql.join(ranges, sql` intersect `)}) cs`;
}

/**
 * What a search looks for: words by prefix, the text as typed (an email), a display number, and the digits
 * of a phone number.
 */
function searchTerms(search: string) {
  const exact = search.trim().toLowerCase();
  return {
    query: prefixQuery(search),
    exact,
    number: /^#?\d{1,9}$/.test(exact) ? Number(exact.replace('#', '')) : null,
    phone: phoneSearchDigits(search),
  };
}

/**
 * The company's customers whose phone holds `digits`, whatever spaces, dashes or brackets it was written
 * with: the trigram index of the customer search (`CUSTOMER_SEARCH_DOCUMENT`, which holds the phone's digits
 * alone) finds the candidates, the phone's own digits confirm them, so a match never spans two fields. `hide`
 * puts the digits behind an init plan, for a walked search (`hiddenValue`).
 */
function phoneHolders(companyId: number, digits: string, hide = false): SQL {
  const pattern = hide ? hiddenValue(`%${digits}%`, 'text') : `%${digits}%`;
  return sql`select cp.id from customers cp where cp.company_id = ${companyId}
    and ${CUSTOMER_SEARCH_DOCUMENT} like ${pattern}
    and ${customerPhoneDigits('cp')} like ${pattern}`;
}

/** The ids of the customers a walked search matches: its prelude's common table expression. */
const SEARCH_CUSTOMERS = sql`select id from search_customers`;

/**
 * Conversations whose customer (name or email) or any message matches every word by prefix, whose display
 * number or customer email is exactly the text, or whose customer's phone holds a phone number's digits. The
 * customers' expression matches the GIN index of migration 0002; messages keep their words in
 * `content_search` (migration 0020), indexed the same way.
 *
 * The condition refers to `search_words` and `search_customers`, common table expressions the statement must
 * define as `prelude` says (when there are words to look for).
 *
 * `commonWord` (from `commonInMessages`) changes how messages are tested, not what matches. By default all the
 * matching messages are read once through the GIN index and their conversations hashed; for a word in a
 * large share of the messages ("refund", a single letter) that set is hundreds of thousands of rows, too big
 * to hash, and PostgreSQL then scanned it again for each conversation of the walk (0.9 s for "refund", 1.5 s
 * for "m" over 2,000,000 messages). A common word is instead looked for in each walked conversation's own
 * messages: most conversations have it, so the walk stops after a few hundred.
 *
 * The words, the email, the number and the phone's digits sit behind init plans (`hiddenValue`), so the planner
 * sees no value and its plan for one search is its plan for every search. The walk then runs as a named
 * statement PostgreSQL plans once per connection, where it planned every poll for its words (0.6 to 0.9 ms of
 * a 3 to 5 ms statement). Seeing them gained nothing: a prefix's estimate is the default selectivity unless
 * the word is among the most common, and those `commonWord` already sends to another statement text.
 */
export function searchCondition(
  companyId: number,
  search: string,
  commonWord = false,
): { condition: SQL; prelude?: SQL; sides?: SearchSides } | null {
  const { query, exact, number, phone } = searchTerms(search);
  const parts: SQL[] = [];
  let prelude: SQL | undefined;
  if (query) {
    // The query is made once, in its own common table expression: as an init plan inside the test of each
    // walked conversation's messages, the planner priced its `to_tsquery` (which a custom plan folds away)
    // once per conversation, and the generic plan looked too dear to keep.
    const tsq = sql`(select q from search_words)`;
    // The matching customers are read once per statement, for the page's walk and the count's alike: read
    // in each, a common name's thousands of customers were fetched twice (a third of the statement's time).
    prelude = sql`search_words as materialized (select to_tsquery('simple', ${query}::text) as q),
      search_customers as (${matchingCustomers(companyId, search, tsq)})`;
    parts.push(sql`${conversations.customerId} in (${SEARCH_CUSTOMERS})`);
    parts.push(
      commonWord
        ? // `offset 0` keeps the test per conversation: PostgreSQL would otherwise turn `exists` back into the
          // hashed set whenever it fits in memory (a word in 6% of the messages: 1.3 s).
          sql`exists (select from messages ms where ms.conversation_id = ${conversations.id}
      and ms.content_search @@ ${tsq} offset 0)`
        : sql`${conversations.id} in (select ms.conversation_id from messages ms
      where ms.company_id = ${companyId} and ms.content_search @@ ${tsq})`,
    );
  }
  if (exact.includes('@')) {
    parts.push(sql`${conversations.customerId} in (select ce.id from customers ce
      where ce.company_id = ${companyId} and lower(ce.email) = ${hiddenValue(exact, 'text')})`);
  }
  if (number !== null) parts.push(sql`${conversations.number} = ${hiddenValue(number, 'int')}`);
  if (phone !== null)
    parts.push(sql`${conversations.customerId} in (${phoneHolders(companyId, phone, true)})`);
  if (parts.length === 0) return null;
  const condition = sql`(${sql.join(parts, sql` or `)})`;
  // With words, the first part is the matching customers' and a message part follows.
  if (!prelude) return { condition };
  const [, ...others] = parts;
  return {
    condition,
    prelude,
    sides: {
      customers: SEARCH_CUSTOMERS,
      others: sql`(${sql.join(others, sql` or `)})`,
    },
  };
}

/**
 * A walked search's condition in two parts that never hold together: the conversation's customer is one of
 * `customers` (a query of customer ids, each once), or it is not and `others` holds (a message, the exact
 * email, the number, the phone). A capped count then reads each side on its own (`countBySides`, views.ts).
 */
export interface SearchSides {
  customers: SQL;
  others: SQL;
}

/**
 * The conversations a search matches, collected first, when there are at most `cap` of them; null when there
 * are more. A rare term (an order number) is then looked up through the GIN indexes and the few conversations
 * sorted on their own: in one statement the planner guesses thousands of matches for a prefix query and walks
 * the whole inbox in order instead (decision 024). Visibility and the other filters still apply to the ids,
 * in the list query.
 *
 * Each source (customers, messages, the exact email, the number) is read at most `cap + 1` rows: one that
 * fills them may hold more than `cap` conversations, so the search falls back to the walk, which is the
 * cheaper plan for a common word. The statement de-duplicates and answers one row, so a common word costs
 * a bounded read and no rows handed to Node.
 *
 * It runs as a named statement (its parse and plan cost as much as an order-number search's execution),
 * except for a word already known to be common (`commonInMessages` remembered it): PostgreSQL's generic plan
 * for this text is the one for rare words, which reads a common word's whole bitmap (90 ms for "refund" on
 * the bench's data, against 5 planned for it). Run unnamed, common words also leave the named statement's
 * plan cache to the rare ones, so only a common word's first search in a process can meet that plan.
 */
export async function fewSearchMatches(
  db: DbOrTx,
  companyId: number,
  search: string,
  cap: number,
): Promise<number[] | null> {
  const crowdKey = `${companyId} ${cap} ${search.trim().toLowerCase()}`;
  const crowd = crowded.get(crowdKey);
  if (crowd !== undefined && crowd > Date.now()) return null;
  const { query, exact, number, phone } = searchTerms(search);
  const limit = cap + 1;
  const branches: SQL[] = [];
  // Customers are collected on their own first: more than `cap` of them (a common name) means the walk,
  // decided on the name index alone before a single conversation is read.
  let customers: SQL | null = null;
  if (query) {
    const tsq = sql`to_tsquery('simple', ${query})`;
    // Through the GIN index, not `customer_terms` as the walk's `matchingCustomers`: PostgreSQL estimates a
    // range of terms at a thousand customers whatever the word, so this named statement's generic plan looked
    // dear and every rare search was planned again (an order number's poll: +0.5 ms of PostgreSQL). A common
    // name is counted here once per process (`crowded`).
    customers = sql`select cs.id from customers cs
      where cs.company_id = ${companyId} and ${CUSTOMER_DOCUMENT} @@ ${tsq} limit ${limit}`;
    branches.push(customersConversations(companyId, sql`select id from cs`, 'customer', limit));
    branches.push(sql`(select ms.conversation_id as id, 'message' as src from messages ms
      where ms.company_id = ${companyId} and ms.content_search @@ ${tsq}
      limit ${limit})`);
  }
  if (exact.includes('@')) {
    branches.push(sql`(select c.id, 'email' as src from conversations c join customers ce on ce.id = c.customer_id
      where c.company_id = ${companyId} and ce.company_id = ${companyId} and lower(ce.email) = ${exact}
      limit ${limit})`);
  }
  if (number !== null) {
    branches.push(sql`(select c.id, 'number' as src from conversations c
      where c.company_id = ${companyId} and c.number = ${number})`);
  }
  if (phone !== null) {
    branches.push(customersConversations(companyId, phoneHolders(companyId, phone), 'phone', limit));
  }
  // Nothing searchable (only punctuation): the search is no filter, as `searchCondition` says.
  if (branches.length === 0) return null;
  // The branches run only when the customers did not already decide (PostgreSQL evaluates a CASE's
  // subqueries on demand).
  const [found] = await preparedRows<{ full: boolean; ids: number[] | null }>(
    db,
    'search_matches',
    sql`with cs as (${customers ?? sql`select null::int as id where false`}),
      m as (${sql.join(branches, sql` union all `)})
      select case when (select count(*) from cs) >= ${limit} then true
          else exists (select from m group by src having count(*) >= ${limit}) end as full,
        case when (select count(*) from cs) >= ${limit} then null
          else array(select distinct id from m limit ${limit}) end as ids`,
    { named: !knownCommon(search) },
  );
  if (!found || found.full || !found.ids || found.ids.length > cap) {
    remember(crowded, crowdKey, Date.now() + ESTIMATE_TTL_MS);
    return null;
  }
  return found.ids.map(Number);
}

/**
 * Searches a company had too many matches for, until when: the list is then walked at once, without
 * collecting the matches again. An open console repeats its search on every poll, and collecting a common
 * word's first 1,001 matches cost as much as the walk itself (2 ms of 5 for "refund" on the bench's data).
 * A company's matches only grow as chats arrive; should they shrink (deletions), the walk still gives the
 * same answer the collected ids would, only slower, until the entry runs out. Kept per process: nothing
 * but speed depends on it.
 */
const crowded = new Map<string, number>();

/** Keeps `key` in a bounded map, forgetting the oldest entry when it is full. */
function remember<T>(map: Map<string, T>, key: string, value: T) {
  map.delete(key);
  if (map.size >= ESTIMATES_KEPT) map.delete(map.keys().next().value!);
  map.set(key, value);
}

/**
 * The conversations of the customers `holders` yields, each customer's through the customer index. Written
 * as `customer_id in (...)` the named statement's generic plan guessed 600 customers for any search and
 * hashed them against all 100,000 conversations, even for one customer's email (20 ms under EXPLAIN
 * ANALYZE, against 0.2).
 */
function customersConversations(
  companyId: number,
  holders: SQL,
  src: 'customer' | 'phone',
  limit: number,
): SQL {
  return sql`(select c.id, ${sql.raw(`'${src}'`)} as src from (${holders}) h
    cross join lateral (select c.id from conversations c where c.customer_id = h.id and c.company_id = ${companyId}) c
    limit ${limit})`;
}

/**
 * A search matching more than this share of all messages is a common word for `searchCondition`. Reading the
 * matches through the index costs about 5 µs a message; testing a walked conversation's stored words about
 * 1 µs a message, 20 messages a conversation. At 1% a fifth of the conversations hold the word, so a walk to
 * 250 matches tests about 25,000 messages (25 ms) where the index reads 20,000 matches (100 ms). The two
 * cross lower, near 0.3%, but a walk grows fast as the word gets rarer while the index's cost shrinks, so
 * the line is drawn where the walk is already clearly cheaper. Measured: 2.5% 64 ms against 644, 6% 19
 * against 1,390 (bench/RESULTS.md, inbox notes).
 */
const COMMON_WORD_SHARE = 0.01;

const estimates = new Map<string, { common: boolean; until: number }>();

/**
 * Whether a search's words are common among messages, by the planner's own estimate (the statistics of the
 * message search index, kept by ANALYZE), remembered for a while: two small statements per distinct search.
 * A table never analyzed (the embedded engine has no autovacuum) has no estimate and is read the default way.
 * The estimate covers every company's messages: it is asked only after `fewSearchMatches` found the company's
 * own matches too many to collect, so a word common elsewhere but rare in this company is not walked for.
 */
export async function commonInMessages(db: DbOrTx, search: string): Promise<boolean> {
  const query = prefixQuery(search);
  if (!query) return false;
  const known = estimates.get(query);
  if (known && known.until > Date.now()) return known.common;
  const common = await estimateCommon(db, query);
  remember(estimates, query, { common, until: Date.now() + ESTIMATE_TTL_MS });
  return common;
}

/** Whether `commonInMessages` already found this search common (no statement: what this process remembers). */
function knownCommon(search: string): boolean {
  const query = prefixQuery(search);
  const known = query ? estimates.get(query) : undefined;
  return Boolean(known?.common && known.until > Date.now());
}

async function estimateCommon(db: DbOrTx, query: string): Promise<boolean> {
  const [table] = (
    await db.execute<{ reltuples: number | string }>(
      sql`select reltuples from pg_class where oid = 'messages'::regclass`,
    )
  ).rows;
  const all = Number(table?.reltuples ?? 0);
  if (!(all > 0)) return false;
  const [plan] = (
    await db.execute<{ 'QUERY PLAN': unknown }>(
      sql`explain (format json) select from messages ms
        where ms.content_search @@ to_tsquery('simple', ${query})`,
    )
  ).rows;
  const text = plan?.['QUERY PLAN'];
  const parsed = (typeof text === 'string' ? JSON.parse(text) : text) as [{ Plan: { 'Plan Rows': number } }];
  return parsed[0].Plan['Plan Rows'] > all * COMMON_WORD_SHARE;
}
