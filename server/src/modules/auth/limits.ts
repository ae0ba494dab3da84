import type { Config } from '../../config.ts';
import { rateLimited } from '../../http/app-error.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';

/** Reset mails one address may receive per window: enough for a lost mail, too few to flood an inbox. */
export const RESET_MAILS_PER_EMAIL = 3;

export interface AuthLimiters {
  loginIp: RateLimiter;
  loginEmail: RateLimiter;
  resetIp: RateLimiter;
  resetEmail: RateLimiter;
}

/** Built per app instance (not module-wide) so every app, and every test's app, counts from zero. */
export function createAuthLimiters(config: Config): AuthLimiters {
  const { perIp, perEmail, windowMs } = config.loginRateLimit;
  return {
    loginIp: new RateLimiter(perIp, windowMs),
    loginEmail: new RateLimiter(perEmail, windowMs),
    resetIp: new RateLimiter(perIp, windowMs),
    resetEmail: new RateLimiter(RESET_MAILS_PER_EMAIL, windowMs),
  };
}

export const emailKey = (email: string) => email.trim().toLowerCase();

/** Sign-in and reset limits count attempts, so their sentence says so. */
export const tooManyAttempts = (seconds: number) =>
  rateLimited(seconds, 'Too many attempts. Please try again later.');
