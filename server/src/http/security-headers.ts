import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

const OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: { 'img-src': ["'self'", 'data:', 'blob:'], 'script-src': ["'self'"] },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * Helmet's security headers, worked out once at start. @fastify/helmet rebuilds helmet's middleware (and
 * re-parses the CSP) on every request, which cost about 40 µs per request on the portal's hot calls; the
 * headers never differ between requests here, so they are computed by running helmet once on a stand-in
 * response and then set as a plain object.
 */
export function securityHeaders(options: HelmetOptions = OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let finished = false;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    if (err) throw err;
    finished = true;
  });
  // Helmet's middlewares are synchronous; if a later version is not, this must not silently drop headers.
  if (!finished) throw new Error('helmet did not finish synchronously');
  return headers;
}
