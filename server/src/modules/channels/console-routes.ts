import {
  RetriedDelivery,
  RetryDeliveryBody,
  WhatsAppTemplate,
  WhatsAppTemplatesQuery,
} from '@inbox/contract';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import { companyPlugin, spec } from '../../http/route-spec.ts';
import { retryFailedDelivery } from './outbound.ts';
import { listWhatsAppTemplates } from './whatsapp-templates.ts';

/**
 * The console's calls about provider channels, beside the code that talks to the providers: a failed reply
 * sent again, and the WhatsApp templates a reply may use. Filed with the conversation routes in the API
 * document, where the console looks for them.
 */
export const channelConsoleRoutes = companyPlugin('conversations', async (app) => {
  app.post(
    '/messages/retry-delivery',
    spec(
      'Send again a reply whose delivery through SMS (or another provider channel) failed',
      {
        description:
          'The reply is queued again and sent at once; its `delivery` moves on as the provider answers. ' +
          '409 when the message is not a failed channel reply; 404 for a message out of the caller’s sight.',
        body: RetryDeliveryBody,
      },
      RetriedDelivery,
    ),
    async (request) => {
      const retried = await retryFailedDelivery(request.callerCtx!, request.body.message_id, app.jobs);
      return ok(retried);
    },
  );

  app.get(
    '/whatsapp/templates',
    spec(
      'The approved WhatsApp templates a reply in this conversation may use',
      {
        description:
          'Read from Meta with the conversation’s WhatsApp integration each time (approval changes at Meta). ' +
          'Templates whose header takes a variable or a file are left out. 422 on `conversation_id` when the ' +
          'conversation did not come in through WhatsApp; 409 with Meta’s reason when Meta refuses.',
        querystring: WhatsAppTemplatesQuery,
      },
      z.array(WhatsAppTemplate),
    ),
    async (request) =>
      ok(await listWhatsAppTemplates(request.callerCtx!, app.deps.config, request.query.conversation_id)),
  );
});
