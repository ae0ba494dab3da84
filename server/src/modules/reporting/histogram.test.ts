import { describe, expect, it } from 'vitest';
import { bucketOf, DURATION_BUCKETS, emptyHistogram, estimatedStats } from './histogram.ts';

const histogramOf = (values: number[]) => {
  const h = emptyHistogram();
  for (const v of values) h[bucketOf(v)]! += 1;
  return h;
};

describe('duration histograms', () => {
  it('puts a value in the first bucket whose upper bound holds it, and the rest in the last', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(5)).toBe(0);
    expect(bucketOf(6)).toBe(1);
    expect(bucketOf(3600)).toBe(DURATION_BUCKETS.indexOf(3600));
    expect(bucketOf(10_000_000)).toBe(DURATION_BUCKETS.length);
  });

  it('estimates median and p90 inside the right buckets, with the exact average', () => {
    const values = [20, 25, 40, 100, 100, 110, 500, 700, 3000, 90_000];
    const stats = estimatedStats(
      values.length,
      values.reduce((a, b) => a + b, 0),
      histogramOf(values),
    );
    expect(stats.avg_s).toBe(9459.5);
    expect(stats.estimated).toBe(true);
    // The exact median is 105 and p90 3000: the estimates fall in the buckets that hold them.
    expect(stats.median_s).toBeGreaterThanOrEqual(90);
    expect(stats.median_s).toBeLessThanOrEqual(120);
    expect(stats.p90_s).toBeGreaterThan(2700);
    expect(stats.p90_s).toBeLessThanOrEqual(3600);
  });

  it('answers nulls for nothing', () => {
    expect(estimatedStats(0, 0, emptyHistogram())).toEqual({ avg_s: null, median_s: null, p90_s: null });
  });
});
