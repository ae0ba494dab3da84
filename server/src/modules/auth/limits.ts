import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { rateLimited } from '../../http/app-error.ts';
import { type Limiter, sharedLimiter } from '../../lib/rate-limiter.ts';

/** Reset mails one address may receive per window: enough for a lost mail, too few to flood an inbox. */
export const RESET_MAILS_PER_EMAIL = 3;

export interface AuthLimiters {
  loginIp: Limiter;
  loginEmail: Limiter;
  resetIp: Limiter;
  resetEmail: Limiter;
}

/** Counted in the database, so every server process sees the same attempts (decision 022). */
export function createAuthLimiters(db: Db, config: Config): AuthLimiters {
  const { perIp, perEmail, windowMs } = config.loginRateLimit;
  return {
    loginIp: sharedLimiter(db, 'login-ip', perIp, windowMs),
    loginEmail: sharedLimiter(db, 'login-email', perEmail, windowMs),
    resetIp: sharedLimiter(db, 'reset-ip', perIp, windowMs),
    resetEmail: sharedLimiter(db, 'reset-email', RESET_MAILS_PER_EMAIL, windowMs),
  };
}

export const emailKey = (email: string) => email.trim().toLowerCase();

/** Sign-in and reset limits count attempts, so their sentence says so. */
export const tooManyAttempts = (seconds: number) =>
  rateLimited(seconds, 'Too many attempts. Please try again later.');
