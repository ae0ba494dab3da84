import { PHONE_INVALID } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { DbOrTx } from '../../db/client.ts';
import { invalidField } from '../../http/app-error.ts';
import { readPhone } from '../../lib/phone.ts';

export type IdentityKind = 'email' | 'phone' | 'psid' | 'whatsapp' | 'external';

/** An email is one identity whatever its case. */
export const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * A phone given to the product (portal, widget, customers API, API integration), as its E.164 identity:
 * null when none was given (absent, or blank once trimmed), 422 on `field` with `PHONE_INVALID` when the
 * text is no possible international number (`readPhone`, the one rule). Called before anything is written,
 * so a refused phone leaves every record as it was.
 */
export function givenPhone(field: string, phone: string | null | undefined): string | null {
  if (phone == null || phone.trim() === '') return null;
  const e164 = readPhone(phone);
  if (e164 === null) throw invalidField(field, PHONE_INVALID);
  return e164;
}

/**
 * The identity a phone stored before issue 42 was given (E.164 when it read as a valid international
 * number, otherwise its digits with the `+` it was written with), to find that identity again when the
 * phone is replaced. New phones are never keyed this way: see `givenPhone`.
 */
export function storedPhoneKey(phone: string): string {
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
