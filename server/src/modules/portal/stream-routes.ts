import { PortalStreamQuery } from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tagRoutes } from '../../http/route-spec.ts';
import { resumeFrom, STREAM_NOTE } from '../events/sse.ts';
import { eventsAfter, ofConversation } from '../events/store.ts';
import { portalView } from '../events/views.ts';
import { portalTokenOf, resolvePortalSession } from './session.ts';

/** The portal's live push (contract section 7): its own conversation's public side, by the portal token. */
export const portalStreamRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'portal');
  const { db } = app.deps;
  const { streams } = app.live;

  app.get(
    '/portal/events',
    {
      schema: {
        summary: "The portal event stream: its own conversation's messages, agents typing and status",
        description: `${STREAM_NOTE} The token as for every portal call (401 INVALID_TOKEN or TOKEN_EXPIRED).`,
        querystring: PortalStreamQuery,
      },
    },
    async (request, reply) => {
      const session = await resolvePortalSession(db, portalTokenOf(request));
      const view = portalView(session.conversationId);
      await streams.serve(request, reply, {
        companyId: session.companyId,
        holder: `portal:${session.sessionId}`,
        after: resumeFrom(request, request.query.last_event_id),
        replay: (after, limit) =>
          eventsAfter(db, after, limit, ofConversation(session.companyId, session.conversationId)),
        view,
      });
    },
  );
};
