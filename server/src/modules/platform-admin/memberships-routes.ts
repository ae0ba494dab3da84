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
import { done, ok } from '../../http/envelope.ts';
import { spec, tagRoutes } from '../../http/route-spec.ts';
import { scopeOf } from '../access/context.ts';
import { removeAppMember } from '../apps/members-service.ts';
import { findAnyApp } from '../apps/service.ts';
import { removeQueueMember } from '../queues/members-service.ts';
import { findAnyQueue } from '../queues/service.ts';
import { removeCompanyMember } from '../users/membership-service.ts';
import { linkUserApp, linkUserCompany, linkUserQueue } from './memberships-service.ts';

/** /admin/user-company, /admin/user-app, /admin/user-queue: POST adds (201), PUT changes the role, DELETE removes. */
export const adminMembershipRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'admin: memberships');
  const companyLink = { body: UserCompanyBody };
  app.post(
    '/admin/user-company',
    spec('Add a user to a company', companyLink, UserCompanyLink, 201),
    async (request) => {
      const p = request.platformCtx!;
      return ok(await linkUserCompany(p, request.body, 'add'));
    },
  );
  app.put(
    '/admin/user-company',
    spec("Change a user's company role", companyLink, UserCompanyLink),
    async (request) => {
      const p = request.platformCtx!;
      return ok(await linkUserCompany(p, request.body, 'update'));
    },
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

  const appLink = { body: UserAppBody };
  app.post(
    '/admin/user-app',
    spec('Give a company member a role in an app', appLink, UserAppLink, 201),
    async (request) => {
      const p = request.platformCtx!;
      return ok(await linkUserApp(p, request.body, 'add'));
    },
  );
  app.put('/admin/user-app', spec("Change a user's app role", appLink, UserAppLink), async (request) => {
    const p = request.platformCtx!;
    return ok(await linkUserApp(p, request.body, 'update'));
  });
  app.delete(
    '/admin/user-app',
    spec('Remove a user from an app', { querystring: UserAppQuery }, Done),
    async (request) => {
      const p = request.platformCtx!;
      await removeAppMember(p.db, p.actor, await findAnyApp(p, request.query.app_id), request.query.user_id);
      return done('App member removed');
    },
  );

  const queueLink = { body: UserQueueBody };
  app.post(
    '/admin/user-queue',
    spec('Add a company member to a queue', queueLink, UserQueueLink, 201),
    async (request) => {
      const p = request.platformCtx!;
      return ok(await linkUserQueue(p, request.body, 'add'));
    },
  );
  app.put(
    '/admin/user-queue',
    spec("Change a user's queue role", queueLink, UserQueueLink),
    async (request) => {
      const p = request.platformCtx!;
      return ok(await linkUserQueue(p, request.body, 'update'));
    },
  );
  app.delete(
    '/admin/user-queue',
    spec('Remove a user from a queue', { querystring: UserQueueQuery }, Done),
    async (request) => {
      const p = request.platformCtx!;
      await removeQueueMember(
        p.db,
        p.actor,
        await findAnyQueue(p, request.query.queue_id),
        request.query.user_id,
      );
      return done('Queue member removed');
    },
  );
};
