import { StreamQuery, StreamTicket } from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { spec, tagRoutes } from '../../http/route-spec.ts';
import { resumeFrom, STREAM_NOTE } from './sse.ts';
import { eventsAfter, ofCompany } from './store.ts';
import { issueTicket, takeTicket } from './tickets.ts';
import { consoleView } from './views.ts';

/** Live push (contract section 7): console streams by ticket (the portal's stream is the portal's route). */
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
};
