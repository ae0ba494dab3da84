import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { rateLimited } from '../../http/app-error.ts';
import {
  type BatchedLimiter,
  batchedLimiter,
  type Limiter,
  sharedLimiter,
  tryOnce,
} from '../../lib/rate-limiter.ts';

export interface PortalLimiters {
  startIp: Limiter | null;
  messageIp: BatchedLimiter | null;
  messageToken: BatchedLimiter | null;
  stop(): Promise<void>;
}

/**
 * Shared by every server process (decision 022): starts are counted in the database one by one; messages,
 * on the hot path, in memory and added to the shared counts every 250 ms. A limit of 0 is off.
 */
export function createPortalLimiters(db: Db, config: Config): PortalLimiters {
  const { startsPerIp, messagesPerIp, messagesPerToken, windowMs } = config.portalRateLimit;
  const batched = (scope: string, limit: number) =>
    limit > 0 ? batchedLimiter(db, scope, limit, windowMs) : null;
  const messageIp = batched('portal-message-ip', messagesPerIp);
  const messageToken = batched('portal-message-token', messagesPerToken);
  return {
    startIp: startsPerIp > 0 ? sharedLimiter(db, 'portal-start-ip', startsPerIp, windowMs) : null,
    messageIp,
    messageToken,
    async stop() {
      await messageIp?.stop();
      await messageToken?.stop();
    },
  };
}

/** Counts one message, or refuses with 429 and Retry-After when the key has used up its window. */
export function spend(limiter: BatchedLimiter | null, key: string) {
  const wait = limiter?.spend(key) ?? 0;
  if (wait > 0) throw rateLimited(wait);
}

/** Counts one portal start against its IP, or refuses with 429 and Retry-After. */
export async function spendStart(limiter: Limiter | null, ip: string) {
  const wait = limiter ? await tryOnce(limiter, ip) : 0;
  if (wait > 0) throw rateLimited(wait);
}
