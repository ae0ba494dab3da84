import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { batchedLimiter, sharedLimiter } from './rate-limiter.ts';

/** Two limiters on one database stand for two server processes (decision 022). */
const t = useTestApp();

describe('shared rate limits', () => {
  it('counts attempts made through different processes together, and refuses with the seconds left', async () => {
    const a = sharedLimiter(t.db, 'test-login', 3, 60_000);
    const b = sharedLimiter(t.db, 'test-login', 3, 60_000);
    await a.hit('203.0.113.9');
    await b.hit('203.0.113.9');
    expect(await a.retryAfter('203.0.113.9')).toBe(0);
    await a.hit('203.0.113.9');
    const wait = await b.retryAfter('203.0.113.9');
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // Another key, and another scope, are counted apart.
    expect(await b.retryAfter('203.0.113.10')).toBe(0);
    expect(await sharedLimiter(t.db, 'test-other', 3, 60_000).retryAfter('203.0.113.9')).toBe(0);
    await b.reset('203.0.113.9');
    expect(await a.retryAfter('203.0.113.9')).toBe(0);
  });

  it('stores no address or email, only their hashes', async () => {
    await sharedLimiter(t.db, 'test-hash', 3, 60_000).hit('someone@example.test');
    const rows = await t.db.execute<{ key: string }>(
      sql`select key from rate_limits where scope = 'test-hash'`,
    );
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.key).not.toContain('example');
  });

  it('starts over in a new window', async () => {
    const a = sharedLimiter(t.db, 'test-window', 1, 60_000);
    await a.hit('k');
    expect(await a.retryAfter('k')).toBeGreaterThan(0);
    await t.db.execute(
      sql`update rate_limits set window_start = window_start - interval '1 minute' where scope = 'test-window'`,
    );
    expect(await a.retryAfter('k')).toBe(0);
    await a.hit('k');
    const row = await t.db.execute<{ count: number }>(
      sql`select count from rate_limits where scope = 'test-window'`,
    );
    expect(Number(row.rows[0]!.count)).toBe(1);
  });

  it('on the hot path, is exact within a process and shares its counts with the others at each flush', async () => {
    const a = batchedLimiter(t.db, 'test-messages', 5, 60_000, 20);
    const b = batchedLimiter(t.db, 'test-messages', 5, 60_000, 20);
    for (let i = 0; i < 5; i++) expect(a.spend('token-1')).toBe(0);
    expect(a.spend('token-1')).toBeGreaterThan(0);
    await a.stop();
    // b has not seen the key yet: its first hit reads the shared count at the next flush.
    expect(b.spend('token-1')).toBe(0);
    await b.stop();
    expect(b.spend('token-1')).toBeGreaterThan(0);
    await b.stop();
  });
});
