import type { Customer, CustomerListQuery } from '@inbox/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { CUSTOMER_SEARCH_DOCUMENT, conversations, customerPhoneDigits } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import { readPhone } from '../../lib/phone.ts';
import { isoFromDb } from '../../lib/timestamps.ts';
import type { CallerCtx } from '../access/context.ts';
import { callerVisibility, isSqlInt, type Visibility } from '../access/conversation-visibility.ts';
import { listConversations } from '../conversations/views.ts';
import { carriesAnyLabel, labelRefsOf, labelRefsSql } from '../labels/refs.ts';
import { customerWith, emailKey, type IdentityKind } from './identities.ts';

/**
 * Who sees which customers (contract section 8): a user sees a customer when it can see an app the customer
 * is linked to. Company admins and managers see every app; others the apps they hold a role in, directly or
 * through a queue. Counts and app lists show only what the caller can see; the last activity is the
 * customer's own (their latest message in any app), the value the list sorts on, so the order and the times
 * shown agree for every caller (decision 042).
 */
export interface CustomerReach {
  companyId: number;
  /** null: every app of the company. */
  appIds: number[] | null;
  v: Visibility;
}

export async function customerReach(ctx: CallerCtx): Promise<CustomerReach> {
  const v = await callerVisibility(ctx);
  return { companyId: ctx.companyId, appIds: v.all ? null : [...v.fullAppIds, ...v.agentAppIds], v };
}

/** `app_id` is one of the apps in reach (an SQL condition on a column holding an app id). */
const appInReach = (r: CustomerReach, column: SQL) =>
  r.appIds === null ? sql`true` : sql`${column} = any(${sql.param(r.appIds)}::int[])`;

/**
 * The customers in reach: linked to an app the caller can see. `probe` checks each row through the link's
 * key instead: for a search, whose few thousand candidates cost less to probe one by one than hashing the
 * tens of thousands of links in reach first, which the planner prefers (21 ms against 12 on the bench).
 * `offset 0` keeps PostgreSQL from turning the probe back into that join.
 */
