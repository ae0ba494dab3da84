import { describe, expect, it } from 'vitest';
import { ApiError, DEFAULT_ERROR_MESSAGE, errorText, messageOf, NETWORK_ERROR_MESSAGE } from './api-error';

describe('errorText', () => {
  it('prefers error.message', () => {
    const body = { message: 'outer', error: { message: 'inner' }, errors: { a: ['field'] } };
    expect(errorText(body, 400, 'Bad Request')).toBe('inner');
  });

  it('then message', () => {
    expect(errorText({ message: 'outer', error: 'string', errors: { a: ['x'] } }, 400, 'Bad')).toBe('outer');
  });

  it('then a string error', () => {
    expect(errorText({ error: 'Something broke', errors: { a: ['x'] } }, 400, 'Bad')).toBe('Something broke');
  });

  it('then the first entry of errors', () => {
    expect(errorText({ errors: { email: ['Email is required', 'second'], name: ['x'] } }, 422, 'U')).toBe(
      'Email is required',
    );
    expect(errorText({ errors: { email: 'Plain string' } }, 422, 'U')).toBe('Plain string');
  });

  it('then the first entry of validation_errors', () => {
    expect(errorText({ validation_errors: { name: ['Name is required'] } }, 422, 'U')).toBe(
      'Name is required',
    );
  });

  it("otherwise 'HTTP {status}: {status text}'", () => {
    expect(errorText(undefined, 502, 'Bad Gateway')).toBe('HTTP 502: Bad Gateway');
    expect(errorText('<html>', 500, 'Internal Server Error')).toBe('HTTP 500: Internal Server Error');
    expect(errorText({ message: '', error: { message: '' } }, 404, 'Not Found')).toBe('HTTP 404: Not Found');
  });
});

describe('ApiError', () => {
  const err = new ApiError('Validation failed', {
    status: 422,
    errors: { email: ['Email is required'], name: 'Name is required' },
    code: 'VALIDATION_ERROR',
    details: { app_id: 3 },
    response: { success: false },
  });

  it('keeps status, code, details and the raw response', () => {
    expect(err).toBeInstanceOf(Error);
    expect(err.status).toBe(422);
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.details).toEqual({ app_id: 3 });
    expect(err.response).toEqual({ success: false });
  });

  it('gives the first message of a field', () => {
    expect(err.fieldError('email')).toBe('Email is required');
    expect(err.fieldError('name')).toBe('Name is required');
    expect(err.fieldError('phone')).toBeUndefined();
  });
});

describe('messageOf', () => {
  it("shows an API failure's own text", () => {
    expect(messageOf(new ApiError('Invalid email or password', { status: 401 }), 'fallback')).toBe(
      'Invalid email or password',
    );
  });

  it('shows the network sentence for a network failure', () => {
    expect(messageOf(new Error(NETWORK_ERROR_MESSAGE), 'fallback')).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("uses the caller's fallback, else the default, for anything else", () => {
    expect(messageOf(new TypeError('x is undefined'), 'Failed to send message')).toBe(
      'Failed to send message',
    );
    expect(messageOf('weird')).toBe(DEFAULT_ERROR_MESSAGE);
  });
});
