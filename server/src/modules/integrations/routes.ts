import {
  CreateIntegrationBody,
  Done,
  IdQuery,
  Integration,
  IntegrationDelivery,
  IntegrationsQuery,
  IntegrationTestResult,
  TestIntegrationBody,
  UpdateIntegrationBody,
  WebhookInfo,
} from '@inbox/contract';
import { z } from 'zod';
import { done, ok } from '../../http/envelope.ts';
import { companyPlugin, spec } from '../../http/route-spec.ts';
import { testIntegration, webhookInfo } from './checks.ts';
import { recentDeliveries } from './delivery-log.ts';
import { createIntegration, deleteIntegration, listIntegrations, updateIntegration } from './service.ts';

/** `/integrations` and `/integration/*` (contract section 9): the app admin's. Secrets are write-only. */
export const integrationRoutes = companyPlugin('integrations', async (app) => {
  const { config } = app.deps;
  const withGuard = <T extends object>(ctx: T) => ({
    ...ctx,
    allowPrivate: config.allowPrivateWebhookTargets,
    secrets: config.secrets,
  });

  app.get(
    '/integrations',
    spec(
      "An app's integrations, secrets named but never shown (app admin)",
      { querystring: IntegrationsQuery },
      z.array(Integration),
    ),
    async (request) => ok(await listIntegrations(request.companyCtx!, request.query.app_id)),
  );

  app.post(
    '/integrations',
    spec(
      'Create an integration; a webhook given no signing secret gets one, shown this once (app admin)',
      { body: CreateIntegrationBody },
      Integration.extend({ signing_secret: z.string().optional() }),
      201,
    ),
    async (request) => ok(await createIntegration(withGuard(request.companyCtx!), request.body)),
  );

  app.put(
    '/integrations',
    spec(
      'Change an integration; a secret left out is kept (app admin)',
      { querystring: IdQuery, body: UpdateIntegrationBody },
      Integration,
    ),
    async (request) =>
      ok(await updateIntegration(withGuard(request.companyCtx!), request.query.id, request.body)),
  );

  app.delete(
    '/integrations',
    spec('Delete an integration (app admin)', { querystring: IdQuery }, Done),
    async (request) => {
      await deleteIntegration(request.companyCtx!, request.query.id);
      return done('Integration deleted');
    },
  );

  app.get(
    '/integration/webhook-info',
    spec(
      'What to paste into the provider console: URL, method, verify token, signature, events, example',
      { querystring: IdQuery },
      WebhookInfo,
    ),
    async (request) => ok(await webhookInfo(request.companyCtx!, request.query.id, config)),
  );

  app.get(
    '/integration/deliveries',
    spec(
      'The integration’s latest outgoing calls: webhook events and channel replies, newest first',
      {
        description: 'Each with its status, attempts, the last failure and, when pending, its next try.',
        querystring: IdQuery,
      },
      z.array(IntegrationDelivery),
    ),
    async (request) => ok(await recentDeliveries(request.companyCtx!, request.query.id)),
  );

  app.post(
    '/integration/test',
    spec(
      'Make a real call (a signed test event, or a credentials check) and record it (app admin)',
      { body: TestIntegrationBody },
      IntegrationTestResult,
    ),
    async (request) => ok(await testIntegration(request.companyCtx!, request.body.integration_id, config)),
  );
});
