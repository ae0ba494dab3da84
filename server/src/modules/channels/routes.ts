import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handleTwilioWebhook } from './sms.ts';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * Provider webhooks (contract section 10): called by the provider, not by a signed-in user, so they carry no
 * session; each proves itself by the provider's signature, checked before anything is read or stored.
 */
export const channelRoutes: FastifyPluginAsyncZod = async (app) => {
  // Twilio posts forms; the signature covers every parameter, so they are kept exactly as sent.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const { db, storage, config } = app.deps;

  app.post(
    '/channels/sms/:integration_id',
    {
      schema: {
        tags: ['channels'],
        summary: 'Twilio: an incoming SMS or MMS, or a receipt for a reply (X-Twilio-Signature)',
        description:
          'Form-encoded as Twilio sends it. A bad or missing signature answers 401 and stores nothing; a ' +
          'MessageSid seen before stores nothing new. Receipts (MessageStatus) move the reply’s delivery ' +
          'forward only. Answers empty TwiML.',
        params: z.object({ integration_id: z.coerce.number() }),
        body: z.record(z.string(), z.string()).optional(),
      },
    },
    async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      await handleTwilioWebhook(db, storage, config, {
        integrationId: request.params.integration_id,
        query,
        params: request.body ?? {},
        signature: request.headers['x-twilio-signature'] as string | undefined,
      });
      reply.type('text/xml');
      return EMPTY_TWIML;
    },
  );
};
