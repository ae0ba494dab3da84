import {
  AdminCreateUserBody,
  AdminUser,
  AdminUserDetail,
  AdminUsersQuery,
  Done,
  IdQuery,
} from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, list, ok } from '../../http/envelope.ts';
import { listSpec, spec, tagRoutes } from '../../http/route-spec.ts';
import { actorName } from '../access/context.ts';
import { sendInvitation } from '../auth/invitation.ts';
import { changeUserFlag, FLAG_CHANGES, type FlagVerb } from './users-flags.ts';
import { createUser, deleteUser, getUserDetail, listUsers } from './users-service.ts';

const FLAG_SUMMARIES: Record<FlagVerb, string> = {
  suspend: 'Suspend a user: it cannot sign in and its tokens stop at once',
  activate: 'Activate a suspended user',
  'make-platform-admin': 'Grant platform admin access',
  'remove-platform-admin': 'Remove platform admin access',
};

/** Platform admins only: the admin router's preHandler has already checked that. */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'admin: users');
  const { db } = app.deps;

  app.get(
    '/admin/users',
    listSpec(
      'Every user of the installation, or the members of one company (`company_id`) or app (`app_id`) with ' +
        'their role there; `search` matches name or email',
      { querystring: AdminUsersQuery },
      AdminUser,
    ),
    async (request) => {
      const { rows, meta } = await listUsers(db, request.query);
      return list(rows, meta);
    },
  );

  app.post(
    '/admin/users',
    spec(
      'Create a user',
      {
        description:
          'The new user is mailed an invitation with a link to set a password (valid 7 days). Without ' +
          '`password` the account cannot sign in until that password is set.',
        body: AdminCreateUserBody,
      },
      AdminUser,
      201,
    ),
    async (request) => {
      const ctx = request.ctx!;
      const user = await createUser({ ctx, input: request.body });
      await sendInvitation({
        ...ctx,
        log: request.log,
        user: { id: user.user_id, name: user.name, email: user.email },
        invitedBy: actorName(ctx.actor),
        where: 'Support Inbox',
      });
      return ok(user);
    },
  );

  app.delete(
    '/admin/users',
    spec('Delete a user with its memberships (not oneself)', { querystring: IdQuery }, Done),
    async (request) => {
      await deleteUser({ ctx: request.platformCtx!, id: request.query.id });
      return done('User deleted');
    },
  );

  app.get(
    '/admin/user',
    spec('A user with its company, app and queue memberships', { querystring: IdQuery }, AdminUserDetail),
    async (request) => ok(await getUserDetail(db, request.query.id)),
  );

  for (const verb of Object.keys(FLAG_CHANGES) as FlagVerb[]) {
    app.post(
      `/admin/user/${verb}`,
      spec(FLAG_SUMMARIES[verb], { querystring: IdQuery }, AdminUser),
      async (request) => ok(await changeUserFlag({ ctx: request.platformCtx!, id: request.query.id, verb })),
    );
  }
};
