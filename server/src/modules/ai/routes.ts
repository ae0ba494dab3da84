import { AiCompletion, AiCompletionBody, AiSummary, AiSummaryBody } from '@inbox/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { spec, tagRoutes } from '../../http/route-spec.ts';
import { countAiRequest } from '../billing/usage.ts';
import { completeReply, summarizeConversation } from './service.ts';

const METHODS =
  'With `AI_BASE_URL` and `AI_MODEL` set, an OpenAI-compatible chat-completions service answers (`method: ' +
  '"llm"`); without them, or when it fails (then `notice` says why), a built-in offline method does. ' +
  'A conversation outside the caller’s reach answers 404.';

/** AI help for agents: a summary of a conversation and a suggested reply. */
export const aiRoutes: FastifyPluginAsyncZod = async (app) => {
  tagRoutes(app, 'conversations');
  app.post(
    '/conversation/ai-summary',
    {
      ...spec(
        'Summarize a conversation',
        {
          description: `${METHODS} Offline: an extractive summary (participants, state, counts, key sentences). Internal notes may inform it: it is shown to agents only.`,
          body: AiSummaryBody,
        },
        AiSummary,
      ),
      preHandler: app.requireCompany,
    },
    async (request) => {
      const summary = await summarizeConversation({
        ctx: request.companyCtx!,
        log: request.log,
        conversationId: request.body.conversation_id,
      });
      await countAiRequest(request.companyCtx!);
      return ok(summary);
    },
  );

  app.post(
    '/conversation/ai-completion',
    {
      ...spec(
        'Suggest the next reply to the customer',
        {
          description: `${METHODS} Offline: the most similar past agent reply of the same app (full-text search), adapted to this customer; with nothing similar, a reply to the customer’s last message. Internal notes never inform it. A \`draft\` is kept and continued.`,
          body: AiCompletionBody,
        },
        AiCompletion,
      ),
      preHandler: app.requireCompany,
    },
    async (request) => {
      const completion = await completeReply({
        ctx: request.companyCtx!,
        log: request.log,
        input: request.body,
      });
      await countAiRequest(request.companyCtx!);
      return ok(completion);
    },
  );
};
