import { PortalStreamQuery, StreamQuery, StreamTicket } from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { spec, tagRoutes } from '../../http/route-spec.ts';
import { portalTokenOf, resolvePortalSession } from '../portal/session.ts';
import { resumeFrom } from './sse.ts';
import { eventsAfter, ofCompany, ofConversation } from './store.ts';
import { issueTicket, takeTicket } from './tickets.ts';
import { consoleView, portalView } from './views.ts';

const STREAM_NOTE =
  '`text/event-stream`: frames `id: <event_id>`, `event: <type>`, `data: <event JSON>`; a `: ping` comment ' +
  'at least every 25 s. A reconnect with `Last-Event-ID` (or `?last_event_id=`) first replays what was ' +
  'missed. On shutdown the server ends the stream with `retry:` so the client reconnects elsewhere.';

/** Live push (contract section 7): console streams by ticket, the portal's by its token. */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'events');
  const { db } = app.deps;
  const { streams } = app.live;

  app.post(
    '/events/ticket',
    {
      ...spec(
        'A single-use ticket (60 s, any server process) that opens the console event stream',
        {},
        StreamTicket,
      ),
      preHandler: app.requireCompany,
    },
    async (request) => ok(await issueTicket(request.companyCtx!)),
  );

  app.get(
    '/events/stream',
    {
      schema: {
        summary: 'The console event stream: the events of the company the ticket holder may see',
        description: `${STREAM_NOTE} A used, expired or unknown ticket answers 401.`,
        querystring: StreamQuery,
      },
    },
    async (request, reply) => {
      const holder = await takeTicket(db, request.query.ticket);
      const viewer = consoleView(db, holder);
      // Reach is loaded before the stream opens: a failure here is still an ordinary error answer.
      await viewer.load();
      await streams.serve(request, reply, {
        companyId: holder.companyId,
        holder: `user:${holder.userId}`,
        after: resumeFrom(request, request.query.last_event_id),
        replay: (after, limit) => eventsAfter(db, after, limit, ofCompany(holder.companyId)),
        view: viewer.view,
      });
    },
  );

  app.get(
    '/portal/events',
    {
      schema: {
        tags: ['portal'],
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
