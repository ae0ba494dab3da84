import { z } from 'zod';

/**
 * The product's sentence for every validation problem a schema does not word itself. A schema that sets its
 * own message (`{ error: … }`, `.min(1, '…')`, a refine's message) keeps it: zod ranks a schema's message
 * above this map (`installProductSentences`). Without it, clients would read zod's own wording ("Too small:
 * expected number to be >0") in 422 answers and in the console's forms.
 */

/** What a value of each type is called in a sentence ("Must be a number."). */
const TYPES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  bigint: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  tuple: 'a list',
  object: 'an object',
  record: 'an object',
  map: 'an object',
  date: 'a date',
  literal: 'one of the values this field accepts',
};

/** What a text of each format is ("Must be a valid email address."). */
const FORMATS: Record<string, string> = {
  email: 'a valid email address',
  url: 'a valid URL, such as https://example.com',
  uuid: 'a valid UUID',
  guid: 'a valid UUID',
  datetime: 'a date and time in ISO 8601, such as 2026-11-21T10:15:00Z',
  date: 'a date as YYYY-MM-DD',
  time: 'a time as HH:MM',
  duration: 'an ISO 8601 duration',
  e164: 'a phone number in international form, such as +15551234567',
  ipv4: 'a valid IPv4 address',
  ipv6: 'a valid IPv6 address',
  base64: 'base64 text',
  base64url: 'base64url text',
  json_string: 'valid JSON',
  jwt: 'a valid token',
  lowercase: 'lowercase text',
  uppercase: 'uppercase text',
};

const REQUIRED = 'This field is required.';

/** `1 item`, `2 items`. */
const count = (n: number | bigint, unit: string) => `${n} ${unit}${Number(n) === 1 ? '' : 's'}`;

const UNITS: Record<string, string> = {
  string: 'character',
  array: 'item',
  set: 'item',
  map: 'entry',
  file: 'byte',
};

function sizeSentence(
  origin: string,
  bound: number | bigint,
  side: 'min' | 'max',
  inclusive: boolean,
  exact?: boolean,
) {
  const unit = UNITS[origin];
  if (unit) {
    const n = Number(bound);
    if (exact) return `Must be exactly ${count(n, unit)}.`;
    // An exclusive bound on a size is rare; said as the inclusive one next to it.
    const limit = inclusive ? n : side === 'min' ? n + 1 : n - 1;
    if (side === 'min') {
      if (limit === 1) return origin === 'string' ? REQUIRED : 'Must have at least one item.';
      return origin === 'string'
        ? `Must be at least ${count(limit, unit)}.`
        : `Must have at least ${count(limit, unit)}.`;
    }
    return origin === 'string'
      ? `Must be ${count(limit, unit)} or fewer.`
      : `Must have at most ${count(limit, unit)}.`;
  }
  const value = origin === 'date' ? new Date(Number(bound)).toISOString() : String(bound);
  if (exact) return `Must be exactly ${value}.`;
  if (origin === 'date')
    return side === 'min' ? `Must be on or after ${value}.` : `Must be on or before ${value}.`;
  if (side === 'min') return inclusive ? `Must be at least ${value}.` : `Must be more than ${value}.`;
  return inclusive ? `Must be at most ${value}.` : `Must be less than ${value}.`;
}

/** `"open"`, `3`: a value as a client would type it. */
const shown = (v: unknown) => (typeof v === 'string' ? `"${v}"` : String(v));

/** The sentence for one issue zod raised where the schema gave none. */
export function productSentence(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null) return REQUIRED;
      return `Must be ${TYPES[issue.expected] ?? 'a value this field accepts'}.`;
    case 'too_small':
      return sizeSentence(issue.origin, issue.minimum, 'min', issue.inclusive !== false, issue.exact);
    case 'too_big':
      return sizeSentence(issue.origin, issue.maximum, 'max', issue.inclusive !== false, issue.exact);
    case 'invalid_format':
      if (issue.format === 'starts_with' && 'prefix' in issue) return `Must start with "${issue.prefix}".`;
      if (issue.format === 'ends_with' && 'suffix' in issue) return `Must end with "${issue.suffix}".`;
      if (issue.format === 'includes' && 'includes' in issue) return `Must contain "${issue.includes}".`;
      return `Must be ${FORMATS[issue.format] ?? 'in the format this field takes'}.`;
    case 'invalid_value':
      if (issue.values.length === 1) return `Must be ${shown(issue.values[0])}.`;
      return `Must be one of ${issue.values.map(shown).join(', ')}.`;
    case 'not_multiple_of':
      return `Must be a multiple of ${issue.divisor}.`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length === 1 ? '' : 's'}: ${issue.keys.join(', ')}.`;
    case 'invalid_union':
      return issue.input === undefined ? REQUIRED : 'Is not a value this field accepts.';
    case 'invalid_key':
      return 'Has a key this field does not accept.';
    case 'invalid_element':
      return 'Holds a value this field does not accept.';
    default:
      return 'Is not a value this field accepts.';
  }
}

/**
 * Makes `productSentence` zod's wording for this process (server and console alike): below every schema's own
 * message, above zod's English defaults.
 */
export function installProductSentences() {
  z.config({ customError: productSentence });
}
