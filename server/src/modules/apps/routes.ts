import {
  Ack,
  App,
  AppStats,
  AppsQuery,
  CreateAppBody,
  IdQuery,
  okList,
  ok as okSchema,
  UpdateAppBody,
} from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, list, ok } from '../../http/envelope.ts';
import { requireAppRole, requireCompanyAdmin } from '../access/app-roles.ts';
import { appMemberRoutes } from './member-routes.ts';
import { appInReach, appStats, createApp, deleteApp, getApp, listVisibleApps, updateApp } from './service.ts';

const tags = ['apps'];

export const appRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = app.deps.storage;
  app.addHook('preHandler', app.requireCompany);

  app.get(
    '/apps',
    {
      schema: {
        tags,
        summary: 'With id: that app. Without: the apps the caller can see, with its role in each',
        description:
          '`?id=` answers one App object in `data`; without `id` `data` is a list of Apps with `meta`, ' +
          'filtered by `search` (name or description) and `is_active`.',
        querystring: AppsQuery,
        response: { 200: z.union([okSchema(App), okList(App)]) },
      },
    },
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
    {
      schema: {
        tags,
        summary: 'Create an app in the current company (company admin)',
        body: CreateAppBody,
        response: { 201: okSchema(App) },
      },
    },
    async (request, reply) => {
      const ctx = request.companyCtx!;
      requireCompanyAdmin(ctx);
      reply.status(201);
      return ok(await createApp(ctx, ctx.actor, request.body, 'admin'));
    },
  );

  app.put(
    '/apps',
    {
      schema: {
        tags,
        summary: 'Change an app (app admin or company admin)',
        querystring: IdQuery,
        body: UpdateAppBody,
        response: { 200: okSchema(App) },
      },
    },
    async (request) => {
      const ctx = request.companyCtx!;
      const { app: target, role } = await appInReach(ctx, request.query.id, 'admin');
      return ok(await updateApp(ctx, ctx.actor, target, request.body, role));
    },
  );

  app.delete(
    '/apps',
    {
      schema: {
        tags,
        summary: 'Delete an app with its queues and conversations (company admin)',
        querystring: IdQuery,
        response: { 200: Ack },
      },
    },
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
    {
      schema: {
        tags,
        summary: "An app's counts: queues, members, linked customers, conversations by status",
        querystring: IdQuery,
        response: { 200: okSchema(AppStats) },
      },
    },
    async (request) => {
      const ctx = request.companyCtx!;
      const { app: target } = await appInReach(ctx, request.query.id, 'agent');
      return ok(await appStats(ctx, target));
    },
  );

  await app.register(appMemberRoutes);
};
