import { AdminAppsQuery, AdminCreateAppBody, App, Done, IdQuery, UpdateAppBody } from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, list, ok } from '../../http/envelope.ts';
import { recordOrListSpec, spec, tagRoutes } from '../../http/route-spec.ts';
import { scopeOf } from '../access/context.ts';
import { createApp, deleteApp, findAnyApp, getApp, listApps, updateApp } from '../apps/service.ts';
import { getCompany } from '../companies/service.ts';

/** /admin/apps: the apps of every company; `role` is null here, as the platform admin holds no app role. */
export const adminAppRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'admin: apps');
  const storage = app.deps.storage;
  app.get(
    '/admin/apps',
    recordOrListSpec(
      'With id: that app. Without: apps of all companies, filtered by company_id and search',
      {
        description: '`?id=` answers one App in `data`; without it `data` is a list with `meta`.',
        querystring: AdminAppsQuery,
      },
      App,
    ),
    async (request) => {
      const p = request.platformCtx!;
      const { id, company_id, search, limit, offset } = request.query;
      if (id !== undefined) {
        const target = await findAnyApp(p, id);
        return ok(await getApp(scopeOf(p, target.companyId), id, null));
      }
      const page = await listApps(p, { companyId: company_id, search, limit, offset });
      return list(page.rows, page.meta);
    },
  );

  app.post(
    '/admin/apps',
    spec('Create an app in a company', { body: AdminCreateAppBody }, App, 201),
    async (request) => {
      const p = request.platformCtx!;
      const { company_id, ...input } = request.body;
      const company = scopeOf(p, company_id);
      await getCompany(company);
      return ok(await createApp(company, p.actor, input, null));
    },
  );

  app.put(
    '/admin/apps',
    spec('Change an app', { querystring: IdQuery, body: UpdateAppBody }, App),
    async (request) => {
      const p = request.platformCtx!;
      const target = await findAnyApp(p, request.query.id);
      return ok(await updateApp(scopeOf(p, target.companyId), p.actor, target, request.body, null));
    },
  );

  app.delete(
    '/admin/apps',
    spec('Delete an app with its queues and conversations', { querystring: IdQuery }, Done),
    async (request) => {
      const p = request.platformCtx!;
      const target = await findAnyApp(p, request.query.id);
      const left = await deleteApp(scopeOf(p, target.companyId), storage, p.actor, target);
      if (left.length) request.log.warn({ keys: left }, 'files of a deleted app could not be removed');
      return done('App deleted');
    },
  );
};
