import { Health, ok as okSchema } from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { databaseAnswers } from './service.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kind } = app.deps;
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        description:
          '`ok`, or `degraded` with HTTP 503 while the database does not answer (a load balancer ' +
          'then sends traffic elsewhere); the process stays up and recovers by itself.',
        response: { 200: okSchema(Health), 503: okSchema(Health) },
      },
    },
    async (_request, reply) => {
      if (await databaseAnswers(db)) return ok({ status: 'ok' as const, database: kind });
      reply.status(503).header('retry-after', '5');
      return ok({ status: 'degraded' as const, database: kind });
    },
  );
};
