import { App, AppStats, AppsQuery, CreateAppBody, Done, IdQuery, UpdateAppBody } from '@inbox/contract';
import { done, list, ok } from '../../http/envelope.ts';
import { companyPlugin, recordOrListSpec, spec } from '../../http/route-spec.ts';
import { requireAppRole, requireCompanyAdmin } from '../access/app-roles.ts';
import { appMemberRoutes } from './member-routes.ts';
import { appInReach, appStats, createApp, deleteApp, getApp, listVisibleApps, updateApp } from './service.ts';

export const appRoutes = companyPlugin('apps', async (app) => {
  const storage = app.deps.storage;

  app.get(
    '/apps',
    recordOrListSpec(
      'With id: that app. Without: the apps the caller can see, with its role in each',
      {
        description:
          '`?id=` answers one App object in `data`; without `id` `data` is a list of Apps with `meta`, ' +
          'filtered by `search` (name or description) and `is_active`.',
        querystring: AppsQuery,
      },
      App,
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      const { id, search, is_active, limit, offset } = request.query;
      if (id !== undefined) {
        const role = await requireAppRole(ctx, ctx.db, id, 'agent');
        return ok(await getApp(ctx, id, role));
      }
      const page = await listVisibleApps(ctx, { search, isActive: is_active, limit, offset });
      return list(page.rows, page.meta);
    },
  );

  app.post(
    '/apps',
    spec('Create an app in the current company (company admin)', { body: CreateAppBody }, App, 201),
    async (request) => {
      const ctx = request.companyCtx!;
      requireCompanyAdmin(ctx);
      return ok(await createApp(ctx, ctx.actor, request.body, 'admin'));
    },
  );

  app.put(
    '/apps',
    spec('Change an app (app admin or company admin)', { querystring: IdQuery, body: UpdateAppBody }, App),
    async (request) => {
      const ctx = request.companyCtx!;
      const { app: target, role } = await appInReach(ctx, request.query.id, 'admin');
      return ok(await updateApp(ctx, ctx.actor, target, request.body, role));
    },
  );

  app.delete(
    '/apps',
    spec('Delete an app with its queues and conversations (company admin)', { querystring: IdQuery }, Done),
    async (request) => {
      const ctx = request.companyCtx!;
      // Visibility first: an app out of reach is "not found" whatever the caller's role.
      const { app: target } = await appInReach(ctx, request.query.id, 'agent');
      requireCompanyAdmin(ctx);
      const left = await deleteApp(ctx, storage, ctx.actor, target);
      if (left.length) request.log.warn({ keys: left }, 'files of a deleted app could not be removed');
      return done('App deleted');
    },
  );

  app.get(
    '/app/stats',
    spec(
      "An app's counts: queues, members, linked customers, conversations by status",
      { querystring: IdQuery },
      AppStats,
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      const { app: target } = await appInReach(ctx, request.query.id, 'agent');
      return ok(await appStats(ctx, target));
    },
  );

  await app.register(appMemberRoutes);
});
