import { describe, expect, it } from 'vitest';
import { toQueryString } from './query-string';

describe('toQueryString', () => {
  it('omits null, undefined and empty-string values', () => {
    expect(toQueryString({ a: null, b: undefined, c: '', d: 'x' })).toBe('?d=x');
  });

  it('keeps zero and false, which are values', () => {
    expect(toQueryString({ offset: 0, is_active: false })).toBe('?offset=0&is_active=false');
  });

  it('answers an empty string when nothing is left', () => {
    expect(toQueryString({})).toBe('');
    expect(toQueryString()).toBe('');
    expect(toQueryString({ search: '' })).toBe('');
  });

  it('encodes values', () => {
    expect(toQueryString({ search: 'a b&c', redirect: '/x?y=1' })).toBe(
      '?search=a+b%26c&redirect=%2Fx%3Fy%3D1',
    );
  });
});
