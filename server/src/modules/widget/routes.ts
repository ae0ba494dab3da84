import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { spec, tagRoutes } from '../../http/route-spec.ts';
import { widgetColor } from './framing.ts';

const SCRIPT = fs.readFileSync(new URL('./widget.js', import.meta.url), 'utf8');

/** Text safe inside an HTML attribute. */
const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The website widget (contract section 10): `GET /widget.js`, the one script a site adds, cacheable; and
 * `GET /widget-demo`, a page showing it as a site would. Open the demo at another host name than the
 * product's `PUBLIC_URL` (127.0.0.1 instead of localhost) and the widget runs across origins, as on a
 * customer's site.
 */
export const widgetRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'widget');
  const { config, db } = app.deps;
  app.get('/widget.js', { schema: { hide: true } }, async (_request, reply) => {
    reply
      .type('application/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      // A script any site may load.
      .header('cross-origin-resource-policy', 'cross-origin');
    return SCRIPT;
  });
  // What the widget asks for when it starts on a site: public (any site may run the widget), cached briefly.
  app.get(
    '/api/v1/widget/settings',
    spec(
      'The widget’s look for an app: the bubble colour set on its web integration',
      { querystring: z.object({ app_id: z.coerce.number().int().positive() }) },
      z.object({ color: z.string().nullable() }),
    ),
    async (request, reply) => {
      reply
        .header('access-control-allow-origin', '*')
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'public, max-age=60');
      return ok({ color: await widgetColor(db, request.query.app_id) });
    },
  );
  app.get(
    '/widget-demo',
    {
      schema: {
        hide: true,
        querystring: z.object({ app_id: z.coerce.number().int().positive().default(1) }),
      },
    },
    async (request, reply) => {
      const product = new URL(config.publicUrl).origin;
      reply
        .type('text/html; charset=utf-8')
        // The page loads the widget from PUBLIC_URL, which is another origin when the demo is opened elsewhere.
        .header(
          'content-security-policy',
          `default-src 'self'; script-src 'self' ${product}; frame-src 'self' ${product}; style-src 'self' 'unsafe-inline'; base-uri 'none'; object-src 'none'`,
        );
      return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Widget demo: a shop's website</title>
<style>body{font:16px/1.5 Georgia,serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#3b2f2f;background:#fdf6e3}
h1{font-size:2rem}</style></head>
<body>
<h1>The Corner Shop</h1>
<p>This page stands for a customer's website. The chat bubble in the corner is the Support Inbox widget,
added with one script tag:</p>
<pre>&lt;script src="${attr(config.publicUrl)}/widget.js" data-app-id="${request.query.app_id}" async&gt;&lt;/script&gt;</pre>
<p>Messages sent here reach the inbox of app ${request.query.app_id}, in the Web channel. If the app's website
integration names the sites the widget may run on, add this page's origin to them to try it here.</p>
<script src="${attr(config.publicUrl)}/widget.js" data-app-id="${request.query.app_id}" async></script>
</body></html>`;
    },
  );
};
