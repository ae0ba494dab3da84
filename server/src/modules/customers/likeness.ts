/**
 * The mailbox an address reaches: a `+tag` in the local part is dropped, and for Gmail (which ignores dots)
 * the dots too, so `Jane.Doe+shop@googlemail.com` and `janedoe@gmail.com` are one mailbox.
 */
export function canonicalEmail(email: string): string {
  const [rawLocal = '', rawDomain = ''] = email.trim().toLowerCase().split('@');
  const domain = rawDomain === 'googlemail.com' ? 'gmail.com' : rawDomain;
  let local = rawLocal.split('+')[0] ?? '';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

/** Mail services many unrelated people share: the same domain there says nothing. */
const PUBLIC_MAIL =
  /^(gmail|googlemail|yahoo|ymail|hotmail|outlook|live|msn|icloud|me|mac|aol|gmx|web|proton|protonmail|mail|yandex|zoho|fastmail)\./;
export const isPublicMailDomain = (domain: string) => PUBLIC_MAIL.test(domain);

/** Lower case, without accents or punctuation, words in their order. */
const words = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);

const bigrams = (text: string) => {
  const out = new Map<string, number>();
  const padded = ` ${text} `;
  for (let i = 0; i < padded.length - 1; i++) {
    const g = padded.slice(i, i + 2);
    out.set(g, (out.get(g) ?? 0) + 1);
  }
  return out;
};

/** Sørensen-Dice over letter pairs, 0 to 1. */
function dice(a: string, b: string) {
  if (!a || !b) return 0;
  const x = bigrams(a);
  const y = bigrams(b);
  let shared = 0;
  let total = 0;
  for (const [g, n] of x) {
    shared += Math.min(n, y.get(g) ?? 0);
    total += n;
  }
  for (const n of y.values()) total += n;
  return (2 * shared) / total;
}

/**
 * How alike two names are, 0 to 1: letter pairs compared after removing case, accents and punctuation, in
 * the given word order and with the words sorted (so "Schmidt, Emma" is "Emma Schmidt"). The method the
 * duplicates suggestions use instead of PostgreSQL's pg_trgm, which PGlite does not load by default.
 */
export function nameSimilarity(a: string, b: string): number {
  const wa = words(a);
  const wb = words(b);
  const inOrder = dice(wa.join(' '), wb.join(' '));
  const sorted = dice([...wa].sort().join(' '), [...wb].sort().join(' '));
  return Math.max(inOrder, sorted);
}

/** The words of a name, for finding candidates that share one. */
export const nameWords = (name: string) => words(name).filter((w) => w.length >= 2);
