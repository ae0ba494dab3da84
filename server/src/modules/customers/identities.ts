import { sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { DbOrTx } from '../../db/client.ts';

export type IdentityKind = 'email' | 'phone' | 'psid' | 'whatsapp' | 'external';

/** An email is one identity whatever its case. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * A phone as E.164 when it reads as an international number (`+44 20 7946 0958` and `+44-20-79460958` are
 * one identity); otherwise its digits, with the `+` it was written with. A number without a country code
 * stays as it is: which country it belongs to is a guess the duplicates suggestions make, not this key.
 */
export function phoneKey(phone: string): string {
  const parsed = parsePhoneNumberFromString(phone.trim());
  if (parsed?.isValid()) return parsed.number;
  return `${phone.trim().startsWith('+') ? '+' : ''}${phone.replace(/\D/g, '')}`;
}

/** The customer of the company holding this identity, if any. */
export async function customerWith(db: DbOrTx, companyId: number, kind: IdentityKind, value: string) {
  const res = await db.execute<{ customer_id: number }>(sql`
    select customer_id from customer_identities
    where company_id = ${companyId} and kind = ${kind} and value = ${value}`);
  const row = res.rows[0];
  return row ? Number(row.customer_id) : null;
}

/**
 * Serialises, until the transaction ends, everyone claiming this identity in this company: the second of
 * two first contacts with one email waits, then finds the customer the first created.
 */
export async function lockIdentity(db: DbOrTx, companyId: number, kind: IdentityKind, value: string) {
  await db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`${companyId}:${kind}:${value}`}, 0))`,
  );
}

/** Gives the customer this identity unless another customer of the company holds it; true when it is theirs. */
export async function claimIdentity(
  db: DbOrTx,
  companyId: number,
  customerId: number,
  kind: IdentityKind,
  value: string,
) {
  await db.execute(sql`
    insert into customer_identities (company_id, customer_id, kind, value)
    values (${companyId}, ${customerId}, ${kind}, ${value})
    on conflict do nothing`);
  return (await customerWith(db, companyId, kind, value)) === customerId;
}
