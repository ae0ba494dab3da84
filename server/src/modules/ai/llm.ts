import type { Config } from '../../config.ts';

export type AiSettings = NonNullable<Config['ai']>;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** An AI service that did not answer usefully; the caller falls back to an offline method. */
export class LlmError extends Error {}

/** Long enough for a slow model to write a few paragraphs, short enough that an agent still waits. */
export const LLM_TIMEOUT_MS = 20_000;

interface ChatCompletionAnswer {
  choices?: { message?: { content?: unknown } }[];
}

/**
 * One call to an OpenAI-compatible `POST {AI_BASE_URL}/chat/completions`. Any failure (network, timeout,
 * non-2xx, an answer without text) is an `LlmError` naming what went wrong, never the request's content.
 */
export async function chatCompletion(
  ai: AiSettings,
  messages: ChatMessage[],
  opts: { maxTokens: number; timeoutMs?: number },
): Promise<string> {
  const url = `${ai.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (ai.apiKey) headers.authorization = `Bearer ${ai.apiKey}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: ai.model, messages, temperature: 0.2, max_tokens: opts.maxTokens }),
      signal: AbortSignal.timeout(opts.timeoutMs ?? LLM_TIMEOUT_MS),
    });
  } catch (err) {
    const name = (err as Error).name;
    throw new LlmError(
      name === 'TimeoutError' ? 'the AI service did not answer in time' : 'the AI service is unreachable',
    );
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new LlmError(`the AI service answered HTTP ${res.status}`);
  }
  let body: ChatCompletionAnswer;
  try {
    body = (await res.json()) as ChatCompletionAnswer;
  } catch {
    throw new LlmError('the AI service answered something that is not JSON');
  }
  const content = body.choices?.[0]?.message?.content;
  if (typeof content !== 'string' || content.trim() === '') {
    throw new LlmError('the AI service answered without text');
  }
  return content.trim();
}
