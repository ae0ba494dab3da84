import { NETWORK_ERROR_MESSAGE } from './api-error';

/** How long a call may wait for the server's answer before it counts as a network failure. */
export const REQUEST_TIMEOUT_MS = 30_000;
/** Uploads carry up to the attachment limit over slow links: they get longer. */
export const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * `fetch` that fails with the spec's network sentence when the browser is offline, the server cannot be
 * reached, or no answer comes within the timeout, so nothing waits forever on "Sending...". An abort by
 * the caller's own signal stays an AbortError, for callers that cancel on purpose.
 */
export async function fetchOrNetworkError(
  url: string,
  init: RequestInit & { timeoutMs?: number },
): Promise<Response> {
  const { timeoutMs, signal: callerSignal, ...rest } = init;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs ?? REQUEST_TIMEOUT_MS);
  const forward = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) forward();
  callerSignal?.addEventListener('abort', forward, { once: true });
  try {
    return await fetch(url, { ...rest, signal: controller.signal });
  } catch (err) {
    if (callerSignal?.aborted) throw err;
    throw new Error(NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', forward);
  }
}
