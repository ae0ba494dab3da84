import { describe, expect, it } from 'vitest';
import { nationalDigits, phoneSearchDigits } from './phone.ts';

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
