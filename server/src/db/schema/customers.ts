import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cascadeTo, ts } from './columns.ts';
import { apps, companies } from './companies.ts';

/**
 * What the customer search looks in, lower case: name, email, phone as written and the phone's digits alone
 * (so `+44 20 7946` and `442079` both find `+442079460958`). The index and the query spell it the same way.
 */
export const CUSTOMER_SEARCH_DOCUMENT = sql.raw(
  `(lower(name || ' ' || coalesce(email, '') || ' ' || coalesce(phone, '') || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]', '', 'g')))`,
);

/**
 * A customer's phone as its digits alone (`+44 20 7946-0958` is `442079460958`), for the row named `alias`:
 * what a phone search compares. `CUSTOMER_SEARCH_DOCUMENT` spells the same expression for its index.
 */
export const customerPhoneDigits = (alias: 'cu' | 'cp') =>
  sql.raw(`regexp_replace(coalesce(${alias}.phone, ''), '[^0-9]', '', 'g')`);

export const customers = pgTable(
  'customers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: cascadeTo('company_id', () => companies.id),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    notes: text('notes').notNull().default(''),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at'),
  },
  (t) => [
    // A portal start finds the customer by email inside the company.
    uniqueIndex('customers_company_email_key')
      .on(t.companyId, sql`lower(${t.email})`)
      .where(sql`${t.email} is not null`),
    // The customer list's other two orders (latest activity first is `customer_activity_idx`).
    index('customers_name_idx').on(t.companyId, sql`lower(${t.name})`, t.id),
    index('customers_created_idx').on(t.companyId, t.createdAt, t.id),
    // The customer search: a substring of name, email or phone (its digits too), through trigrams (pg_trgm).
    index('customers_search_trgm_idx').using('gin', sql`${CUSTOMER_SEARCH_DOCUMENT} gin_trgm_ops`),
  ],
);

/**
 * The time of a customer's latest message, either way: the customer list shows it and sorts on it (decision
 * 042). A table of its own, one row per customer (made with the customer, by a trigger, so every way a
 * customer comes to be has one): every message moves it, and on the customer's own row that update rewrote
 * the five indexes of a wide row, its trigram index among them, and doubled the send's time in PostgreSQL
 * (bench/RESULTS.md, issue 43). Here it rewrites one small row and two small indexes.
 */
export const customerActivity = pgTable(
  'customer_activity',
  {
    customerId: integer('customer_id')
      .primaryKey()
      .references(() => customers.id, { onDelete: 'cascade' }),
    companyId: cascadeTo('company_id', () => companies.id),
    lastActivityAt: ts('last_activity_at'),
  },
  (t) => [index('customer_activity_idx').on(t.companyId, t.lastActivityAt.desc(), t.customerId.desc())],
);

/**
 * How a person is recognised: an email (lower case), a phone (E.164, `readPhone`; one stored before issue
 * 42 may be digits without a country code) or a channel's own id (a Messenger PSID, a WhatsApp number, an
 * outside system's id or a non-phone SMS sender, per integration). Each is one customer's within a company;
 * portal sign-in, search and duplicates go through them.
 */
export const customerIdentities = pgTable(
  'customer_identities',
  {
    companyId: cascadeTo('company_id', () => companies.id),
    customerId: cascadeTo('customer_id', () => customers.id),
    kind: text('kind', { enum: ['email', 'phone', 'psid', 'whatsapp', 'external'] }).notNull(),
    value: text('value').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.kind, t.value] }),
    index('customer_identities_customer_idx').on(t.customerId),
  ],
);

export const customerApps = pgTable(
  'customer_apps',
  {
    customerId: cascadeTo('customer_id', () => customers.id),
    appId: cascadeTo('app_id', () => apps.id),
    companyId: cascadeTo('company_id', () => companies.id),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.appId] }), index('customer_apps_app_idx').on(t.appId)],
);

/**
 * The words of each customer's search document (name, email and the email's parts, as `to_tsvector('simple')`
 * splits them), one row each, kept by trigger (migration 0025). A search that walks the inbox finds a plain
 * word's customers by a range of this index alone, where the GIN index of the same document fetched and
 * re-parsed every matching customer row: a common last name's 2,485 customers cost 1.7 ms, here 0.3
 * (`matchingCustomers` in `conversations/search.ts`, decision 035).
 * `text_pattern_ops` compares bytes, so a prefix is one range whatever the database's collation.
 */
export const customerTerms = pgTable(
  'customer_terms',
  {
    // The customer's own company, copied so that a search reads one company's range; deleting a company
    // deletes its customers, and with them these rows.
    companyId: integer('company_id').notNull(),
    term: text('term').notNull(),
    customerId: cascadeTo('customer_id', () => customers.id),
  },
  (t) => [
    uniqueIndex('customer_terms_key').on(t.companyId, t.term.op('text_pattern_ops'), t.customerId),
    index('customer_terms_customer_idx').on(t.customerId),
  ],
);
