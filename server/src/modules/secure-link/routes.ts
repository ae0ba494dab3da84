import { SecureLink, SecureLinkBody } from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { spec, tagRoutes } from '../../http/route-spec.ts';
import { sendSecureLink } from './service.ts';

export const secureLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'conversations');
  app.post(
    '/conversation/secure-link',
    {
      ...spec(
        'Email the customer a link that opens this conversation in the portal',
        {
          description:
            'Creates a fresh portal session for the conversation and mails `{PUBLIC_URL}/portal/chat?token=…` ' +
            'to the customer. A conversation closed by an expired session is reopened as pending. A customer ' +
            'without an email address: 422. A conversation outside the caller’s reach: 404.',
          body: SecureLinkBody,
        },
        SecureLink,
      ),
      preHandler: app.requireCompany,
    },
    async (request) =>
      ok(
        await sendSecureLink({
          ctx: request.companyCtx!,
          log: request.log,
          conversationId: request.body.conversation_id,
        }),
      ),
  );
};
