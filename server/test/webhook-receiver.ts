import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  url: string;
}

/** A local HTTP server that records what it is sent and answers with the next status of `answers`. */
export async function receiver(answers: number[] = []) {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body, url: req.url ?? '' });
      res.writeHead(answers.shift() ?? 200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { got, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** What the Standard Webhooks reference library makes of a received request: its payload, or a throw. */
export const verify = (secret: string, r: Received, body = r.body) =>
  new Webhook(secret).verify(body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  }) as Record<string, unknown> & {
    event_id: number;
    type: string;
    created_ts: string;
    data: Record<string, unknown>;
  };
