import { PASSWORD_RESET_ANSWER } from '@inbox/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { dataOf, errorOf } from '../../../test/answers.ts';
import { useTestApp } from '../../../test/app.ts';
import { createUser, PASSWORD } from '../../../test/factories.ts';
import { passwordResets } from '../../db/schema/index.ts';
import { RESET_MAILS_PER_EMAIL } from './limits.ts';

const t = useTestApp({ loginRateLimit: { perIp: 5, perEmail: 3, windowMs: 60_000 } });

/**
 * The limits count in windows aligned to the clock (`lib/rate-limiter.ts`): a test that starts in a window's
 * last seconds waits for the next, or its attempts would be split between two windows and the limit never
 * reached (it failed so once in CI).
 */
beforeEach(async () => {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
});

/** Each test speaks from its own address, so the per-IP counters of one do not leak into another. */
const post = async (ip: string, path: string, body: unknown) => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1${path}`,
    remoteAddress: ip,
    payload: body as object,
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};

/** The status of one login attempt. */
const attempt = async (ip: string, email: string, password: string) =>
  (await post(ip, '/auth/login', { email, password })).status;

describe('login rate limits', () => {
  it('stops an email after its failed attempts, before the password is even checked', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 3; i++) expect(await attempt('10.0.1.1', user.email, 'wrong-one')).toBe(401);
    const res = await post('10.0.1.2', '/auth/login', {
      email: user.email.toUpperCase(),
      password: PASSWORD,
    });
    expect(errorOf(res, 429).code).toBe('RATE_LIMITED');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('forgets an email’s failures once it signs in', async () => {
    const user = await createUser(t.db);
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) expect(await attempt(`10.0.2.${round}`, user.email, 'wrong')).toBe(401);
      expect(await attempt('10.0.2.9', user.email, PASSWORD)).toBe(200);
    }
  });

  it('stops an address that fails across many emails, and only that address', async () => {
    for (let i = 0; i < 5; i++) expect(await attempt('10.0.3.1', `guess-${i}@example.test`, 'x')).toBe(401);
    const user = await createUser(t.db);
    const blocked = await post('10.0.3.1', '/auth/login', { email: user.email, password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.headers['retry-after']).toMatch(/^\d+$/);
    expect(await attempt('10.0.3.2', user.email, PASSWORD)).toBe(200);
  });

  it('does not count successful sign-ins against the address', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 8; i++) expect(await attempt('10.0.4.1', user.email, PASSWORD)).toBe(200);
  });
});

describe('password reset rate limits', () => {
  it('mails one address a few times, then answers the same without mailing', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < RESET_MAILS_PER_EMAIL + 2; i++) {
      const res = await post(`10.0.5.${i}`, '/auth/password_reset', { email: user.email });
      expect(dataOf(res)).toEqual({ code: 'success', message: PASSWORD_RESET_ANSWER });
    }
    const rows = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(RESET_MAILS_PER_EMAIL);
  });

  it('answers 429 with Retry-After to an address past its limit', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await post('10.0.6.1', '/auth/password_reset', { email: `someone-${i}@example.test` });
      expect(res.status).toBe(200);
    }
    const res = await post('10.0.6.1', '/auth/password_reset', { email: 'someone-else@example.test' });
    expect(errorOf(res, 429).code).toBe('RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
