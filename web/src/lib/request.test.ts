import { afterEach, describe, expect, it, vi } from 'vitest';
import { NETWORK_ERROR_MESSAGE } from './api-error';
import { fetchOrNetworkError, REQUEST_TIMEOUT_MS } from './request';

/** A server that never answers: the promise settles only when the request is aborted. */
function hangingFetch() {
  return vi.fn(
    (_url: string, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('fetchOrNetworkError', () => {
  it('gives up with the network sentence when no answer comes in time', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    const call = fetchOrNetworkError('/api/v1/messages', { method: 'POST' });
    const settled = expect(call).rejects.toThrow(NETWORK_ERROR_MESSAGE);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    await settled;
  });

  it('turns an unreachable server or an offline browser into the network sentence', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fetchOrNetworkError('/api/v1/auth/login', { method: 'POST' })).rejects.toThrow(
      NETWORK_ERROR_MESSAGE,
    );
  });

  it('keeps the caller’s own abort an AbortError', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const controller = new AbortController();
    const call = fetchOrNetworkError('/api/v1/conversation/poll', { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  });
});
