import {
  AddAppMemberBody,
  AppMember,
  AppMemberQuery,
  AppMembersQuery,
  Done,
  UpdateAppMemberBody,
} from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, list, ok } from '../../http/envelope.ts';
import { listSpec, spec, tagRoutes } from '../../http/route-spec.ts';
import { addAppMember, listAppMembers, removeAppMember, updateAppMember } from './members-service.ts';
import { appInReach } from './service.ts';

/** /app/users: any member of a visible app reads the list; only app admins (and company admins) change it. */
export const appMemberRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'apps');
  app.get(
    '/app/users',
    listSpec("An app's members with their app role", { querystring: AppMembersQuery }, AppMember),
    async (request) => {
      const ctx = request.companyCtx!;
      const { id, limit, offset } = request.query;
      const { app: target } = await appInReach(ctx, id, 'agent');
      const page = await listAppMembers(ctx.db, target, { limit, offset });
      return list(page.rows, page.meta);
    },
  );

  app.post(
    '/app/users',
    spec('Add a company member to an app (app admin)', { body: AddAppMemberBody }, AppMember, 201),
    async (request) => {
      const ctx = request.companyCtx!;
      const { app_id, user_id, role } = request.body;
      const { app: target } = await appInReach(ctx, app_id, 'admin');
      return ok(await addAppMember(ctx.db, ctx.actor, target, { userId: user_id, role }));
    },
  );

  app.put(
    '/app/users',
    spec(
      "Change a member's app role (app admin)",
      { querystring: AppMemberQuery, body: UpdateAppMemberBody },
      AppMember,
    ),
    async (request) => {
      const ctx = request.companyCtx!;
      const { app: target } = await appInReach(ctx, request.query.id, 'admin');
      const input = { userId: request.query.user_id, role: request.body.role };
      return ok(await updateAppMember(ctx.db, ctx.actor, target, input));
    },
  );

  app.delete(
    '/app/users',
    spec('Remove a member from an app (app admin)', { querystring: AppMemberQuery }, Done),
    async (request) => {
      const ctx = request.companyCtx!;
      const { app: target } = await appInReach(ctx, request.query.id, 'admin');
      await removeAppMember(ctx.db, ctx.actor, target, request.query.user_id);
      return done('App member removed');
    },
  );
};
