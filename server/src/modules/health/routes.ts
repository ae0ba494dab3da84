import { Health, ok as okSchema } from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database kind',
        response: { 200: okSchema(Health) },
      },
    },
    async () => ok({ status: 'ok' as const, database: app.deps.kind }),
  );
};
