/**
 * Phones as people and systems send them (issue 42), for every entry point's tests: each text that is no
 * possible international number, and numbers of several countries in assorted formatting, with the E.164
 * each must be stored as.
 */
export const NOT_PHONES: [string, string][] = [
  ['right-to-left override around letters', '+1 555 rtl\u202Egnp.exe\u202C 0100'],
  ['letters', 'call me maybe'],
  ['a vanity number', '+1 800 FLOWERS'],
  ['no country code', '020 7946 0958'],
  ['too short for its country', '+44 20 79'],
  ['too long for its country', '+44 20 7946 0958 123'],
  ['a trunk zero that would be dropped', '+44 (0)20 7946 0958'],
  ['a slash', '+49 30/1234567'],
  ['an extension', '+1 415 555 0100 ext 12'],
];

export const PHONES: [string, string][] = [
  ['+44\u200B20\u200C7946\u200D0958', '+442079460958'],
  ['\uFEFF+1 (415) 555\u20600100', '+14155550100'],
  ['+33 1.23.45.67.89', '+33123456789'],
  ['+81 3-1234-5678', '+81312345678'],
  ['+49\u00A0151\u200923456789', '+4915123456789'],
  ['+91 98765 43210', '+919876543210'],
  ['+55 (11) 91234-5678', '+5511912345678'],
  [' +61 2 9876 5432 ', '+61298765432'],
];
