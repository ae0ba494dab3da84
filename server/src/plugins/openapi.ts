import swagger, { type OpenAPIV3_2 } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { errorResponsesOf, errorSchemas } from '../http/error-answers.ts';
import { webhookDocs } from '../modules/integrations/webhook-docs.ts';

/**
 * OpenAPI 3.1 generated from the contract's zod schemas, with the outgoing webhooks' payloads; browsable at
 * /api/docs, raw at /api/docs/json.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Support Inbox API',
        version: '1.0.0',
        description:
          'Every path sits under /api/v1. Success: `{success: true, data}`; lists add `meta {total, limit, offset}`. ' +
          'Failure: `{success: false, message, error: {code, message, details}, errors}`. Console calls send ' +
          '`Authorization: Bearer <token>` and `X-Company-Id` (not on /auth and /admin). `webhooks` lists what ' +
          "outgoing webhooks and an api integration's replies POST to your URL, per event kind.",
      },
      // OpenAPI 3.1's place for the calls the product makes to its users' systems.
      webhooks: webhookDocs() as OpenAPIV3_2.Document['webhooks'],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          company: { type: 'apiKey', in: 'header', name: 'X-Company-Id' },
        },
        schemas: errorSchemas(),
      },
    },
    // Each API operation declares its error answers beside its success (http/error-answers.ts).
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      if (!input.url.startsWith('/api/v1/')) return { schema, url };
      const errors = errorResponsesOf({
        method: String(input.route.method),
        url: input.url,
        schema: input.schema,
      });
      const success = (schema.response ?? {}) as Record<string, unknown>;
      return { schema: { ...schema, response: { ...errors, ...success } }, url };
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
});
