/**
 * Personal details and checkable facts in support text: what must not travel from one customer's
 * conversation into another's suggestion, nor leave for an outside AI service. Pattern-based (decisions 016
 * and 043): it finds the shapes support mail uses (emails, phone numbers, links, street lines and postal
 * codes of many countries, IBANs, payment cards, order and ticket numbers, amounts, dates), not every way a
 * person can be named. `findDetails` is the one detector both AI paths use: `redact` below for the examples
 * a prompt carries, and `facts.ts` for the sentences an offline or AI suggestion may keep.
 */

export type DetailKind =
  | 'email'
  | 'link'
  | 'iban'
  | 'card'
  | 'phone'
  | 'address'
  | 'postcode'
  | 'date'
  | 'amount'
  | 'reference';

export interface Detail {
  kind: DetailKind;
  text: string;
  index: number;
}

const MONTH =
  '(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const DAY = '\\d{1,2}(?:st|nd|rd|th)?';
/** Words either case ("Street", "street"): the patterns are case-sensitive so that a name must be capitalised. */
const eitherCase = (words: string) =>
  `(?:${words
    .split(' ')
    .map((w) => `[${w[0]!.toUpperCase()}${w[0]}]${w.slice(1).replace(/\./g, '\\.')}`)
    .join('|')})`;
/** A capitalised word of a place name ("Baker", "São", "Champs-Élysées", "O'Connell"). */
const PLACE_WORD = "[\\p{Lu}][\\p{L}'’-]*";
const NUMBER_FIRST_STREET = eitherCase(
  'street st road rd avenue ave lane ln boulevard blvd drive dr way court ct place pl square sq terrace close crescent',
);
/** French-speaking street lines put the number first and the street word before the name ("12 rue de la Paix"). */
const ROMANCE_NUMBER_FIRST = eitherCase(
  'rue avenue boulevard bd chemin impasse allée quai route place cours',
);
/**
 * Street words that come before the name and the number after ("Calle Mayor 5", "Via Roma 10", "Rua Augusta
 * 100", "Av. Paulista, 1578", "ul. Marszałkowska 10"): written capitalised ("via" is an English word), the
 * Polish abbreviations lower case as Poles write them.
 */
const NAME_FIRST =
  '(?:Calle|C/|Avenida|Avda\\.|Av\\.|Plaza|Paseo|Carrer|Via|Viale|Piazza|Corso|Largo|Rua|Travessa|Praça|Alameda|Rodovia|Estrada|ul\\.|al\\.|Ulica)';
const PARTICLE = '(?:de|del|la|las|los|da|do|dos|das|di|della|dei|delle|du|des|le|les)';
/** Street names ending in their street word, number after: German (also "Karl-Marx-Straße"), Dutch, Scandinavian. */
const SUFFIX =
  '(?:straße|strasse|str\\.|weg|gasse|platz|allee|straat|gracht|laan|plein|kade|singel|vej|gade|gatan|vägen|gata|veien|vegen|-(?:Straße|Strasse|Str\\.|Weg|Gasse|Platz|Allee))';

/**
 * Street lines and postal codes of the countries support mail comes from (the test corpus in redact.test.ts
 * names them). Postal codes that are bare digit runs of four or more (US, German, French, Indian…) are
 * already references; these patterns catch the shapes with letters, spaces or dashes.
 */
const STREET_LINES = [
  `\\b\\d{1,5}[a-zA-Z]?\\s+(?:${PLACE_WORD}\\s+){1,4}${NUMBER_FIRST_STREET}\\b\\.?(?:\\s(?:NW|NE|SW|SE)\\b)?`,
  `\\b\\d{1,5}(?:\\s?(?:bis|ter))?,?\\s+${ROMANCE_NUMBER_FIRST}(?:\\s+(?:${PARTICLE}\\b|[dl]['’]${PLACE_WORD}|${PLACE_WORD})){1,6}`,
  `${NAME_FIRST}(?:\\s+(?:${PARTICLE}|${PLACE_WORD})){1,5},?\\s+(?:n[º°o.]\\s*)?\\d{1,5}[a-zA-Z]?\\b`,
  `\\b${PLACE_WORD}${SUFFIX}\\s+\\d+[a-z]?\\b`,
  // Japanese block numbers after the district: 千代田1-1, 3丁目5番2号.
  '(?<=\\p{Script=Han})\\d{1,4}(?:丁目|-)\\d{1,4}(?:番地?|-)?(?:\\d{1,4}号?)?',
  '\\b(?:Flat|Apt\\.?|Apartment|Unit|Suite|P\\.?\\s?O\\.? Box|Postfach|Apartado|Caixa Postal)\\s*#?\\d+[A-Za-z]?\\b',
];

