import { z } from 'zod';
import { Id } from './envelope.ts';
import { MAX_MESSAGE_LENGTH } from './messages.ts';

/**
 * How an AI answer was made: `llm` by the configured chat-completions service; the `offline-*` methods by the
 * server itself (no AI service configured, or it failed: then `notice` says so).
 */
export const AI_METHODS = [
  'llm',
  'offline-extractive',
  'offline-similar-replies',
  'offline-template',
] as const;
export type AiMethod = (typeof AI_METHODS)[number];

export const AiSummaryBody = z.object({ conversation_id: Id });
export type AiSummaryBody = z.infer<typeof AiSummaryBody>;

export const AiSummary = z.object({
  summary: z.string(),
  method: z.enum(AI_METHODS),
  notice: z
    .string()
    .optional()
    .describe('set when the AI service was configured but could not answer, so an offline method did'),
});
export type AiSummary = z.infer<typeof AiSummary>;

export const AiCompletionBody = z.object({
  conversation_id: Id,
  draft: z
    .string()
    .trim()
    .max(MAX_MESSAGE_LENGTH, `Message must be at most ${MAX_MESSAGE_LENGTH} characters`)
    .optional()
    .describe("the agent's unfinished reply; the completion continues it"),
});
export type AiCompletionBody = z.infer<typeof AiCompletionBody>;

export const AiCompletion = z.object({
  completion: z.string().describe('a whole reply to put in the composer (the draft included when given)'),
  method: z.enum(AI_METHODS),
  notice: z.string().optional(),
});
export type AiCompletion = z.infer<typeof AiCompletion>;
