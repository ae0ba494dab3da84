import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { recordEvent } from '../events/record.ts';
import { claimIdentity, customerWith, emailKey, type IdentityKind, lockIdentity } from './identities.ts';

export interface CustomerInput {
  companyId: number;
  appId: number;
  name: string;
  email: string;
  phone?: string | null;
}

/**
 * The company's customer with this email identity (any case), created when there is none, and linked to the
 * app: the portal's first contact. `unverified` (the public portal form, where an email proves nothing)
 * takes the phone only for a customer this contact creates, so nobody attaches their number to someone
 * else's record by typing that person's address.
 */
export const findOrCreateCustomer = (db: DbOrTx, input: CustomerInput, opts: { unverified?: boolean } = {}) =>
  findOrCreateByIdentity(db, { ...input, kind: 'email', value: emailKey(input.email) }, opts);

/**
 * The company's customer holding this identity (an email, a phone, a Messenger or WhatsApp id, an outside
 * system's id), created when there is none, and linked to the app. Run inside a transaction: two first
 * contacts with one identity at once still make one customer (the identity is locked until commit). An
 * existing customer keeps the name agents may have curated; a newly given phone fills an empty one, unless
 * another customer already has that number.
 */
export async function findOrCreateByIdentity(
  db: DbOrTx,
  input: {
    companyId: number;
    appId: number;
    kind: IdentityKind;
    value: string;
    name: string;
    phone?: string | null;
  },
  opts: { unverified?: boolean } = {},
) {
  const { companyId, kind, value } = input;
  await lockIdentity(db, companyId, kind, value);
  let id = await customerWith(db, companyId, kind, value);
  const created = id === null;
  if (id === null) {
    const res = await db.execute<{ id: number }>(sql`
      insert into customers (company_id, name, email, last_seen_at)
      values (${companyId}, ${input.name}, ${kind === 'email' ? value : null}, now())
      returning id`);
    id = Number(res.rows[0]!.id);
    await claimIdentity(db, companyId, id, kind, value);
    await recordEvent(db, {
      type: 'customer.created',
      companyId,
      customerId: id,
      actor: { type: 'customer', id },
      data: { app_ids: [input.appId] },
    });
  } else {
    const seen = await db.execute(
      sql`update customers set last_seen_at = now() where id = ${id} returning id`,
    );
    // Merged away while this waited for its row: the identity now names the customer it was merged into.
    if (seen.rows.length === 0) {
      id = (await customerWith(db, companyId, kind, value))!;
      await db.execute(sql`update customers set last_seen_at = now() where id = ${id}`);
    }
  }
  const phone = created || !opts.unverified ? input.phone : null;
  await addPhoneAndApp(db, { companyId, customerId: id, appId: input.appId, phone });
  return { id };
}

/**
 * The customer of a widget visitor the host site did not vouch for. An email no customer holds yet is theirs
 * as on the portal; one that another customer holds is not: they become a new customer without it (the
 * address they typed kept as `unverified_email`), so nobody takes over someone else's history by typing
 * their address. Agents see both and may merge them.
 */
export async function unverifiedCustomer(db: DbOrTx, input: CustomerInput) {
  const email = emailKey(input.email);
  await lockIdentity(db, input.companyId, 'email', email);
  if ((await customerWith(db, input.companyId, 'email', email)) === null)
    return findOrCreateCustomer(db, input);
  const res = await db.execute<{ id: number }>(sql`
    insert into customers (company_id, name, attributes, last_seen_at)
    values (${input.companyId}, ${input.name}, ${JSON.stringify({ unverified_email: email })}::jsonb, now())
    returning id`);
  const id = Number(res.rows[0]!.id);
  await recordEvent(db, {
    type: 'customer.created',
    companyId: input.companyId,
    customerId: id,
    actor: { type: 'customer', id },
    data: { app_ids: [input.appId] },
  });
  await addPhoneAndApp(db, { companyId: input.companyId, customerId: id, appId: input.appId });
  return { id };
}

/**
 * A first contact's phone fills the customer's empty one unless another customer of the company holds that
 * number, and the customer is linked to the app it wrote to. The phone is E.164, read by `givenPhone` or
 * `readPhone` where it came in (a phone that is none was refused or left out there).
 */
export async function addPhoneAndApp(
  db: DbOrTx,
  c: { companyId: number; customerId: number; appId: number; phone?: string | null },
) {
  if (c.phone && (await claimIdentity(db, c.companyId, c.customerId, 'phone', c.phone))) {
    await db.execute(
      sql`update customers set phone = ${c.phone} where id = ${c.customerId} and phone is null`,
    );
  }
  await db.execute(sql`
    insert into customer_apps (customer_id, app_id, company_id)
    values (${c.customerId}, ${c.appId}, ${c.companyId})
    on conflict do nothing`);
}
