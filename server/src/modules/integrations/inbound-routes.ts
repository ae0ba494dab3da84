import { IntegrationMessageBody, IntegrationMessageResult, ok as okSchema } from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { receiveIntegrationMessage } from './inbound-api.ts';

/** Traffic that outside systems push in with an API key. */
export const integrationMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireCompany);
  const storage = app.deps.storage;

  app.post(
    '/integration/messages',
    {
      config: { apiKey: 'messages:send' },
      // Attachments come inline as base64: room for a few files of the 10 MB limit.
      bodyLimit: 60 * 1024 * 1024,
      schema: {
        tags: ['integrations'],
        summary: "A customer's message from an outside system, through an api integration (API keys only)",
        description:
          'Needs `messages:send` on that integration. The customer is found by `customer.external_id` (your ' +
          'id for them), else by email, else created; the message joins their open conversation of this ' +
          'integration or starts one in its queue. Sending an `external_message_id` again answers the first ' +
          'message (200, `duplicate: true`) and stores nothing. Agent replies go to the integration’s ' +
          '`webhook_url` as signed `message.created` webhooks.',
        body: IntegrationMessageBody,
        response: { 200: okSchema(IntegrationMessageResult), 201: okSchema(IntegrationMessageResult) },
      },
    },
    async (request, reply) => {
      const { result, created } = await receiveIntegrationMessage(request.callerCtx!, storage, request.body);
      reply.status(created ? 201 : 200);
      return ok(result);
    },
  );
};
