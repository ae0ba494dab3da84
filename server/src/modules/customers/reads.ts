import type { Customer, CustomerListQuery } from '@inbox/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { CUSTOMER_SEARCH_DOCUMENT, conversations } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import { isoFromDb } from '../../lib/timestamps.ts';
import type { CompanyCtx } from '../access/context.ts';
import { isSqlInt, loadVisibility, type Visibility, viewerOf } from '../access/conversation-visibility.ts';
import { listConversations } from '../conversations/views.ts';

/**
 * Who sees which customers (contract section 8): a user sees a customer when it can see an app the customer
 * is linked to. Company admins and managers see every app; others the apps they hold a role in, directly or
 * through a queue. Counts and app lists show only what the caller can see.
 */
export interface CustomerReach {
  companyId: number;
  /** null: every app of the company. */
  appIds: number[] | null;
  v: Visibility;
}

export async function customerReach(ctx: CompanyCtx): Promise<CustomerReach> {
  const v = await loadVisibility(ctx.db, viewerOf(ctx));
  return { companyId: ctx.companyId, appIds: v.all ? null : [...v.fullAppIds, ...v.agentAppIds], v };
}

/** `app_id` is one of the apps in reach (an SQL condition on a column holding an app id). */
const appInReach = (r: CustomerReach, column: SQL) =>
  r.appIds === null ? sql`true` : sql`${column} = any(${sql.param(r.appIds)}::int[])`;

/** The customers in reach: linked to an app the caller can see. */
export const reachCondition = (r: CustomerReach) =>
  r.appIds === null
    ? sql`true`
    : sql`cu.id in (select ra.customer_id from customer_apps ra
        where ra.company_id = ${r.companyId} and ra.app_id = any(${sql.param(r.appIds)}::int[]))`;

interface Row extends Record<string, unknown> {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  notes: string;
  attributes: Record<string, string>;
  apps: { app_id: number; app_name: string }[] | null;
  conversations_count: string | number;
  open_count: string | number;
  last_activity: string | null;
  created_at: string;
  updated_at: string;
}

/** The columns of a Customer for the rows of `cu`, counting only conversations in apps in reach. */
const customerColumns = (r: CustomerReach) => sql`cu.id, cu.name, cu.email, cu.phone, cu.notes, cu.attributes,
  cu.created_at, cu.updated_at,
  (select json_agg(json_build_object('app_id', a.id, 'app_name', a.name) order by a.name, a.id)
    from customer_apps ca join apps a on a.id = ca.app_id
    where ca.customer_id = cu.id and ${appInReach(r, sql`ca.app_id`)}) as apps,
  (select count(*) from conversations c where c.customer_id = cu.id and ${appInReach(r, sql`c.app_id`)})
    as conversations_count,
  (select count(*) from conversations c where c.customer_id = cu.id and c.status in ('open', 'pending')
    and ${appInReach(r, sql`c.app_id`)}) as open_count,
  (select max(c.last_activity_at) from conversations c where c.customer_id = cu.id
    and ${appInReach(r, sql`c.app_id`)}) as last_activity`;

const toCustomer = (row: Row): Customer => ({
  customer_id: Number(row.id),
  name: row.name,
  email: row.email,
  phone: row.phone,
  notes: row.notes,
  attributes: row.attributes ?? {},
  apps: (row.apps ?? []).map((a) => ({ app_id: Number(a.app_id), app_name: a.app_name })),
  conversations_count: Number(row.conversations_count),
  open_conversations_count: Number(row.open_count),
  last_activity_ts: row.last_activity === null ? null : isoFromDb(row.last_activity),
  created_ts: isoFromDb(row.created_at),
  updated_ts: isoFromDb(row.updated_at),
});

/** One customer in reach, or 404 (another company's, one out of reach and a missing one look the same). */
export async function getCustomer(db: DbOrTx, r: CustomerReach, id: number): Promise<Customer> {
  if (!isSqlInt(id)) throw notFound('Customer');
  const res = await db.execute<Row>(sql`select ${customerColumns(r)} from customers cu
    where cu.id = ${id} and cu.company_id = ${r.companyId} and ${reachCondition(r)}`);
  const row = res.rows[0];
  if (!row) throw notFound('Customer');
  return toCustomer(row);
}

/** `%`, `_` and `\` as themselves in a LIKE pattern. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A case-insensitive substring of the name, email or phone. A search that reads as a phone number also
 * matches phones with their spaces, dashes, brackets and `+` taken out, so `+44 20 7946` finds
 * `+442079460958`. The trigram index over `CUSTOMER_SEARCH_DOCUMENT` finds the candidates; the columns are
 * then checked one by one, so a match never spans two fields. A whole email address also finds the customer
 * holding it as an identity (one gained in a merge, say), through the identity key.
 */
