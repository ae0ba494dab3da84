import { describe, expect, it } from 'vitest';
import { NOT_PHONES, PHONES } from '../../test/phones.ts';
import { nationalDigits, phoneSearchDigits, readPhone } from './phone.ts';

describe('reading a phone', () => {
  it('takes out formatting and invisible characters and answers E.164', () => {
    for (const [typed, e164] of PHONES) expect(readPhone(typed), JSON.stringify(typed)).toBe(e164);
    // Unicode dashes and spaces are formatting too.
    expect(readPhone('+44\u201320\u20137946\u20130958')).toBe('+442079460958');
    expect(readPhone('+1\u2010415\u2011555\u20120100')).toBe('+14155550100');
  });

  it('refuses what is no possible international number, rather than store it changed', () => {
    for (const [what, text] of NOT_PHONES) expect(readPhone(text), what).toBeNull();
    for (const other of ['', '+', '+0 20 7946 0958', '\u200B', '+44\u00AD20\u00AD7946\u00AD0958x']) {
      expect(readPhone(other), JSON.stringify(other)).toBeNull();
    }
  });
});

describe('phone digits', () => {
  it('gives a phone without a country code the digits of the same number written internationally', () => {
    expect(nationalDigits('+49 151 23456789')).toEqual({ digits: '15123456789', international: true });
    expect(nationalDigits('0151 2345 6789')).toEqual({ digits: '15123456789', international: false });
    expect(nationalDigits('12')).toBeNull();
  });

  it('reads a search as a phone number only when it is one, by its national digits', () => {
    expect(phoneSearchDigits('+44 20 7946 0958')).toBe('2079460958');
    expect(phoneSearchDigits('020 7946 0958')).toBe('2079460958');
    expect(phoneSearchDigits('(020) 7946-0958')).toBe('2079460958');
    expect(phoneSearchDigits(' 7946 0958 ')).toBe('79460958');
    // Too short for the country to read: looked for as typed.
    expect(phoneSearchDigits('+44 20 79')).toBe('442079');
    // A conversation's number, a fragment, words, an email: not a phone.
    for (const other of ['63150', '#1234567', '0958', 'call 0207946', 'a@b.test', '+', '']) {
      expect(phoneSearchDigits(other), other).toBeNull();
    }
  });
});
