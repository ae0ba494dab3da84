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
import { answering, spec, tagRoutes } from '../../http/route-spec.ts';
import type { PlatformCtx } from '../access/context.ts';
import {
  linkUserApp,
  linkUserCompany,
  linkUserQueue,
  unlinkUserApp,
  unlinkUserCompany,
  unlinkUserQueue,
} from './memberships-service.ts';

/** /admin/user-company, /admin/user-app, /admin/user-queue: POST adds (201), PUT changes the role, DELETE removes. */
export const adminMembershipRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'admin: memberships');

  /**
   * POST adds a user to a company, app or queue with a role (201), PUT changes that role (the same body, the
   * same link answered) and DELETE removes the link. The types of `write` and `remove` tie each to the schemas
   * where its kind is declared.
   */
  const links = <B extends ZodTypeAny, L extends ZodTypeAny, Q extends ZodTypeAny>(
    path: string,
    says: { add: string; change: string; remove: string; removed: string },
    schemas: { body: B; link: L; query: Q },
    write: (p: PlatformCtx, body: z.infer<B>, mode: 'add' | 'update') => Promise<z.infer<L>>,
    remove: (p: PlatformCtx, query: z.infer<Q>) => Promise<void>,
  ) => {
    const { body, link, query } = schemas;
    const call = (mode: 'add' | 'update') =>
      answering((request) => write(request.platformCtx!, request.body as z.infer<B>, mode));
    app.post(path, spec(says.add, { body }, link, 201), call('add'));
    app.put(path, spec(says.change, { body }, link), call('update'));
    app.delete(
      path,
      spec(says.remove, { querystring: query }, Done),
      answering(async (request) => {
        await remove(request.platformCtx!, request.query as z.infer<Q>);
        return { message: says.removed };
      }),
    );
  };

  links(
    '/admin/user-company',
    {
      add: 'Add a user to a company',
      change: "Change a user's company role",
      remove: 'Remove a user from a company, with its app and queue memberships there',
      removed: 'User removed from the company',
    },
    { body: UserCompanyBody, link: UserCompanyLink, query: UserCompanyQuery },
    linkUserCompany,
    unlinkUserCompany,
  );
  links(
    '/admin/user-app',
    {
      add: 'Give a company member a role in an app',
      change: "Change a user's app role",
      remove: 'Remove a user from an app',
      removed: 'App member removed',
    },
    { body: UserAppBody, link: UserAppLink, query: UserAppQuery },
    linkUserApp,
    unlinkUserApp,
  );
  links(
    '/admin/user-queue',
    {
      add: 'Add a company member to a queue',
      change: "Change a user's queue role",
      remove: 'Remove a user from a queue',
      removed: 'Queue member removed',
    },
    { body: UserQueueBody, link: UserQueueLink, query: UserQueueQuery },
    linkUserQueue,
    unlinkUserQueue,
  );
};
