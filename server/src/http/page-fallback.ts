import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * What the not-found handler asks the static web plugin for a client-side route (the console's or the portal's
 * shell). Declared here, below the plugin, so the error handler does not import the plugins that assemble the app.
 */
export type PageFallback = (
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<FastifyReply> | FastifyReply | undefined;
