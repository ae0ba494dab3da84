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

/** No body or query of the API nests deeper; a deeper one is refused before it is walked any further. */
export const MAX_NESTING = 32;
export const TOO_DEEP_MESSAGE = `Nested more than ${MAX_NESTING} levels deep`;

/**
 * The first field (as a dotted path) of `data` whose text or key cannot be stored, or that lies deeper than
 * `MAX_NESTING`; null when there is none. The walk keeps its own stack, so no request can exhaust Node's
 * (a body nested 5,000 arrays deep did, as a 500), and it visits fields in document order.
 */
export function findUnstorable(data: unknown): { field: string; message: string } | null {
  const pending: { value: unknown; path: string[]; key?: string }[] = [{ value: data, path: [] }];
  while (pending.length > 0) {
    const { value, path, key } = pending.pop()!;
    if (key !== undefined && UNSTORABLE.test(key)) {
      return {
        field: [...path.slice(0, -1), key.replace(UNSTORABLE, '?')].join('.'),
        message: UNSTORABLE_TEXT_MESSAGE,
      };
    }
    if (typeof value === 'string') {
      if (UNSTORABLE.test(value)) return { field: path.join('.'), message: UNSTORABLE_TEXT_MESSAGE };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_NESTING) return { field: path.join('.'), message: TOO_DEEP_MESSAGE };
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [k, v] = entries[i]!;
      pending.push({ value: v, path: [...path, k], key: k });
    }
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
    const found = findUnstorable(part);
    if (found !== null) throw invalidField(found.field || 'body', found.message);
  }
}
