import type { FastifyRequest } from 'fastify';
import { invalidField } from './app-error.ts';

/**
 * A NUL byte, or half of a UTF-16 surrogate pair: PostgreSQL cannot store the first in text, nor the second
 * in JSONB (the activity log), so either would fail deep in a write with a 500.
 */
// In `u` mode a well-formed pair is one code point above U+FFFF, so the class matches lone halves only.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding the NUL byte is the point
const UNSTORABLE = /\u0000|[\ud800-\udfff]/u;

export const UNSTORABLE_TEXT_MESSAGE =
  'Contains characters that cannot be stored (a NUL byte or a broken Unicode character)';

/** The text with NUL bytes dropped and lone surrogates made U+FFFD: for names the user cannot retype (file names). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: dropping the NUL byte is the point
export const storableText = (s: string) => s.replace(/\u0000/g, '').replace(/[\ud800-\udfff]/gu, '\ufffd');

/** The dotted path of the first string (or object key) in `data` holding unstorable text, if any. */
export function findUnstorable(data: unknown, path: string[] = []): string | null {
  if (typeof data === 'string') return UNSTORABLE.test(data) ? path.join('.') : null;
  if (data === null || typeof data !== 'object') return null;
  for (const [key, value] of Object.entries(data)) {
    if (UNSTORABLE.test(key)) return [...path, key.replace(UNSTORABLE, '?')].join('.');
    const found = findUnstorable(value, [...path, key]);
    if (found !== null) return found;
  }
  return null;
}

/**
 * Checks every string of a request's params, query and body (keys too) before any validation or handler:
 * text PostgreSQL cannot store answers 422 naming the field, on every route at once, instead of a 500 from
 * deep in a write. Multipart uploads are read by their handlers, which clean the file name instead.
 */
export async function rejectUnstorableText(request: FastifyRequest) {
  for (const part of [request.params, request.query, request.body]) {
    const field = findUnstorable(part);
    if (field !== null) throw invalidField(field || 'body', UNSTORABLE_TEXT_MESSAGE);
  }
}
