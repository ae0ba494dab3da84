import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-error';

/**
 * What a failed portal call means for the chat (product spec sections 4 and 8):
 * - ended: the agent resolved it (CONVERSATION_RESOLVED, or a 403 for the token this browser stored);
 * - expired: the session closed before resolution (CONVERSATION_CLOSED);
 * - stale: the token is no good (TOKEN_EXPIRED, INVALID_TOKEN, a 401, or a 403 for a token we did not store);
 * - transient: anything else (network, 5xx, rate limits): keep going.
 */
export type Outcome = 'ended' | 'expired' | 'stale' | 'transient';

export function classify(err: unknown, token: string, storedToken: string | null): Outcome {
  if (!(err instanceof ApiError)) return 'transient';
  switch (err.code) {
    case 'CONVERSATION_RESOLVED':
      return 'ended';
    case 'CONVERSATION_CLOSED':
      return 'expired';
    case 'TOKEN_EXPIRED':
    case 'INVALID_TOKEN':
      return 'stale';
  }
  if (err.status === 403) return storedToken === token ? 'ended' : 'stale';
  if (err.status === 401) return 'stale';
  return 'transient';
}

/** A polling failure whose message says the session is over sends the customer back to the entry form. */
export function pollSaysGone(err: unknown): boolean {
  return err instanceof ApiError && /expired|closed|invalid/i.test(err.message);
}

/** The app id to return to: the one the server names in the error, else the one we remember. */
export function appIdOf(err: unknown): string | null {
  const id = err instanceof ApiError ? err.details?.app_id : undefined;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

/** The sentence for a failure: the server's own words for a 4xx, the network text, else the fallback. */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.status < 500 && err.message ? err.message : fallback;
  if (err instanceof Error && err.message === NETWORK_ERROR_MESSAGE) return NETWORK_ERROR_MESSAGE;
  return fallback;
}
