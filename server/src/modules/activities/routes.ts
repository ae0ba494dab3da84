import { ActivitiesQuery, Activity } from '@inbox/contract';
import { list } from '../../http/envelope.ts';
import { companyPlugin, listSpec } from '../../http/route-spec.ts';
import { listActivities } from './feed.ts';

export const activityRoutes = companyPlugin('activities', async (app) => {
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
});