function searchCondition(companyId: number, search: string, common = false): SQL {
  const pattern = `%${literal(search)}%`;
  const digits = search.replace(/\D/g, '');
  // Only a search that reads as a phone number: `customer4242@` is not one.
  const byDigits = digits.length >= 3 && /^[\d\s()+.-]+$/.test(search);
  const digitsPattern = `%${digits}%`;
  const candidates = byDigits
    ? sql`(${CUSTOMER_SEARCH_DOCUMENT} like lower(${pattern}) or ${CUSTOMER_SEARCH_DOCUMENT} like ${digitsPattern})`
    : sql`${CUSTOMER_SEARCH_DOCUMENT} like lower(${pattern})`;
  const phoneDigits = byDigits
    ? sql` or regexp_replace(coalesce(cu.phone, ''), '[^0-9]', '', 'g') like ${digitsPattern}`
    : sql``;
  const columns = sql`(cu.name ilike ${pattern} or cu.email ilike ${pattern} or cu.phone ilike ${pattern}${phoneDigits})`;
  // A common word is found faster by walking the list in its order until the page is full than by
  // collecting and sorting its thousands of matches: without the indexed condition the planner walks.
  const found = common ? columns : sql`${candidates} and ${columns}`;
  const email = search.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) return found;
  return sql`(${found} or cu.id in (select ci.customer_id from customer_identities ci
    where ci.company_id = ${companyId} and ci.kind = 'email' and ci.value = ${email}))`;
}

/** Whether more than `CUSTOMER_TOTAL_CAP` customers of the company match: then the search walks the list. */
async function isCommon(db: DbOrTx, companyId: number, search: string) {
  const res = await db.execute<{
    n: string | number;
  }>(sql`select count(*) as n from (select 1 from customers cu
    where cu.company_id = ${companyId} and ${searchCondition(companyId, search)} limit ${CUSTOMER_TOTAL_CAP + 1}) m`);
  return Number(res.rows[0]?.n ?? 0) > CUSTOMER_TOTAL_CAP;
}

const ORDERS: Record<CustomerListQuery['sort'], SQL> = {
  name: sql`lower(cu.name) asc, cu.id asc`,
  '-name': sql`lower(cu.name) desc, cu.id desc`,
  last_activity: sql`cu.last_activity_at asc nulls first, cu.id asc`,
  '-last_activity': sql`cu.last_activity_at desc nulls last, cu.id desc`,
  created: sql`cu.created_at asc, cu.id asc`,
  '-created': sql`cu.created_at desc, cu.id desc`,
};

/**
 * The list counts at most this many customers past the page's offset; beyond, `total` is offset + this and
 * `capped` is true (as the inbox does, decision 024): an exact count of 100,000 customers cost more than the
 * page itself.
 */
export const CUSTOMER_TOTAL_CAP = 1000;

/** A page of the customers in reach, filtered and sorted, with the total counted up to the cap. */
export async function listCustomers(db: DbOrTx, r: CustomerReach, q: CustomerListQuery) {
  const where: SQL[] = [sql`cu.company_id = ${r.companyId}`];
  if (q.app_id !== undefined) {
    // An app out of reach filters to nothing it could reveal: 404 as for any call on it. One in reach is
    // the reach itself: its customers are all visible.
    if (!isSqlInt(q.app_id) || (r.appIds !== null && !r.appIds.includes(q.app_id))) throw notFound('App');
    where.push(sql`cu.id in (select fa.customer_id from customer_apps fa where fa.app_id = ${q.app_id})`);
  } else {
    where.push(reachCondition(r));
  }
  if (q.has_open !== undefined) {
    const open = sql`cu.id in (select oc.customer_id from conversations oc where oc.company_id = ${r.companyId}
      and oc.status in ('open', 'pending') and ${appInReach(r, sql`oc.app_id`)})`;
    where.push(q.has_open ? open : sql`not ${open}`);
  }
  const common = q.search ? await isCommon(db, r.companyId, q.search) : false;
  const condition = sql.join(
    q.search ? [...where, searchCondition(r.companyId, q.search, common)] : where,
    sql` and `,
  );
  const res = await db.execute<Row>(sql`select ${customerColumns(r)} from customers cu where ${condition}
    order by ${ORDERS[q.sort]} limit ${q.limit} offset ${q.offset}`);
  const rows = res.rows.map(toCustomer);
  // A short page that is not past the end tells the total itself.
  if (rows.length < q.limit && (q.offset === 0 || rows.length > 0)) {
    return { rows, total: q.offset + rows.length, capped: false };
  }
  const cap = q.offset + CUSTOMER_TOTAL_CAP;
  // The probe counted the whole company past the cap: that is the answer for a first page with no other limit.
  const onlySearch = r.appIds === null && q.app_id === undefined && q.has_open === undefined;
  if (common && q.offset === 0 && onlySearch) return { rows, total: cap, capped: true };
  // Counting goes through the trigram index even for a common word: the walk that serves a page would
  // read most of the list to count 1,000.
  const counting = q.search
    ? sql.join([...where, searchCondition(r.companyId, q.search)], sql` and `)
    : condition;
  const counted = await db.execute<{ n: string | number }>(
    sql`select count(*) as n from (select 1 from customers cu where ${counting} limit ${cap + 1}) matches`,
  );
  const n = Number(counted.rows[0]?.n ?? 0);
  return n > cap ? { rows, total: cap, capped: true } : { rows, total: n, capped: false };
}

/** The customer's conversations the caller can see (the inbox's visibility rules), latest activity first. */
export async function customerConversations(
  db: DbOrTx,
  r: CustomerReach,
  id: number,
  paging: { limit: number; offset: number },
) {
  await getCustomer(db, r, id);
  return listConversations(db, r.v, [eq(conversations.customerId, id)], paging);
}
