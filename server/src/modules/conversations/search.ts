import { type SQL, sql } from 'drizzle-orm';
import { conversations } from '../../db/schema/index.ts';

/** Words beyond this many add little and cost a GIN lookup each. */
const MAX_WORDS = 8;

/**
 * A prefix tsquery (`'word':* & 'other':*`) from what an agent typed, or null when nothing searchable is
 * left. Characters with a meaning in tsquery syntax are dropped, so no input can make it fail to parse.
 */
export function prefixQuery(search: string): string | null {
  const words = search
    .toLowerCase()
    .split(/\s+/)
    .map((w) => w.replace(/[^\p{L}\p{N}@._+-]/gu, '').replace(/^[._+-]+|[._+-]+$/g, ''))
    .filter(Boolean)
    .slice(0, MAX_WORDS);
  return words.length ? words.map(wordQuery).join(' & ') : null;
}

/**
 * A word with `@` or `.` matches whole (a complete email is one lexeme) or by its parts, so a half-typed
 * email (`yan@exam`) still finds `yan@example.test`, whose parts the customer index also holds.
 */
function wordQuery(word: string) {
  const parts = word.split(/[@.]+/).filter(Boolean);
  if (parts.length < 2) return `'${word}':*`;
  return `('${word}':* | ${parts.map((p) => `'${p}':*`).join(' & ')})`;
}

/** Name, email, and the email's parts: the expression of the `customers_search_idx` index. */
const CUSTOMER_DOCUMENT = sql.raw(
  `to_tsvector('simple', cs.name || ' ' || coalesce(cs.email, '') || ' ' || translate(coalesce(cs.email, ''), '@.', '  '))`,
);

/**
 * Conversations whose customer (name or email) or any message matches every word by prefix, or whose display
 * number or customer email is exactly the text. The expressions match the GIN indexes of migration 0002.
 */
export function searchCondition(companyId: number, search: string): SQL | null {
  const query = prefixQuery(search);
  const exact = search.trim().toLowerCase();
  const number = /^#?\d{1,9}$/.test(exact) ? Number(exact.replace('#', '')) : null;
  const parts: SQL[] = [];
  if (query) {
    const tsq = sql`to_tsquery('simple', ${query})`;
    parts.push(sql`${conversations.customerId} in (select cs.id from customers cs where cs.company_id = ${companyId}
      and ${CUSTOMER_DOCUMENT} @@ ${tsq})`);
    parts.push(sql`${conversations.id} in (select ms.conversation_id from messages ms
      where ms.company_id = ${companyId} and to_tsvector('simple', ms.content) @@ ${tsq})`);
  }
  if (exact.includes('@')) {
    parts.push(sql`${conversations.customerId} in (select ce.id from customers ce
      where ce.company_id = ${companyId} and lower(ce.email) = ${exact})`);
  }
  if (number !== null) parts.push(sql`${conversations.number} = ${number}`);
  if (parts.length === 0) return null;
  return sql`(${sql.join(parts, sql` or `)})`;
}
