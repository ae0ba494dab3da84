import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sha256 } from './tokens.ts';

/**
 * Rate limits every server process shares (decision 022), counted in fixed windows aligned to the clock in
 * the `rate_limits` table. Keys are hashed before they are stored.
 */
export interface Limiter {
  /** Seconds until the key may try again, or 0 when it is under its limit. */
  retryAfter(key: string): Promise<number>;
  hit(key: string): Promise<void>;
  reset(key: string): Promise<void>;
}

const windowStart = (windowMs: number) =>
  sql`to_timestamp(floor(extract(epoch from now()) * 1000 / ${windowMs}::float8) * ${windowMs}::float8 / 1000)`;
const secondsLeft = (windowMs: number) =>
  sql`ceil(extract(epoch from window_start + make_interval(secs => ${windowMs / 1000}::float8) - now()))::int`;

/** Adds `n` to the keys' counts in the current window (a new window starts from `n`); answers the counts. */
async function add(db: Db, scope: string, keys: Map<string, number>, windowMs: number) {
  const rows = [...keys].map(([k, n]) => sql`(${scope}, ${k}, ${windowStart(windowMs)}, ${n}::int)`);
  const res = await db.execute<{ key: string; count: number; seconds_left: number }>(sql`
    insert into rate_limits (scope, key, window_start, count)
    values ${sql.join(rows, sql`, `)}
    on conflict (scope, key) do update set
      count = case when rate_limits.window_start = excluded.window_start
        then rate_limits.count + excluded.count else excluded.count end,
      window_start = excluded.window_start
    returning key, count, ${secondsLeft(windowMs)} as seconds_left`);
  return res.rows;
}

/** Every check and hit is a statement: for sign-in, reset mails and portal starts (rare, and worth exactness). */
export function sharedLimiter(db: Db, scope: string, limit: number, windowMs: number): Limiter {
  return {
    async retryAfter(key) {
      const res = await db.execute<{ count: number; seconds_left: number }>(sql`
        select count, ${secondsLeft(windowMs)} as seconds_left
        from rate_limits
        where scope = ${scope} and key = ${sha256(key)} and window_start = ${windowStart(windowMs)}`);
      const row = res.rows[0];
      return row && Number(row.count) >= limit ? Math.max(1, Number(row.seconds_left)) : 0;
    },
    async hit(key) {
      await add(db, scope, new Map([[sha256(key), 1]]), windowMs);
    },
    async reset(key) {
      await db.execute(sql`delete from rate_limits where scope = ${scope} and key = ${sha256(key)}`);
    },
  };
}

/**
 * Counts one try of `key` unless it has used up its window: answers the seconds to wait (the try is then not
 * counted), or 0 once counted. For calls refused with 429 and Retry-After while over the limit.
 */
export async function tryOnce(limiter: Limiter, key: string): Promise<number> {
  const wait = await limiter.retryAfter(key);
  if (wait === 0) await limiter.hit(key);
  return wait;
}

/**
 * For a hot path (portal messages): decides in memory from the last counts it read, and adds this process's
 * hits to the shared counts in one statement every `flushMs`. Across processes a key can overshoot by what
 * the others let through in one flush interval; in one process it is exact.
 */
export function batchedLimiter(db: Db, scope: string, limit: number, windowMs: number, flushMs = 250) {
  const known = new Map<string, { count: number; until: number }>();
  const pending = new Map<string, number>();
  let flushing: Promise<void> | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const currentWindowEnd = (now: number) => (Math.floor(now / windowMs) + 1) * windowMs;

  const flush = async () => {
    timer = undefined;
    if (pending.size === 0) return;
    const batch = new Map(pending);
    pending.clear();
    try {
      for (const row of await add(db, scope, batch, windowMs)) {
        known.set(row.key, { count: Number(row.count), until: Date.now() + Number(row.seconds_left) * 1000 });
      }
    } catch {
      // The database is away: keep counting here, and add these hits with the next flush.
      for (const [k, n] of batch) pending.set(k, (pending.get(k) ?? 0) + n);
    }
    if (known.size > 100_000) {
      const now = Date.now();
      for (const [k, v] of known) if (v.until <= now) known.delete(k);
    }
  };

  return {
    /** Counts one attempt; answers the seconds to wait (and counts nothing) when the key is over its limit. */
    spend(key: string): number {
      const now = Date.now();
      const k = sha256(key);
      const seen = known.get(k);
      const shared = seen && seen.until > now ? seen.count : 0;
      if (!seen || seen.until <= now) known.set(k, { count: 0, until: currentWindowEnd(now) });
      const mine = pending.get(k) ?? 0;
      if (shared + mine >= limit) return Math.max(1, Math.ceil(((seen?.until ?? now) - now) / 1000));
      // Hits not yet flushed count here too, so within one process the limit is exact.
      pending.set(k, mine + 1);
      timer ??= setTimeout(() => {
        flushing = flush().finally(() => {
          flushing = null;
        });
      }, flushMs);
      return 0;
    },
    async stop() {
      clearTimeout(timer);
      await flushing;
      await flush();
    },
  };
}

export type BatchedLimiter = ReturnType<typeof batchedLimiter>;
