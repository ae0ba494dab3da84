import { describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-error';
import { appIdOf, classify, failureText, pollSaysGone } from './outcome';

const apiError = (status: number, code?: string, message = 'x', details?: Record<string, unknown>) =>
  new ApiError(message, { status, code, details });

describe('classify', () => {
  it('reads the contract codes', () => {
    expect(classify(apiError(403, 'CONVERSATION_RESOLVED'), 't', 't')).toBe('ended');
    expect(classify(apiError(403, 'CONVERSATION_CLOSED'), 't', 't')).toBe('expired');
    expect(classify(apiError(401, 'TOKEN_EXPIRED'), 't', 't')).toBe('stale');
    expect(classify(apiError(401, 'INVALID_TOKEN'), 't', 't')).toBe('stale');
  });

  it('reads a bare 403 as Ended for the stored token and as stale for any other', () => {
    expect(classify(apiError(403, 'FORBIDDEN'), 't', 't')).toBe('ended');
    expect(classify(apiError(403, 'FORBIDDEN'), 't', 'other')).toBe('stale');
    expect(classify(apiError(403), 't', null)).toBe('stale');
  });

  it('leaves network failures, 5xx and rate limits as transient', () => {
    expect(classify(new Error(NETWORK_ERROR_MESSAGE), 't', 't')).toBe('transient');
    expect(classify(apiError(500, 'INTERNAL'), 't', 't')).toBe('transient');
    expect(classify(apiError(429, 'RATE_LIMITED'), 't', 't')).toBe('transient');
  });
});

describe('pollSaysGone', () => {
  it('matches expired, closed or invalid messages', () => {
    expect(pollSaysGone(apiError(400, undefined, 'Session expired'))).toBe(true);
    expect(pollSaysGone(apiError(400, undefined, 'Conversation is closed'))).toBe(true);
    expect(pollSaysGone(apiError(400, undefined, 'Invalid portal token'))).toBe(true);
    expect(pollSaysGone(apiError(500, undefined, 'Internal error'))).toBe(false);
  });
});

describe('failureText', () => {
  it('shows the server sentence for a 4xx, the network text, else the fallback', () => {
    expect(failureText(apiError(422, 'VALIDATION_ERROR', 'Email is required'), 'F')).toBe(
      'Email is required',
    );
    expect(failureText(new Error(NETWORK_ERROR_MESSAGE), 'F')).toBe(NETWORK_ERROR_MESSAGE);
    expect(failureText(apiError(500, 'INTERNAL', 'Internal error'), 'F')).toBe('F');
    expect(failureText(new TypeError('boom'), 'F')).toBe('F');
  });
});

describe('appIdOf', () => {
  it('reads error.details.app_id', () => {
    expect(appIdOf(apiError(401, 'TOKEN_EXPIRED', 'x', { app_id: 12 }))).toBe('12');
    expect(appIdOf(apiError(401, 'TOKEN_EXPIRED'))).toBeNull();
  });
});
