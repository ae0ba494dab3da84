import { describe, expect, it } from 'vitest';
import { isoFromDb } from './timestamps.ts';

describe('isoFromDb', () => {
  it('answers what Date would, for every form the database gives', () => {
    for (const text of [
      '2026-11-25 23:48:37.123456+00',
      '2026-11-25 23:48:37.1+00',
      '2026-11-25 23:48:37+00',
      '2026-01-02 03:04:05.999999+00:00',
      '2026-11-25 23:48:37.5+02',
      '2026-11-25 23:48:37.123-05:30',
    ]) {
      expect(isoFromDb(text), text).toBe(new Date(text).toISOString());
    }
    const d = new Date('2026-03-29T01:30:00.250Z');
    expect(isoFromDb(d)).toBe('2026-03-29T01:30:00.250Z');
  });
});
