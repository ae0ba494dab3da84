import {
  Done,
  UserAppBody,
  UserAppLink,
  UserAppQuery,
  UserCompanyBody,
  UserCompanyLink,
  UserCompanyQuery,
  UserQueueBody,
  UserQueueLink,
  UserQueueQuery,
} from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodTypeAny, z } from 'zod';
import { done } from '../../http/envelope.ts';
import { answering, spec, tagRoutes } from '../../http/route-spec.ts';
import { type PlatformCtx, scopeOf } from '../access/context.ts';
import { appMemberService } from '../apps/members-service.ts';
import { findAnyApp } from '../apps/service.ts';
import { queueMemberService } from '../queues/members-service.ts';
import { findAnyQueue } from '../queues/service.ts';
import { removeCompanyMember } from '../users/membership-service.ts';
import { linkUserApp, linkUserCompany, linkUserQueue } from './memberships-service.ts';

/** /admin/user-company, /admin/user-app, /admin/user-queue: POST adds (201), PUT changes the role, DELETE removes. */
export const adminMembershipRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'admin: memberships');

  /**
   * POST adds a user to a company, app or queue with a role (201) and PUT changes that role: the same body,
   * the same link answered. `write`'s type ties body and answer to the schemas where each kind is declared.
   */
  const addAndChange = <B extends ZodTypeAny, L extends ZodTypeAny>(
    path: string,
    [added, changed]: [string, string],
    body: B,
    link: L,
    write: (p: PlatformCtx, body: z.infer<B>, mode: 'add' | 'update') => Promise<z.infer<L>>,
  ) => {
    const call = (mode: 'add' | 'update') =>
      answering((request) => write(request.platformCtx!, request.body as z.infer<B>, mode));
    app.post(path, spec(added, { body }, link, 201), call('add'));
    app.put(path, spec(changed, { body }, link), call('update'));
  };

  addAndChange(
    '/admin/user-company',
    ['Add a user to a company', "Change a user's company role"],
    UserCompanyBody,
    UserCompanyLink,
    linkUserCompany,
  );
  app.delete(
    '/admin/user-company',
    spec(
      'Remove a user from a company, with its app and queue memberships there',
      { querystring: UserCompanyQuery },
      Done,
    ),
    async (request) => {
      const p = request.platformCtx!;
      const { user_id, company_id } = request.query;
      await removeCompanyMember(scopeOf(p, company_id), p.actor, { userId: user_id, keepAnAdmin: false });
      return done('User removed from the company');
    },
  );

  addAndChange(
    '/admin/user-app',
    ['Give a company member a role in an app', "Change a user's app role"],
    UserAppBody,
    UserAppLink,
    linkUserApp,
  );
  app.delete(
    '/admin/user-app',
    spec('Remove a user from an app', { querystring: UserAppQuery }, Done),
    async (request) => {
      const p = request.platformCtx!;
      await appMemberService.remove(
        p.db,
        p.actor,
        await findAnyApp(p, request.query.app_id),
        request.query.user_id,
      );
      return done('App member removed');
    },
  );

  addAndChange(
    '/admin/user-queue',
    ['Add a company member to a queue', "Change a user's queue role"],
    UserQueueBody,
    UserQueueLink,
    linkUserQueue,
  );
  app.delete(
    '/admin/user-queue',
    spec('Remove a user from a queue', { querystring: UserQueueQuery }, Done),
    async (request) => {
      const p = request.platformCtx!;
      await queueMemberService.remove(
        p.db,
        p.actor,
        await findAnyQueue(p, request.query.queue_id),
        request.query.user_id,
      );
      return done('Queue member removed');
    },
  );
};
