import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { handleMetaWebhook, verifyMetaSubscription } from './meta-inbound.ts';
import { handleTwilioWebhook } from './sms.ts';

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * A provider's sender that is no possible phone number (an alphanumeric SMS sender, a short code): its
 * message was stored, its customer has no phone; said in the log, since no agent can reply to it by SMS.
 */
const notAPhone = (request: FastifyRequest, sender: string) =>
  request.log.warn({ sender }, 'channel sender is no possible phone number: message stored without a phone');

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
  // Meta signs the raw bytes of its JSON: the body stays the text it came as, and is parsed after the check.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
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
      const outcome = await handleTwilioWebhook(db, storage, config, {
        integrationId: request.params.integration_id,
        query,
        params: request.body ?? {},
        signature: request.headers['x-twilio-signature'] as string | undefined,
      });
      if (outcome.kind === 'message' && outcome.notAPhone) notAPhone(request, outcome.notAPhone);
      reply.type('text/xml');
      return EMPTY_TWIML;
    },
  );

  for (const type of ['whatsapp', 'facebook'] as const) {
    const name = type === 'whatsapp' ? 'WhatsApp Cloud API' : 'Messenger';
    app.get(
      `/channels/${type}/:integration_id`,
      {
        schema: {
          tags: ['channels'],
          summary: `${name}: the subscription check (hub.challenge)`,
          description:
            'Answers `hub.challenge` when `hub.verify_token` is the integration’s verify token; else 403.',
          params: z.object({ integration_id: z.coerce.number() }),
          querystring: z.record(z.string(), z.string()),
        },
      },
      async (request, reply) => {
        const challenge = await verifyMetaSubscription(
          db,
          type,
          request.params.integration_id,
          request.query,
        );
        reply.type('text/plain');
        return challenge;
      },
    );
    app.post(
      `/channels/${type}/:integration_id`,
      {
        schema: {
          tags: ['channels'],
          summary: `${name}: customer messages and receipts (X-Hub-Signature-256)`,
          description:
            'JSON as Meta sends it, signed over the raw body with the app secret: a bad or missing signature ' +
            'answers 401 and stores nothing; a message id seen before stores nothing new; receipts move a ' +
            'reply’s delivery forward only.',
          params: z.object({ integration_id: z.coerce.number() }),
          body: z.string().optional(),
        },
      },
      async (request, reply) => {
        const { notPhones } = await handleMetaWebhook(db, storage, config, {
          type,
          integrationId: request.params.integration_id,
          raw: request.body ?? '',
          signature: request.headers['x-hub-signature-256'] as string | undefined,
        });
        for (const sender of notPhones) notAPhone(request, sender);
        reply.status(200);
        return 'EVENT_RECEIVED';
      },
    );
  }
};
