import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** What an OpenAI-compatible client posts to /chat/completions. */
export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  temperature?: number;
  max_tokens?: number;
}

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: ChatRequest;
}

/**
 * A local server speaking the OpenAI chat-completions protocol, for tests: it records every request and
 * answers with `reply` (or fails as `mode` says).
 */
export async function startFakeLlm() {
  const seen: SeenRequest[] = [];
  const state = { mode: 'ok' as 'ok' | 'error' | 'empty' | 'garbage', reply: 'Fake answer' };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      seen.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body: JSON.parse(raw || '{}') as ChatRequest,
      });
      if (state.mode === 'error') {
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"overloaded"}}');
        return;
      }
      if (state.mode === 'garbage') {
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy error</html>');
        return;
      }
      const content = state.mode === 'empty' ? '' : state.reply;
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          model: 'fake',
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    seen,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
