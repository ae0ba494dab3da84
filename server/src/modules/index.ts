import type { FastifyPluginAsync } from 'fastify';
import { activityRoutes } from './activities/routes.ts';
import { aiRoutes } from './ai/routes.ts';
import { appRoutes } from './apps/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { autoResponderRoutes } from './auto-responders/routes.ts';
import { companyRoutes } from './companies/routes.ts';
import { consoleAttachmentRoutes } from './console-attachments/routes.ts';
import { conversationRoutes } from './conversations/routes.ts';
import { customerRoutes } from './customers/routes.ts';
import { eventRoutes } from './events/routes.ts';
import { healthRoutes } from './health/routes.ts';
import { integrationRoutes } from './integrations/routes.ts';
import { platformAdminRoutes } from './platform-admin/routes.ts';
import { portalRoutes } from './portal/routes.ts';
import { queueRoutes } from './queues/routes.ts';
import { secureLinkRoutes } from './secure-link/routes.ts';
import { userRoutes } from './users/routes.ts';

/** Every module's routes, mounted under /api/v1. */
export const apiRoutes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(platformAdminRoutes);
  await app.register(companyRoutes);
  await app.register(appRoutes);
  await app.register(queueRoutes);
  await app.register(userRoutes);
  await app.register(portalRoutes);
  await app.register(conversationRoutes);
  await app.register(customerRoutes);
  await app.register(consoleAttachmentRoutes);
  await app.register(aiRoutes);
  await app.register(secureLinkRoutes);
  await app.register(eventRoutes);
  await app.register(activityRoutes);
  await app.register(autoResponderRoutes);
  await app.register(integrationRoutes);
};
