import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentSms {
  accountSid: string;
  auth: string;
  form: Record<string, string>;
}

/**
 * A local server speaking the part of Twilio's REST API the product calls: `Messages.json` (send) and MMS
 * media downloads. `failNext` answers the next sends with the given statuses and Twilio's error body first.
 */
export async function twilioStandIn(media: Buffer) {
  const sent: SentSms[] = [];
  const failNext: { status: number; code: number; message: string }[] = [];
  let n = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const url = req.url ?? '';
      const send = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(url);
      if (req.method === 'POST' && send) {
        const failure = failNext.shift();
        if (failure) {
          res.writeHead(failure.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ code: failure.code, message: failure.message, status: failure.status }));
          return;
        }
        const form = Object.fromEntries(new URLSearchParams(body));
        sent.push({ accountSid: send[1]!, auth: req.headers.authorization ?? '', form });
        const sid = `SM${String(++n).padStart(32, '0')}`;
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ sid, status: 'queued', to: form.To, body: form.Body }));
        return;
      }
      if (req.method === 'GET' && /\/Media\//.test(url)) {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(media);
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, sent, failNext, close: () => new Promise<void>((r) => server.close(() => r())) };
}
