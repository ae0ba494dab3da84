import { ActivitiesQuery, Activity, okList } from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { list } from '../../http/envelope.ts';
import { listActivities } from './feed.ts';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireCompany);

  app.get(
    '/activities',
    {
      schema: {
        tags: ['activities'],
        summary: "The company's activities, newest first (company admins: everyone's; others: their own)",
        querystring: ActivitiesQuery,
        response: { 200: okList(Activity) },
      },
    },
    async (request) => {
      const page = await listActivities(request.companyCtx!, request.query);
      return list(page.rows, page.meta);
    },
  );
};
