import type { AiCompletion, AiCompletionBody, AiSummary } from '@inbox/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { CompanyCtx } from '../access/context.ts';
import { recordActivity } from '../activities/service.ts';
import { type AiConversation, loadAiConversation } from './context.ts';
import { extractiveSummary } from './extractive-summary.ts';
import { type Holdings, holdings, keepSupported } from './facts.ts';
import { chatCompletion, LlmError } from './llm.ts';
import {
  foreignNames,
  mergeDraft,
  openQuestion,
  pastReplySuggestion,
  templateReply,
} from './offline-reply.ts';
import { completionPrompt, summaryPrompt } from './prompts.ts';
import { redact } from './redact.ts';
import { findSimilarReplies } from './similar-replies.ts';
import { terms } from './text.ts';

const fallbackNotice = (reason: string) =>
  `The AI service could not be used (${reason}), so this was made offline.`;

/**
 * Asks the configured AI service; on any failure logs why and answers `null`, so the caller falls back to
 * its offline method and says so.
 */
async function tryLlm(
  ctx: CompanyCtx,
  log: FastifyBaseLogger,
  what: 'summary' | 'completion',
  run: () => Promise<string>,
): Promise<{ text: string } | { reason: string } | null> {
  if (!ctx.config.ai) return null;
  try {
    return { text: await run() };
  } catch (err) {
    if (!(err instanceof LlmError)) throw err;
    log.warn({ reason: err.message, model: ctx.config.ai.model }, `AI ${what} failed; answering offline`);
    return { reason: err.message };
  }
}

async function audit(ctx: CompanyCtx, c: AiConversation, action: string, method: string) {
  await recordActivity(ctx.db, ctx.actor, {
    companyId: ctx.companyId,
    action,
    entityType: 'conversation',
    entityId: c.id,
    details: { method },
  });
}

export async function summarizeConversation(opts: {
  ctx: CompanyCtx;
  log: FastifyBaseLogger;
  conversationId: number;
}): Promise<AiSummary> {
  const { ctx, log } = opts;
  const c = await loadAiConversation(ctx, ctx.db, opts.conversationId);
  const llm = await tryLlm(ctx, log, 'summary', () =>
    chatCompletion(ctx.config.ai!, summaryPrompt(c), { maxTokens: 400 }),
  );
  const answer: AiSummary =
    llm && 'text' in llm
      ? { summary: llm.text, method: 'llm' }
      : {
          summary: extractiveSummary(c),
          method: 'offline-extractive',
          ...(llm ? { notice: fallbackNotice(llm.reason) } : {}),
        };
  await audit(ctx, c, 'conversation.ai_summary', answer.method);
  return answer;
}

/** The model's reply cut to what this conversation holds; the agent's draft stays as typed. */
function keepDraftAndSupported(text: string, draft: string | undefined, held: Holdings, others: string[]) {
  const d = draft?.trim();
  const body = text.trimStart();
  if (!d || !body.startsWith(d)) return keepSupported(text, held, others);
  const tail = body.slice(d.length);
  const rest = keepSupported(tail, held, others);
  return rest ? `${d}${tail.match(/^\s*/)?.[0] ?? ''}${rest}` : d;
}

export async function completeReply(opts: {
  ctx: CompanyCtx;
  log: FastifyBaseLogger;
  input: AiCompletionBody;
}): Promise<AiCompletion> {
  const { ctx, log, input } = opts;
  const c = await loadAiConversation(ctx, ctx.db, input.conversation_id);
  const agentName = ctx.actor.user.name;
  const question = openQuestion(c.messages);
  // The opening names the topic ("invoice", "double charge"); the open question and the draft what to answer now.
  const opening = c.messages.find((m) => m.senderType === 'customer' && !m.isPrivate);
  const queryText = [...new Set([opening, ...question])]
    .map((m) => m?.content ?? '')
    .concat(input.draft ?? '')
    .join('\n')
    .slice(0, 2000);
  const similar =
    terms(queryText).length > 0
      ? await findSimilarReplies(ctx, {
          appId: c.appId,
          conversationId: c.id,
          text: queryText,
          ...(c.verified ? {} : { excludeCustomerId: c.customerId }),
        })
      : [];
  // What a suggestion may state: this conversation's words and the agent's draft; promises only as staff's.
  const staff = c.messages.filter((m) => m.senderType === 'agent').map((m) => m.content);
  const held = holdings(
    [...c.messages.map((m) => m.content), input.draft ?? ''],
    [...staff, input.draft ?? ''],
  );
  const others = similar.flatMap((s) => foreignNames(s, c.customerName));

  const llm = await tryLlm(ctx, log, 'completion', async () => {
    // Other customers' details never leave for the AI service; what it still invents is cut on return.
    const examples = similar.map((s) => redact(s.content, [s.customerName]));
    const text = await chatCompletion(
      ctx.config.ai!,
      completionPrompt(c, { agentName, examples, draft: input.draft }),
      { maxTokens: 500 },
    );
    return keepDraftAndSupported(text, input.draft, held, others);
  });
  let answer: AiCompletion;
  if (llm && 'text' in llm && llm.text) {
    answer = { completion: llm.text, method: 'llm' };
  } else {
    const past = pastReplySuggestion(similar, c, agentName, held);
    answer = {
      completion: mergeDraft(input.draft, past ?? templateReply(c, agentName, question)),
      method: past ? 'offline-similar-replies' : 'offline-template',
      ...(llm && 'reason' in llm ? { notice: fallbackNotice(llm.reason) } : {}),
    };
  }
  await audit(ctx, c, 'conversation.ai_completion', answer.method);
  return answer;
}
