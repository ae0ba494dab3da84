import { ActivitiesQuery, Activity } from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { list } from '../../http/envelope.ts';
import { listSpec, tagRoutes } from '../../http/route-spec.ts';
import { listActivities } from './feed.ts';

export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'activities');
  app.addHook('preHandler', app.requireCompany);

  app.get(
    '/activities',
    listSpec(
      "The company's activities, newest first (company admins: everyone's; others: their own)",
      { querystring: ActivitiesQuery },
      Activity,
    ),
    async (request) => {
      const page = await listActivities(request.companyCtx!, request.query);
      return list(page.rows, page.meta);
    },
  );
};
