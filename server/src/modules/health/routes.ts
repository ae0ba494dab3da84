import { Health, ok as okSchema } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';

/** How long the database may take to answer `select 1` before the process calls itself degraded. */
const PROBE_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, kind } = app.deps;
  const probe = async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('database probe timed out')), PROBE_MS);
    });
    try {
      await Promise.race([db.execute(sql`select 1`), late]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  };
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
      if (await probe()) return ok({ status: 'ok' as const, database: kind });
      reply.status(503).header('retry-after', '5');
      return ok({ status: 'degraded' as const, database: kind });
    },
  );
};
