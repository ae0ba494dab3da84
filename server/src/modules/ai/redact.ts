/**
 * Personal details and checkable facts in support text: what must not travel from one customer's
 * conversation into another's suggestion, nor leave for an outside AI service. Pattern-based and
 * English-leaning (decision 016): it finds the shapes support mail uses (emails, phone numbers, links,
 * street addresses, order and ticket numbers, amounts, dates), not every way a person can be named.
 */

export type DetailKind = 'email' | 'link' | 'phone' | 'address' | 'date' | 'amount' | 'reference';

export interface Detail {
  kind: DetailKind;
  text: string;
  index: number;
}

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const DAY = '\\d{1,2}(?:st|nd|rd|th)?';
/** Street words, capitalised or not (the pattern is case-sensitive so that a name must be capitalised). */
const STREET = `(?:${'street st road rd avenue ave lane ln boulevard blvd drive dr way court ct place pl square sq terrace close crescent'
  .split(' ')
  .map((w) => `[${w[0]!.toUpperCase()}${w[0]}]${w.slice(1)}`)
  .join('|')})`;

/** Earlier kinds win where matches overlap (an email holds a domain a link pattern would also take). */
const PATTERNS: Array<[DetailKind, RegExp]> = [
  ['email', /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu],
  ['link', /\b(?:https?:\/\/|www\.)[^\s<>"')\]]+[^\s<>"')\].,;:!?]/giu],
  [
    'address',
    new RegExp(
      `\\b\\d{1,5}[a-z]?\\s+(?:[\\p{Lu}][\\p{L}'-]*\\s+){1,4}${STREET}\\b\\.?|\\b[\\p{Lu}][\\p{L}-]*(?:straße|strasse|str\\.|weg|gasse|platz|allee)\\s+\\d+[a-z]?\\b|\\b[A-Z]{1,2}\\d[A-Z\\d]?\\s\\d[A-Z]{2}\\b`,
      'gu',
    ),
  ],
  [
    'date',
    new RegExp(
      `\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b\\d{1,2}[./]\\d{1,2}[./]\\d{2,4}\\b|\\b${DAY}\\s+(?:of\\s+)?${MONTH}\\b\\.?(?:,?\\s+\\d{4})?|\\b${MONTH}\\.?\\s+${DAY}\\b(?:,?\\s+\\d{4})?|\\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\\b|\\btomorrow\\b|\\b(?:within|in)\\s+\\d+\\s+(?:business\\s+|working\\s+)?(?:hours?|days?|weeks?)\\b`,
      'giu',
    ),
  ],
  [
    'amount',
    /(?:[$€£¥]|\b(?:usd|eur|gbp|chf)\s?)\s?\d[\d,.]*\d|(?:[$€£¥]|\b(?:usd|eur|gbp|chf)\s?)\s?\d|\b\d[\d,.]*\s?(?:usd|eur|gbp|chf|dollars?|euros?|pounds?|cents?)\b|\b\d+(?:[.,]\d+)?\s?%/giu,
  ],
  ['phone', /(?:\+|\b00)?\(?\d[\d\s()./-]{6,}\d\b/gu],
  [
    'reference',
    /#\s?[\p{L}\p{N}-]*\d[\p{L}\p{N}-]*|\b(?:order|ticket|invoice|case|reference|ref|tracking|booking|account)\s*(?:number|no\.?|nr\.?|id)?\s*[:#]?\s*[A-Z]*\d[\p{L}\p{N}-]*|\b(?=[A-Z-]*\d)[A-Z0-9][A-Z0-9-]{4,}\b|\b\d{4,}\b/giu,
  ],
];

/** Every detail in `text`, in reading order, none overlapping. */
export function findDetails(text: string): Detail[] {
  const found: Detail[] = [];
  const taken: Array<[number, number]> = [];
  const free = (from: number, to: number) => taken.every(([a, b]) => to <= a || from >= b);
  for (const [kind, pattern] of PATTERNS) {
    for (const m of text.matchAll(pattern)) {
      const value = m[0].trim();
      const index = m.index + m[0].indexOf(value);
      if (kind === 'phone' && value.replace(/\D/g, '').length < 8) continue;
      if (!free(index, index + value.length)) continue;
      taken.push([index, index + value.length]);
      found.push({ kind, text: value, index });
    }
  }
  return found.sort((a, b) => a.index - b.index);
}

const LABELS: Record<DetailKind, string> = {
  email: '[email]',
  link: '[link]',
  phone: '[phone]',
  address: '[address]',
  date: '[date]',
  amount: '[amount]',
  reference: '[number]',
};

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The parts of a person's name worth looking for: the whole name and each word of three letters or more. */
export function nameParts(name: string): string[] {
  const whole = name.trim();
  const words = whole.split(/\s+/).filter((w) => w.length >= 3);
  return [...new Set([whole, ...words])].filter(Boolean).sort((a, b) => b.length - a.length);
}

/** A name as a whole word, as written: "Past" the surname, not "PAST" or "past" the words. */
const nameRegExp = (name: string, flags = 'u') =>
  new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, flags);

/** Whether `text` names any of `names`. */
export function mentionsName(text: string, names: string[]): boolean {
  return names.some((n) => nameRegExp(n).test(text));
}

/**
 * The text with every detail replaced by its kind ("[email]", "[amount]") and every given name by "[name]":
 * what may leave for an outside AI service of a conversation that is not the one being answered.
 */
export function redact(text: string, names: string[] = []): string {
  let out = '';
  let at = 0;
  for (const d of findDetails(text)) {
    out += text.slice(at, d.index) + LABELS[d.kind];
    at = d.index + d.text.length;
  }
  out += text.slice(at);
  for (const n of names.flatMap(nameParts)) out = out.replace(nameRegExp(n, 'gu'), '[name]');
  return out;
}
