import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PageFallback } from '../http/page-fallback.ts';
import { securityHeaders } from '../http/security-headers.ts';

/** The sites that may frame an app's portal, or null for any (see `widget/framing.ts`). */
export type PortalFramers = (appId: number) => Promise<string[] | null>;

/**
 * Serves the built web app's files, and returns the fallback the not-found handler uses for client-side
 * routes: the portal's own shell for /portal paths (so it never loads the console's code), the console's
 * otherwise. API paths and file-like paths never fall back.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  root: string,
  framersOf?: PortalFramers,
): Promise<PageFallback> {
  await app.register(
    fp(async (scope) => {
      await scope.register(fastifyStatic, { root, wildcard: false, index: false });
    }),
  );
  const portalShell = fs.existsSync(path.join(root, 'portal.html')) ? 'portal.html' : 'index.html';
  // The portal is meant to be embedded in the company's own site (the widget, the embed snippet on the app
  // page), so its pages may be framed by other sites: by those the app's web integration names when it names
  // any, else by any. The console keeps helmet's same-origin framing rule.
  const csp = securityHeaders()['content-security-policy']!;
  const framedBy = (ancestors: string) =>
    csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`);
  const ancestorsOf = async (appId: number) => {
    try {
      const sites = await framersOf?.(appId);
      return sites ? `'self' ${sites.join(' ')}` : '*';
    } catch {
      // Unknown which sites the company allows (the database is unreachable): only the product itself.
      return "'self'";
    }
  };
  return (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' || url.startsWith('/api/') || path.extname(url) !== '') return undefined;
    const portal = url === '/portal' || url.startsWith('/portal/');
    reply.header('cache-control', 'no-cache');
    // The rate page (contract section 14) is the portal's: no console code, not meant to be framed.
    if (url.startsWith('/rate/')) return reply.sendFile(portalShell);
    if (!portal) return reply.sendFile('index.html');
    const appId = Number(new URLSearchParams(request.url.split('?')[1] ?? '').get('app_id'));
    return ancestorsOf(appId).then((ancestors) =>
      reply
        .removeHeader('x-frame-options')
        .header('content-security-policy', framedBy(ancestors))
        .sendFile(portalShell),
    );
  };
}
