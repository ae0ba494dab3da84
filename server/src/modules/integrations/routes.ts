import {
  Ack,
  CreateIntegrationBody,
  IdQuery,
  Integration,
  IntegrationDelivery,
  IntegrationsQuery,
  IntegrationTestResult,
  ok as okSchema,
  TestIntegrationBody,
  UpdateIntegrationBody,
  WebhookInfo,
} from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { done, ok } from '../../http/envelope.ts';
import { testIntegration, webhookInfo } from './checks.ts';
import { recentDeliveries } from './delivery-log.ts';
import { createIntegration, deleteIntegration, listIntegrations, updateIntegration } from './service.ts';

const tags = ['integrations'];

/** `/integrations` and `/integration/*` (contract section 9): the app admin's. Secrets are write-only. */
export const integrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireCompany);
  const { config } = app.deps;
  const withGuard = <T extends object>(ctx: T) => ({
    ...ctx,
    allowPrivate: config.allowPrivateWebhookTargets,
  });

  app.get(
    '/integrations',
    {
      schema: {
        tags,
        summary: "An app's integrations, secrets named but never shown (app admin)",
        querystring: IntegrationsQuery,
        response: { 200: okSchema(z.array(Integration)) },
      },
    },
    async (request) => ok(await listIntegrations(request.companyCtx!, request.query.app_id)),
  );

  app.post(
    '/integrations',
    {
      schema: {
        tags,
        summary:
          'Create an integration; a webhook given no signing secret gets one, shown this once (app admin)',
        body: CreateIntegrationBody,
        response: { 201: okSchema(Integration.extend({ signing_secret: z.string().optional() })) },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return ok(await createIntegration(withGuard(request.companyCtx!), request.body));
    },
  );

  app.put(
    '/integrations',
    {
      schema: {
        tags,
        summary: 'Change an integration; a secret left out is kept (app admin)',
        querystring: IdQuery,
        body: UpdateIntegrationBody,
        response: { 200: okSchema(Integration) },
      },
    },
    async (request) =>
      ok(await updateIntegration(withGuard(request.companyCtx!), request.query.id, request.body)),
  );

  app.delete(
    '/integrations',
    {
      schema: {
        tags,
        summary: 'Delete an integration (app admin)',
        querystring: IdQuery,
        response: { 200: Ack },
      },
    },
    async (request) => {
      await deleteIntegration(request.companyCtx!, request.query.id);
      return done('Integration deleted');
    },
  );

  app.get(
    '/integration/webhook-info',
    {
      schema: {
        tags,
        summary:
          'What to paste into the provider console: URL, method, verify token, signature, events, example',
        querystring: IdQuery,
        response: { 200: okSchema(WebhookInfo) },
      },
    },
    async (request) => ok(await webhookInfo(request.companyCtx!, request.query.id, config)),
  );

  app.get(
    '/integration/deliveries',
    {
      schema: {
        tags,
        summary: 'The integration’s latest outgoing calls: webhook events and channel replies, newest first',
        description: 'Each with its status, attempts, the last failure and, when pending, its next try.',
        querystring: IdQuery,
        response: { 200: okSchema(z.array(IntegrationDelivery)) },
      },
    },
    async (request) => ok(await recentDeliveries(request.companyCtx!, request.query.id)),
  );

  app.post(
    '/integration/test',
    {
      schema: {
        tags,
        summary: 'Make a real call (a signed test event, or a credentials check) and record it (app admin)',
        body: TestIntegrationBody,
        response: { 200: okSchema(IntegrationTestResult) },
      },
    },
    async (request) => ok(await testIntegration(request.companyCtx!, request.body.integration_id, config)),
  );
};
