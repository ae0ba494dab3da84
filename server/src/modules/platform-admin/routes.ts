import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAppRoutes } from './apps-routes.ts';
import { adminCompanyRoutes } from './companies-routes.ts';
import { adminMembershipRoutes } from './memberships-routes.ts';
import { adminQueueRoutes } from './queues-routes.ts';
import { adminUserRoutes } from './users-routes.ts';

/** /admin/*: the platform admin's whole-installation API; no company header, platform admins only. */
export const platformAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requirePlatformAdmin);
  await app.register(adminCompanyRoutes);
  await app.register(adminAppRoutes);
  await app.register(adminQueueRoutes);
  await app.register(adminMembershipRoutes);
  await app.register(adminUserRoutes);
};
