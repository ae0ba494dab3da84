import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * What a person may put between a phone's digits without changing it: spaces of every kind, dashes, dots,
 * brackets, and invisible format characters (zero-width spaces and joiners, word joiner, byte-order mark,
 * bidirectional marks and overrides: Unicode's `Cf`). Nothing else is taken out: a letter, a slash or a
 * digit of another script makes the text no phone (issue 42).
 */
const FORMATTING = /[\s\p{Zs}\p{Cf}()[\]{}.\-\u2010-\u2015\u2212]/gu;

/**
 * Every phone that comes in (portal and widget start, the customers API, the API integration, SMS and
 * WhatsApp senders) is read here and nowhere else: the E.164 number, or null when the text is no possible
 * international number. Formatting is taken out (see `FORMATTING`); what is left must be `+` and digits
 * only, of a length the country code's numbers can have (`isPossible`, libphonenumber-js's default `min`
 * metadata: length, not number ranges, so a freshly assigned range is never refused), and the E.164 form
 * must be exactly those digits, so no number is stored other than it was typed (`+44 (0)20 …`, whose
 * trunk `0` libphonenumber drops, is refused rather than changed). A number without `+` is refused: the
 * product stores E.164 and knows no country to read a national number in (decision 042).
 */
export function readPhone(text: string): string | null {
  const compact = text.replace(FORMATTING, '');
  // E.164 is at most 15 digits; a longer text is refused before it is parsed.
  if (!/^\+[1-9]\d{1,15}$/.test(compact)) return null;
  const parsed = parsePhoneNumberFromString(compact);
  return parsed?.isPossible() && parsed.number === compact ? parsed.number : null;
}

/** Fewer digits than this identify no phone: they are a fragment, or a conversation's number. */
const PHONE_MIN_DIGITS = 6;

/**
 * The digits that identify a phone within its country: the national number of an international (E.164)
 * phone, or, for one stored without a country code, its digits without the trunk prefix `0`. Two phones
 * with the same national digits, one of them without a country code, are the same number once that
 * country is applied.
 */
export function nationalDigits(phone: string): { digits: string; international: boolean } | null {
  const international = phone.trim().startsWith('+');
  if (international) {
    const parsed = parsePhoneNumberFromString(phone);
    const digits = parsed ? String(parsed.nationalNumber) : '';
    return digits.length >= PHONE_MIN_DIGITS ? { digits, international } : null;
  }
  const digits = phone.replace(/\D/g, '').replace(/^0+/, '');
  return digits.length >= PHONE_MIN_DIGITS ? { digits, international } : null;
}

/**
 * The digits a search typed as a phone number looks for inside customers' phones, or null when the search
 * does not read as one (letters, `#`, fewer than six digits). Its national digits, so `020 7946 0958`,
 * `+44 20 7946 0958` and `7946 0958` all find `+442079460958` as well as `020 7946 0958`. An international
 * number too short to parse is looked for as typed, without its `+`.
 */
export function phoneSearchDigits(search: string): string | null {
  const text = search.trim();
  if (!/^\+?[\d\s().-]+$/.test(text)) return null;
  const national = nationalDigits(text);
  if (national) return national.digits;
  const digits = text.replace(/\D/g, '');
  return text.startsWith('+') && digits.length >= PHONE_MIN_DIGITS ? digits : null;
}
