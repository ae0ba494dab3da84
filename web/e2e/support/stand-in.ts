import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandInRequest {
  method: string;
  url: string;
  body: string;
}

/**
 * A provider's HTTP API stood in on a free local port (Twilio's, Meta's Graph API): `respond` answers each
 * request, JSON, from its method, path and raw body.
 */
export async function startStandIn(respond: (req: StandInRequest) => { status?: number; json: unknown }) {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const answer = respond({ method: req.method ?? 'GET', url: req.url ?? '/', body });
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}
