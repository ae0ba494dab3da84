import { describe, expect, it } from 'vitest';
import { countAxis, durationAxis } from './axis';

const labels = (axis: ReturnType<typeof durationAxis>) => axis.ticks.map(axis.format);

describe('chart axes on round values', () => {
  it('puts response times on round durations, not on the data range split evenly', () => {
    // The axis: a top value of 1.7 h read 33 min, 1.1 h, 1.7 h.
    expect(labels(durationAxis(6120))).toEqual(['0', '30 min', '60 min', '90 min', '120 min']);
    expect(durationAxis(6120).domain).toEqual([0, 7200]);
    expect(labels(durationAxis(1980))).toEqual(['0', '10 min', '20 min', '30 min', '40 min']);
    expect(labels(durationAxis(45))).toEqual(['0', '10 s', '20 s', '30 s', '40 s', '50 s']);
    expect(labels(durationAxis(70 * 60))).toEqual(['0', '15 min', '30 min', '45 min', '60 min', '75 min']);
    expect(labels(durationAxis(5 * 3600))).toEqual(['0', '1 h', '2 h', '3 h', '4 h', '5 h']);
    expect(labels(durationAxis(20 * 3600))).toEqual(['0', '6 h', '12 h', '18 h', '24 h']);
    expect(labels(durationAxis(2.5 * 86_400))).toEqual(['0', '1 d', '2 d', '3 d']);
    expect(labels(durationAxis(12 * 86_400))).toEqual(['0', '5 d', '10 d', '15 d']);
  });

  it('puts counts on 1, 2 or 5 times a power of ten, whole numbers only', () => {
    expect(countAxis(3).ticks).toEqual([0, 1, 2, 3]);
    expect(countAxis(7).ticks).toEqual([0, 2, 4, 6, 8]);
    expect(countAxis(10).ticks).toEqual([0, 2, 4, 6, 8, 10]);
    expect(countAxis(38).ticks).toEqual([0, 10, 20, 30, 40]);
    expect(countAxis(1234).ticks).toEqual([0, 500, 1000, 1500]);
    expect(countAxis(1234).domain).toEqual([0, 1500]);
  });

  it('keeps the top tick at or above every value, with at most five steps', () => {
    for (const max of [1, 59, 61, 599, 3599, 3601, 43_201, 86_399, 86_401, 1e6]) {
      const axis = durationAxis(max);
      expect(axis.domain[1]).toBeGreaterThanOrEqual(max);
      expect(axis.ticks.length - 1).toBeLessThanOrEqual(5);
      expect(axis.ticks.at(-1)).toBe(axis.domain[1]);
    }
    for (const max of [1, 9, 11, 99, 101, 999_999]) {
      expect(countAxis(max).domain[1]).toBeGreaterThanOrEqual(max);
      expect(countAxis(max).ticks.length - 1).toBeLessThanOrEqual(5);
    }
  });

  it('draws an axis of one step for nothing but zeros (an average of 0 s is a value)', () => {
    expect(labels(durationAxis(0))).toEqual(['0', '1 s']);
    expect(countAxis(0).ticks).toEqual([0, 1]);
  });
});