export const reachCondition = (r: CustomerReach, probe = false) =>
  r.appIds === null
    ? sql`true`
    : probe
      ? sql`exists (select 1 from customer_apps ra where ra.customer_id = cu.id
          and ra.company_id = ${r.companyId} and ra.app_id = any(${sql.param(r.appIds)}::int[]) offset 0)`
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
  labels: unknown;
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
  ${labelRefsSql('customer', sql`cu.id`)} as labels,
  (select count(*) from conversations c where c.customer_id = cu.id and ${appInReach(r, sql`c.app_id`)})
    as conversations_count,
  (select count(*) from conversations c where c.customer_id = cu.id and c.status in ('open', 'pending')
    and ${appInReach(r, sql`c.app_id`)}) as open_count,
  (select act.last_activity_at from customer_activity act where act.customer_id = cu.id) as last_activity`;

const toCustomer = (row: Row): Customer => ({
  customer_id: Number(row.id),
  name: row.name,
  email: row.email,
  phone: row.phone,
  notes: row.notes,
  attributes: row.attributes ?? {},
  apps: (row.apps ?? []).map((a) => ({ app_id: Number(a.app_id), app_name: a.app_name })),
  labels: labelRefsOf(row.labels),
  conversations_count: Number(row.conversations_count),
  open_conversations_count: Number(row.open_count),
  last_activity_ts: row.last_activity === null ? null : isoFromDb(row.last_activity),
  created_ts: isoFromDb(row.created_at),
  updated_ts: isoFromDb(row.updated_at),
});

/** One customer in reach, or 404 (another company's, one out of reach and a missing one look the same). */
export async function getCustomer(db: DbOrTx, r: CustomerReach, id: number): Promise<Customer> {
  if (!isSqlInt(id)) throw notFound('Customer');
  const [found] = await customersByIds(db, r, [id]);
  if (!found) throw notFound('Customer');
  return found;
}

/** The customers in reach among `ids`, in the order given; one statement whatever their number. */
export async function customersByIds(db: DbOrTx, r: CustomerReach, ids: number[]): Promise<Customer[]> {
  if (ids.length === 0) return [];
  const res = await db.execute<Row>(sql`select ${customerColumns(r)} from customers cu
    where cu.id = any(${sql.param(ids)}::int[]) and cu.company_id = ${r.companyId} and ${reachCondition(r)}`);
  const byId = new Map(res.rows.map((row) => [Number(row.id), toCustomer(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** `%`, `_` and `\` as themselves in a LIKE pattern. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * A case-insensitive substring of the name, email or phone. A search that reads as a phone number also
 * matches phones with their spaces, dashes, brackets and `+` taken out, so `+44 20 7946` finds
 * `+442079460958`. The trigram index over `CUSTOMER_SEARCH_DOCUMENT` finds the candidates; the columns are
 * then checked one by one, so a match never spans two fields. A whole email address or international phone
 * number also finds the customer holding it as a second identity.
 */
function searchCondition(search: string, holder: number | null, common = false): SQL {
  const pattern = `%${literal(search)}%`;
  const digits = search.replace(/\D/g, '');
  // Only a search that reads as a phone number: `customer4242@` is not one.
  const byDigits = digits.length >= 3 && /^[\d\s()+.-]+$/.test(search);
  const digitsPattern = `%${digits}%`;
  const candidates = byDigits
    ? sql`(${CUSTOMER_SEARCH_DOCUMENT} like lower(${pattern}) or ${CUSTOMER_SEARCH_DOCUMENT} like ${digitsPattern})`
    : sql`${CUSTOMER_SEARCH_DOCUMENT} like lower(${pattern})`;
  const phoneDigits = byDigits ? sql` or ${customerPhoneDigits('cu')} like ${digitsPattern}` : sql``;
  const columns = sql`(cu.name ilike ${pattern} or cu.email ilike ${pattern} or cu.phone ilike ${pattern}${phoneDigits})`;
  // A common word is found faster by walking the list in its order until the page is full than by
  // collecting and sorting its thousands of matches: without the indexed condition the planner walks.
  const found = common ? columns : sql`${candidates} and ${columns}`;
  // An OR with a sub-select would lose the trigram index; one more id keeps it (a bitmap OR of two indexes).
  return holder === null ? found : sql`(${found} or cu.id = ${holder})`;
}

/**
 * A search that is a whole email address or a whole international phone number, as its identity key: it
 * also finds the customer holding it as a second identity (one gained in a merge, say).
 */
function wholeIdentity(search: string): { kind: IdentityKind; value: string } | null {
  if (/^[^\s@]+@[^\s@]+$/.test(search.trim())) return { kind: 'email', value: emailKey(search) };
  const phone = readPhone(search);
  return phone ? { kind: 'phone', value: phone } : null;
}

/** The customer of the company holding the search as a whole identity, if it is one. */
async function identityHolder(db: DbOrTx, companyId: number, search: string) {
  const identity = wholeIdentity(search);
  return identity ? customerWith(db, companyId, identity.kind, identity.value) : null;
}

/** Whether more than `CUSTOMER_TOTAL_CAP` customers of the company match: then the search walks the list. */
async function isCommon(db: DbOrTx, companyId: number, search: string, holder: number | null) {
  const res = await db.execute<{
    n: string | number;
  }>(sql`select count(*) as n from (select 1 from customers cu
    where cu.company_id = ${companyId} and ${searchCondition(search, holder)} limit ${CUSTOMER_TOTAL_CAP + 1}) m`);
  return Number(res.rows[0]?.n ?? 0) > CUSTOMER_TOTAL_CAP;
}

const ORDERS: Record<CustomerListQuery['sort'], SQL> = {
  name: sql`lower(cu.name) asc, cu.id asc`,
  '-name': sql`lower(cu.name) desc, cu.id desc`,
  last_activity: sql`act.last_activity_at asc nulls first, act.customer_id asc`,
  '-last_activity': sql`act.last_activity_at desc nulls last, act.customer_id desc`,
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
    where.push(reachCondition(r, !!q.search));
  }
  if (q.has_open !== undefined) {
    const open = sql`cu.id in (select oc.customer_id from conversations oc where oc.company_id = ${r.companyId}
      and oc.status in ('open', 'pending') and ${appInReach(r, sql`oc.app_id`)})`;
    where.push(q.has_open ? open : sql`not ${open}`);
  }
  if (q.label_id?.length) where.push(carriesAnyLabel(sql`cu.id`, q.label_id));
  const holder = q.search ? await identityHolder(db, r.companyId, q.search) : null;
  const common = q.search ? await isCommon(db, r.companyId, q.search, holder) : false;
  const condition = sql.join(
    q.search ? [...where, searchCondition(q.search, holder, common)] : where,
    sql` and `,
  );
  const cap = q.offset + CUSTOMER_TOTAL_CAP;
  // The probe counted the whole company past the cap: that is the answer for a first page with no other limit.
  const onlySearch =
    r.appIds === null && q.app_id === undefined && q.has_open === undefined && !q.label_id?.length;
  const probed = common && q.offset === 0 && onlySearch;
  // Counting goes through the trigram index even for a common word: the walk that serves a page would
  // read most of the list to count 1,000.
  const counting = q.search ? sql.join([...where, searchCondition(q.search, holder)], sql` and `) : condition;
  const countMatches = () =>
    db.execute<{ n: string | number }>(
      sql`select count(*) as n from (select 1 from customers cu where ${counting} limit ${cap + 1}) matches`,
    );
  // The activity orders walk `customer_activity_idx` and join each customer (its own table, decision 042).
  const byActivity = q.sort === 'last_activity' || q.sort === '-last_activity';
  const from = byActivity
    ? sql`customer_activity act join customers cu on cu.id = act.customer_id
      where act.company_id = ${r.companyId} and ${condition}`
    : sql`customers cu where ${condition}`;
  const page = db.execute<Row>(sql`select ${customerColumns(r)} from ${from}
    order by ${ORDERS[q.sort]} limit ${q.limit} offset ${q.offset}`);
  // A common word in a narrower reach will need its count whatever the page holds: the two statements run
  // at once on two pool connections, so the caller waits for the longer of them, not for their sum.
  const [res, early] = await Promise.all([page, common && !probed ? countMatches() : null]);
  const rows = res.rows.map(toCustomer);
  // A short page that is not past the end tells the total itself.
  if (rows.length < q.limit && (q.offset === 0 || rows.length > 0)) {
    return { rows, total: q.offset + rows.length, capped: false };
  }
  if (probed) return { rows, total: cap, capped: true };
  const counted = early ?? (await countMatches());
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
