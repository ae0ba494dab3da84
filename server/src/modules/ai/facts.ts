import { type Detail, findDetails, mentionsName } from './redact.ts';

/**
 * What this conversation holds: the text a suggestion's facts must come from. `staff` is what agents wrote
 * (replies, notes, the draft): a promise counts as held only when staff made or approved it, not when the
 * customer asked for it.
 */
export interface Holdings {
  all: string;
  staff: string;
  /** The digits of every number-like detail and every digit run: "+49 30 1234567" and "4711". */
  numbers: Set<string>;
}

const squash = (s: string) => s.toLowerCase().replace(/\s+/g, ' ');
const digits = (s: string) => s.replace(/\D/g, '');

export function holdings(all: string[], staff: string[]): Holdings {
  const text = all.join('\n');
  const numbers = new Set([...findDetails(text).map((d) => digits(d.text)), ...(text.match(/\d+/g) ?? [])]);
  return { all: squash(text), staff: squash(staff.join('\n')), numbers };
}

/**
 * Concessions a reply can promise. Money given back or waived is a promise wherever it is named; goods and
 * exceptions only when someone is committed to them ("we ship a replacement", not "the voucher is valid for
 * 24 months"). Either may stand only when an agent of this conversation already said or noted it.
 */
const MONEY = /\b(refund\w*|reimburs\w*|compensat\w*|waiv\w*|free|at no cost|no charge|money back)\b/giu;
const GOODS = /\b(replac\w*|credit\w*|discount\w*|voucher\w*|coupon\w*|guarantee\w*|promise\w*)\b/giu;
const COMMITMENT = /\b(we|i|you['’]ll|you will|you can|you get|you['’]re getting)\b/iu;

/** "refunds" is held by "refund it", "replacement" by "replace": single words compare by their first letters. */
const stem = (word: string) => (word.includes(' ') ? word : word.slice(0, 5)).toLowerCase();

function held(d: Detail, h: Holdings): boolean {
  // In amounts, references and phone numbers the number is the fact: "#4711" is held by "order 4711",
  // "49.99 EUR" by "€49.99".
  if (d.kind === 'amount' || d.kind === 'reference' || d.kind === 'phone') {
    const number = digits(d.text);
    if (number) return h.numbers.has(number);
  }
  return h.all.includes(squash(d.text).replace(/^(within|in)\s+/, ''));
}

/** Why a sentence may not stand, or null when every fact it states is held. */
export function unsupported(sentence: string, h: Holdings, foreignNames: string[] = []): string | null {
  if (foreignNames.length > 0 && mentionsName(sentence, foreignNames)) return 'name';
  for (const d of findDetails(sentence)) if (!held(d, h)) return d.kind;
  const promised = [
    ...sentence.matchAll(MONEY),
    ...(COMMITMENT.test(sentence) ? sentence.matchAll(GOODS) : []),
  ];
  if (promised.some((m) => !h.staff.includes(stem(m[0])))) return 'promise';
  return null;
}

/**
 * The text without the sentences stating what this conversation does not hold (another customer's details,
 * an amount, date, number or promise of somewhere else). Line breaks stay, so greeting and sign-off keep
 * their places; a line left empty goes.
 */
export function keepSupported(text: string, h: Holdings, foreignNames: string[] = []): string {
  const lines = text.split('\n').map((line) => {
    if (!line.trim()) return line;
    const kept = line
      .split(/(?<=[.!?])\s+/u)
      .filter((s) => unsupported(s, h, foreignNames) === null)
      .join(' ')
      .trim();
    return kept || null;
  });
  return lines
    .filter((l) => l !== null)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
