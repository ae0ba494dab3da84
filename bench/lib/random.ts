import { createHash } from 'node:crypto';

/** mulberry32: tiny, fast and good enough to make the same data from the same seed. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
  };
}
export type Random = ReturnType<typeof seededRandom>;

/**
 * The portal token of generated conversation `index`: derived from the seed so a later run (or another
 * process) can name the same sessions; shaped like `randomToken(32)` (43 base64url characters).
 */
export const benchToken = (seed: number, index: number) =>
  createHash('sha256').update(`inbox-bench:${seed}:${index}`).digest('base64url');

const FIRST = ['Ada', 'Ben', 'Chloe', 'Dev', 'Elif', 'Femi', 'Gita', 'Hugo', 'Ines', 'Jon', 'Kai', 'Lena'];
const LAST = ['Moreau', 'Novak', 'Okafor', 'Park', 'Quinn', 'Rossi', 'Silva', 'Tanaka', 'Umar', 'Vogel'];
const CUSTOMER_LINES = [
  'Hi, my order #{n} has not arrived yet. Can you check where it is?',
  'I was charged twice for invoice {n}, please refund one of the payments.',
  'The tracking link for parcel {n} shows no update since Monday.',
  'Can I change the delivery address for order {n}? I moved last week.',
  'Thanks, that worked. One more question about the warranty, though.',
  'The item arrived damaged; I attached a photo of the box.',
  'Is there a discount for yearly billing on plan {n}?',
  'I still cannot log in after resetting my password.',
];
const AGENT_LINES = [
  'Thanks for reaching out! Let me look into order #{n} for you.',
  'I can see the payment {n} twice; the duplicate is refunded within 5 business days.',
  'The carrier confirms the parcel is in the local depot and arrives tomorrow.',
  'Done: the address is updated. You will receive a new confirmation mail.',
  'Sorry about that! A replacement is on its way, no need to send the item back.',
  'Could you tell me the email address you used for the account?',
];
const NOTE_LINES = ['Checked with billing, refund approved.', 'VIP customer, handle with care.'];

export const personName = (r: Random) => `${r.pick(FIRST)} ${r.pick(LAST)}`;
const fill = (line: string, r: Random) => line.replace('{n}', String(r.int(10_000, 99_999)));
export const customerLine = (r: Random) => fill(r.pick(CUSTOMER_LINES), r);
export const agentLine = (r: Random) => fill(r.pick(AGENT_LINES), r);
export const noteLine = (r: Random) => r.pick(NOTE_LINES);
