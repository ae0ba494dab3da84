import {
  Message,
  PortalAck,
  PortalConversation,
  PortalPoll,
  PortalPollQuery,
  PortalQueues,
  PortalQueuesQuery,
  PortalSendBody,
  PortalStart,
  PortalStartBody,
  PortalTokenQuery,
  PortalTypingBody,
  Rated,
  RatingBody,
} from '@inbox/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { done, ok } from '../../http/envelope.ts';
import { leanSerializer } from '../../http/lean-serializer.ts';
import { spec, tagRoutes } from '../../http/route-spec.ts';
import { sha256 } from '../../lib/tokens.ts';
import { rate } from '../csat/rate.ts';
import { portalAttachmentRoutes } from './attachment-routes.ts';
import { getPortalConversation, pollPortal, portalTyping } from './chat.ts';
import { createPortalLimiters, spend, spendStart } from './limits.ts';
import { sendPortalMessage } from './send.ts';
import { invalidToken, type PortalSession, portalTokenOf, resolvePortalSession } from './session.ts';
import { listPortalQueues, startPortalConversation } from './start.ts';
import { portalStreamRoutes } from './stream-routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    portal: PortalSession | null;
  }
}

const TOKEN_NOTE =
  'The portal token comes as `Authorization: Bearer <portal_token>` or `?token=`. Unknown token: 401 ' +
  'INVALID_TOKEN; a token whose conversation can no longer be read (deleted, or its session expired more ' +
  'than 30 days ago): 401 TOKEN_EXPIRED.';

/** The public customer portal: anonymous customers act with a portal token, never a console session. */
export const portalRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'portal');
  const { db, config } = app.deps;
  const limiters = createPortalLimiters(db, config);
  app.addHook('onClose', () => limiters.stop());
  const storage = app.deps.storage;
  app.decorateRequest('portal', null);

  /** Runs before body validation, so a bad token answers 401 before a bad body answers 422. */
  const withSession = async (request: FastifyRequest) => {
    request.portal = await resolvePortalSession(db, portalTokenOf(request));
  };
  /** Per IP, then per token (its hash: no token is kept in memory), before anything else is done. */
  const limitByToken = (request: FastifyRequest) => {
    spend(limiters.messageIp, request.ip);
    const token = portalTokenOf(request);
    if (!token || token.length > 200) throw invalidToken();
    spend(limiters.messageToken, sha256(token));
  };
  const limitMessages = async (request: FastifyRequest) => {
    limitByToken(request);
    await withSession(request);
  };

  app.get(
    '/portal/queues',
    spec(
      'Names and the public queues of a support link',
      {
        description: 'Only active, public queues. An unknown or inactive app: 404 INVALID_APP.',
        querystring: PortalQueuesQuery,
      },
      PortalQueues,
    ),
    async (request) => ok(await listPortalQueues(db, request.query.app_id)),
  );

  app.post(
    '/portal/start',
    {
      ...spec(
        'Start a chat: find or create the customer, open a conversation, issue a portal token',
        {
          description:
            '`queue_id` must be an active public queue of the app; without it, when the app has such queues, ' +
            '422 on `queue_id`. Field errors carry the product spec sentences. Limited per IP (429).',
          body: PortalStartBody,
        },
        PortalStart,
        201,
      ),
      preValidation: async (request) => spendStart(limiters.startIp, request.ip),
    },
    async (request) => ok(await startPortalConversation({ db, config, input: request.body })),
  );

  app.get(
    '/portal/conversation',
    {
      ...spec(
        'The chat behind a portal token, with its latest 50 messages',
        {
          description:
            'Closed and resolved conversations still answer 200 with their status. Opened with the token of a ' +
            'secure link (mailed to the customer’s address), it marks the conversation verified (decision 037). ' +
            TOKEN_NOTE,
          querystring: PortalTokenQuery,
        },
        PortalConversation,
      ),
      preValidation: withSession,
    },
    async (request) => ok(await getPortalConversation(db, request.portal!)),
  );

  app.get(
    '/portal/poll',
    {
      ...spec(
        'New messages, agent typing, status and session expiry',
        {
          description:
            'Messages after `last_message_id`, oldest first (at most 100 per call: poll again from the last ' +
            'id); without it the latest 50, oldest first. Internal notes never appear. Polling does not ' +
            `extend the session. ${TOKEN_NOTE}`,
          querystring: PortalPollQuery,
        },
        PortalPoll,
      ),
      serializerCompiler: leanSerializer,
      preValidation: withSession,
    },
    async (request) => ok(await pollPortal(db, request.portal!, request.query.last_message_id)),
  );

  app.post(
    '/portal/typing',
    {
      ...spec(
        'The customer is typing (shown to agents for a few seconds)',
        {
          description: `Counts as customer activity. Ended chats: 403 CONVERSATION_RESOLVED / CONVERSATION_CLOSED. ${TOKEN_NOTE}`,
          body: PortalTypingBody,
        },
        PortalAck,
      ),
      preValidation: withSession,
    },
    async (request) => {
      await portalTyping({ db, config, session: request.portal! });
      return done('Typing recorded');
    },
  );

  app.post(
    '/portal/messages',
    {
      ...spec(
        'The customer sends a message',
        {
          description:
            'Needs non-blank `content` or at least one attachment id from this session’s uploads. A repeated ' +
            '`client_message_id` returns the first message. Resolved: 403 CONVERSATION_RESOLVED; session ' +
            `expired: 403 CONVERSATION_CLOSED. Limited per IP and per token (429). ${TOKEN_NOTE}`,
          body: PortalSendBody,
        },
        Message,
        201,
      ),
      serializerCompiler: leanSerializer,
      preValidation: async (request) => {
        limitByToken(request);
      }, // The session is checked by the send itself (one statement on the common path), after the body is
      // read. A bad body is kept to answer here, so that a bad token still answers 401 before it.
      attachValidation: true,
    },
    async (request) => {
      if (request.validationError) {
        await resolvePortalSession(db, portalTokenOf(request));
        throw request.validationError;
      }
      const { message } = await sendPortalMessage({
        db,
        config,
        token: portalTokenOf(request),
        input: request.body,
      });
      return ok(message);
    },
  );

  app.post(
    '/portal/rating',
    {
      ...spec(
        'The customer rates the resolution they are asked about (1 to 5, with an optional comment)',
        {
          description:
            'Once per resolution: a second rating answers 409 CONFLICT; after 7 days, 410 RATING_EXPIRED; ' +
            `no rating asked in this conversation: 404. Limited per IP and per token (429). ${TOKEN_NOTE}`,
          body: RatingBody,
        },
        Rated,
        201,
      ),
      preValidation: limitMessages,
    },
    async (request) => {
      const s = request.portal!;
      return ok(await rate(db, { conversationId: s.conversationId, companyId: s.companyId }, request.body));
    },
  );

  await app.register(portalAttachmentRoutes, { storage, withSession, limitMessages });
  await app.register(portalStreamRoutes);
};
