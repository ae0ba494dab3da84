import { describe, expect, it } from 'vitest';
import { repeatedWarning } from './repeated-warning.ts';

describe('a warning repeated while a dependency is down', () => {
  it('is written once per period, and the next says how many were left out', () => {
    let clock = 0;
    const written: { suppressed?: number }[] = [];
    const warn = repeatedWarning(5000, () => clock);
    for (let i = 0; i < 10; i++) {
      warn((extra) => written.push(extra));
      clock += 100;
    }
    expect(written).toEqual([{}]);
    clock = 5000;
    warn((extra) => written.push(extra));
    expect(written).toEqual([{}, { suppressed: 9 }]);
    clock = 20_000;
    warn((extra) => written.push(extra));
    expect(written).toEqual([{}, { suppressed: 9 }, {}]);
  });
});