/** Units that follow a number the way Dutch postcode letters do ("2000 MB"): not postcodes. */
const UNITS = '(?:MB|GB|KB|TB|PM|AM|KG|KM|CM|MM|ML|EU|US|UK|PC|TV|HP|PS)';
/** A code of digits and dashes alone, not a piece of a longer number ("555-123-4567" is a phone number). */
const lone = (pattern: string) => `(?<![\\d+][-. /]?)(?:${pattern})(?![-. /]?\\d)`;
const POSTCODES = [
  // Ireland's Eircode (T12 X70A, D6W 1234).
  '\\b(?:[AC-FHKNPRTV-Y]\\d{2}|D6W)\\s?[0-9AC-FHKNPRTV-Y]{4}\\b',
  // United Kingdom (SW1A 1AA, EC1A1BB) and Canada (K1M 1M4).
  '\\b[A-Z]{1,2}\\d[A-Z\\d]?\\s?\\d[A-Z]{2}\\b',
  '\\b[ABCEGHJ-NPRSTVXY]\\d[ABCEGHJ-NPRSTV-Z]\\s?\\d[ABCEGHJ-NPRSTV-Z]\\d\\b',
  // The Netherlands (1015 CJ).
  `\\b[1-9]\\d{3}\\s?(?!${UNITS}\\b)[A-Z]{2}\\b`,
  // US ZIP+4 and a state with its ZIP (DC 20500), Brazil's CEP (01310-200), Portugal (1100-053).
  '\\b[A-Z]{2}\\s\\d{5}(?:-\\d{4})?\\b',
  lone('\\b\\d{5}-\\d{4}\\b|\\b\\d{5}-\\d{3}\\b|\\b\\d{4}-\\d{3}\\b'),
  // Japan (〒100-0001, 100-0001).
  `〒\\s?\\d{3}-?\\d{4}|${lone('\\b\\d{3}-\\d{4}\\b')}`,
  // Poland (00-590) and Sweden (111 51) before their town; India's PIN written in two (Bengaluru 560 001).
  lone('\\b\\d{2}-\\d{3}(?=\\s+\\p{Lu})|\\b\\d{3}\\s\\d{2}(?=\\s+\\p{Lu})'),
  '(?<=\\p{L},?\\s(?:-\\s)?)[1-9]\\d{2}\\s\\d{3}\\b',
];

/** Earlier kinds win where matches overlap (an email holds a domain a link pattern would also take). */
const PATTERNS: Array<[DetailKind, RegExp]> = [
  // From the start of a run only: tried from every character, a long run without "@" is scanned again and
  // again (10 KB of "a-a-" took 90 ms); the reference pattern's lookaheads look 40 characters ahead at most.
  ['email', /(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu],
  ['link', /\b(?:https?:\/\/|www\.)[^\s<>"')\]]+[^\s<>"')\].,;:!?]/giu],
  // An IBAN: country, check digits, then up to 30 letters and digits, printed in groups of four or not.
  ['iban', /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){2,7}(?: ?[A-Z0-9]{1,4})?\b/gu],
  // A payment card's 13 to 19 digits in groups (4111 1111 1111 1111, Amex 3782 822463 10005).
  ['card', /\b\d{4}(?:[ -]?\d{4}){2,3}(?:[ -]?\d{1,3})?\b|\b\d{4}[ -]?\d{6}[ -]?\d{5}\b/gu],
  ['address', new RegExp(STREET_LINES.join('|'), 'gu')],
  ['postcode', new RegExp(POSTCODES.join('|'), 'gu')],
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
  // Not from inside a token: "ORD-2026-00042" is one order id, not "ORD-" and a phone number.
  ['phone', /(?<![\p{L}\p{N}-])(?:\+|\b00)?\(?\d[\d\s()./-]{6,}\d\b/gu],
  [
    'reference',
    /#\s?[\p{L}\p{N}-]*\d[\p{L}\p{N}-]*|\b(?:order|ticket|invoice|case|reference|ref|tracking|booking|account)\s*(?:number|no\.?|nr\.?|id)?\s*[:#]?\s*[A-Z]*\d[\p{L}\p{N}-]*|\b(?=[A-Z-]{0,40}\d)(?=[\d-]{0,40}[A-Z])[A-Z0-9][A-Z0-9-]{4,}\b|\b\d{4,}\b/giu,
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
  postcode: '[postcode]',
  iban: '[iban]',
  card: '[card]',
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
