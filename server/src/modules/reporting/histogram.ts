import type { TimeStats } from '@inbox/contract';

/**
 * Upper bounds (seconds) of the duration buckets the daily rollups count in: finer where answers usually
 * fall, coarser over days. Bucket i holds values up to DURATION_BUCKETS[i]; the last one everything above.
 */
export const DURATION_BUCKETS = [
  5, 10, 15, 30, 45, 60, 90, 120, 180, 300, 450, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200, 10800, 14400,
  21600, 28800, 43200, 64800, 86400, 129600, 172800, 259200, 345600, 604800, 1209600,
];
const SIZE = DURATION_BUCKETS.length + 1;

export const emptyHistogram = () => new Array<number>(SIZE).fill(0);

export function bucketOf(seconds: number): number {
  const i = DURATION_BUCKETS.findIndex((upper) => seconds <= upper);
  return i === -1 ? DURATION_BUCKETS.length : i;
}

/** The value at a nearest rank, placed linearly inside its bucket (an estimate for long periods). */
function valueAtRank(hist: readonly number[], rank: number): number {
  let seen = 0;
  for (let i = 0; i < SIZE; i++) {
    const n = hist[i] ?? 0;
    if (n > 0 && seen + n >= rank) {
      const lower = i === 0 ? 0 : DURATION_BUCKETS[i - 1]!;
      const upper = DURATION_BUCKETS[i] ?? lower;
      return Math.round(lower + ((upper - lower) * (rank - seen)) / n);
    }
    seen += n;
  }
  return 0;
}

/** avg (exact, from the sum), median and p90 (estimated from the histogram), as `TimeStats`. */
export function estimatedStats(n: number, sum: number, hist: readonly number[]): TimeStats {
  if (n === 0) return { avg_s: null, median_s: null, p90_s: null };
  const median =
    n % 2 === 1
      ? valueAtRank(hist, (n + 1) / 2)
      : (valueAtRank(hist, n / 2) + valueAtRank(hist, n / 2 + 1)) / 2;
  return {
    avg_s: Math.round((sum / n) * 10) / 10,
    median_s: median,
    p90_s: valueAtRank(hist, Math.ceil(0.9 * n)),
    estimated: true,
  };
}
