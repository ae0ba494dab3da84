import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { securityHeaders } from '../http/security-headers.ts';

export type PageFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined;

/**
 * Serves the built web app's files, and returns the fallback the not-found handler uses for client-side
 * routes: the portal's own shell for /portal paths (so it never loads the console's code), the console's
 * otherwise. API paths and file-like paths never fall back.
 */
export async function registerStaticWeb(app: FastifyInstance, root: string): Promise<PageFallback> {
  await app.register(
    fp(async (scope) => {
      await scope.register(fastifyStatic, { root, wildcard: false, index: false });
    }),
  );
  const portalShell = fs.existsSync(path.join(root, 'portal.html')) ? 'portal.html' : 'index.html';
  // The portal is meant to be embedded in the company's own site (the embed snippet on the app page), so
  // its pages may be framed anywhere; the console keeps helmet's same-origin framing rule.
  const embeddable = securityHeaders()['content-security-policy']!.replace(
    /frame-ancestors [^;]*/,
    'frame-ancestors *',
  );
  return (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || url.startsWith('/api/') || path.extname(url) !== '') return undefined;
    const portal = url === '/portal' || url.startsWith('/portal/');
    if (portal) reply.removeHeader('x-frame-options').header('content-security-policy', embeddable);
    return reply.header('cache-control', 'no-cache').sendFile(portal ? portalShell : 'index.html');
  };
}
