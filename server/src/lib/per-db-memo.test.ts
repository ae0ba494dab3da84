import { describe, expect, it } from 'vitest';
import { perDbMemo } from './per-db-memo.ts';

describe('perDbMemo', () => {
  it('keeps each database handle’s values apart', () => {
    const memo = perDbMemo<number>(10);
    const one = {};
    const two = {};
    memo.set(one, 'k', 1);
    expect(memo.get(one, 'k')).toBe(1);
    expect(memo.get(two, 'k')).toBeUndefined();
  });

  it('drops the least recently used value past its size, counting reads as use', () => {
    const memo = perDbMemo<string>(2);
    const db = {};
    memo.set(db, 'a', 'A');
    memo.set(db, 'b', 'B');
    expect(memo.get(db, 'a')).toBe('A');
    memo.set(db, 'c', 'C');
    expect(memo.get(db, 'b')).toBeUndefined();
    expect(memo.get(db, 'a')).toBe('A');
    expect(memo.get(db, 'c')).toBe('C');
  });

  it('forgets a deleted value and replaces a value set again', () => {
    const memo = perDbMemo<string>(2);
    const db = {};
    memo.set(db, 'a', 'A');
    memo.set(db, 'a', 'A2');
    expect(memo.get(db, 'a')).toBe('A2');
    memo.delete(db, 'a');
    expect(memo.get(db, 'a')).toBeUndefined();
  });
});
