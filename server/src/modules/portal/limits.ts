import type { Config } from '../../config.ts';
import { rateLimited } from '../../http/app-error.ts';
import { RateLimiter } from '../../lib/rate-limiter.ts';

export interface PortalLimiters {
  startIp: RateLimiter | null;
  messageIp: RateLimiter | null;
  messageToken: RateLimiter | null;
}

const limiter = (limit: number, windowMs: number) => (limit > 0 ? new RateLimiter(limit, windowMs) : null);

/** Built per app instance (not module-wide) so every app, and every test's app, counts from zero. */
export function createPortalLimiters(config: Config): PortalLimiters {
  const { startsPerIp, messagesPerIp, messagesPerToken, windowMs } = config.portalRateLimit;
  return {
    startIp: limiter(startsPerIp, windowMs),
    messageIp: limiter(messagesPerIp, windowMs),
    messageToken: limiter(messagesPerToken, windowMs),
  };
}

/** Counts one attempt, or refuses with 429 and Retry-After when the key has used up its window. */
export function spend(limiter: RateLimiter | null, key: string) {
  if (!limiter) return;
  const wait = limiter.retryAfter(key);
  if (wait > 0) throw rateLimited(wait);
  limiter.hit(key);
}
