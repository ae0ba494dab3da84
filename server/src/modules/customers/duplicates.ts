import type { DUPLICATE_REASONS, DuplicateSuggestion } from '@inbox/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { customerPhoneDigits } from '../../db/schema/index.ts';
import { nationalDigits } from '../../lib/phone.ts';
import { canonicalEmail, isPublicMailDomain, nameSimilarity, nameWords } from './likeness.ts';
import { type CustomerReach, customersByIds, getCustomer, reachCondition } from './reads.ts';

type Reason = (typeof DUPLICATE_REASONS)[number];

interface Person extends Record<string, unknown> {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  attributes: Record<string, string>;
  channel_ids: { kind: string; value: string }[] | null;
}

/** Weights of each reason; a suggestion's score combines them as independent signs (1 - Π(1 - w)). */
const WEIGHT: Record<Reason, number> = {
  same_email: 0.9,
  same_phone: 0.85,
  similar_name: 0.5,
  same_email_domain: 0.3,
  same_email_local: 0.4,
  same_attribute: 0.4,
};
const NAME_THRESHOLD = 0.75;
const MAX_SUGGESTIONS = 10;

/** The SQL twin of `canonicalEmail` for a column. */
const canonicalEmailSql = (column: SQL) => sql`case
  when split_part(lower(${column}), '@', 2) in ('gmail.com', 'googlemail.com')
    then replace(split_part(split_part(lower(${column}), '@', 1), '+', 1), '.', '') || '@gmail.com'
  else split_part(split_part(lower(${column}), '@', 1), '+', 1) || '@' || split_part(lower(${column}), '@', 2) end`;

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const PEOPLE = sql`cu.id, cu.name, cu.email, cu.phone, cu.attributes,
  (select json_agg(json_build_object('kind', i.kind, 'value', i.value)) from customer_identities i
    where i.customer_id = cu.id and i.kind in ('psid', 'whatsapp', 'external')) as channel_ids`;

/** Customers that might be `x`: same mailbox, same phone digits, or a word of the name in common. */
async function candidates(db: DbOrTx, r: CustomerReach, x: Person): Promise<Person[]> {
  const signs: SQL[] = [];
  if (x.email)
    signs.push(
      sql`(cu.email is not null and ${canonicalEmailSql(sql`cu.email`)} = ${canonicalEmail(x.email)})`,
    );
  const phone = x.phone ? nationalDigits(x.phone) : null;
  if (phone) {
    signs.push(sql`(cu.phone is not null and ${customerPhoneDigits('cu')} like ${`%${phone.digits}`})`);
  }
  for (const word of nameWords(x.name).slice(0, 4)) {
    if (word.length >= 3) signs.push(sql`cu.name ilike ${`%${likeLiteral(word)}%`}`);
  }
  if (signs.length === 0) return [];
  const res = await db.execute<Person>(sql`select ${PEOPLE} from customers cu
    where cu.company_id = ${r.companyId} and cu.id <> ${x.id} and ${reachCondition(r)}
      and (${sql.join(signs, sql` or `)})
    limit 500`);
  return res.rows.map((p) => ({ ...p, id: Number(p.id) }));
}

/** Both carry an id of the same channel, and the ids differ: two people, whatever else they share. */
function distinctChannelIds(a: Person, b: Person) {
  const ofA = new Map((a.channel_ids ?? []).map((i) => [i.kind, i.value]));
  return (b.channel_ids ?? []).some((i) => ofA.has(i.kind) && ofA.get(i.kind) !== i.value);
}

/** Why `b` might be `a`, strongest first; empty when nothing links them. */
export function reasonsFor(a: Person, b: Person): Reason[] {
  const out: Reason[] = [];
  if (a.email && b.email && canonicalEmail(a.email) === canonicalEmail(b.email)) out.push('same_email');
  const pa = a.phone ? nationalDigits(a.phone) : null;
  const pb = b.phone ? nationalDigits(b.phone) : null;
  // One of the two without a country code, the same number once the other's country is applied.
  if (pa && pb && pa.digits === pb.digits && !(pa.international && pb.international)) out.push('same_phone');
  const details: Reason[] = [];
  if (a.email && b.email && !out.includes('same_email')) {
    const [localA, domainA = ''] = a.email.toLowerCase().split('@');
    const [localB, domainB = ''] = b.email.toLowerCase().split('@');
    if (domainA === domainB && !isPublicMailDomain(domainA)) details.push('same_email_domain');
    else if (localA === localB && (localA?.length ?? 0) >= 4) details.push('same_email_local');
  }
  const attrsA = a.attributes ?? {};
  if (Object.entries(b.attributes ?? {}).some(([k, v]) => v !== '' && attrsA[k] === v))
    details.push('same_attribute');
  // A similar name alone says little (many people share one): it counts with one more detail in common.
  if (nameSimilarity(a.name, b.name) >= NAME_THRESHOLD && (out.length > 0 || details.length > 0)) {
    out.push('similar_name', ...details);
  } else if (out.length > 0) {
    out.push(...details);
  }
  return out;
}

const scoreOf = (reasons: Reason[]) =>
  Math.round((1 - reasons.reduce((left, r) => left * (1 - WEIGHT[r]), 1)) * 100) / 100;

/**
 * `GET /customer/duplicates`: customers of the company, in the caller's reach, that may be the same person,
 * best first, with why. Never two customers holding different ids of one channel.
 */
export async function findDuplicates(
  db: DbOrTx,
  r: CustomerReach,
  id: number,
): Promise<DuplicateSuggestion[]> {
  await getCustomer(db, r, id);
  const res = await db.execute<Person>(sql`select ${PEOPLE} from customers cu where cu.id = ${id}`);
  const x = { ...res.rows[0]!, id: Number(res.rows[0]!.id) };
  const ranked = (await candidates(db, r, x))
    .filter((c) => !distinctChannelIds(x, c))
    .map((c) => ({ c, reasons: reasonsFor(x, c) }))
    .filter((s) => s.reasons.length > 0)
    .map((s) => ({ ...s, score: scoreOf(s.reasons) }))
    .sort((p, q) => q.score - p.score || p.c.id - q.c.id)
    .slice(0, MAX_SUGGESTIONS);
  const shown = await customersByIds(
    db,
    r,
    ranked.map((s) => s.c.id),
  );
  const byId = new Map(shown.map((c) => [c.customer_id, c]));
  return ranked.flatMap((s) => {
    const customer = byId.get(s.c.id);
    return customer ? [{ customer, score: s.score, reasons: s.reasons }] : [];
  });
}
