import { parsePhoneNumberFromString } from 'libphonenumber-js';

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
