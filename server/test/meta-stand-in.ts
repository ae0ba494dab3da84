import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GraphCall {
  path: string;
  auth: string;
  body: Record<string, unknown>;
}

/** A multipart body's fields: text as text, files as `{filename, type, size}`. */
async function formFields(raw: Buffer, contentType: string) {
  const form = await new Response(new Uint8Array(raw), {
    headers: { 'content-type': contentType },
  }).formData();
  const fields: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) {
    fields[name] =
      typeof value === 'string' ? value : { filename: value.name, type: value.type, size: value.size };
  }
  return fields;
}

/**
 * Templates as the Graph API lists them (`/{waba_id}/message_templates`): two approved ones the console can
 * fill, one still pending and one whose header is a document.
 */
export const TEMPLATES = [
  {
    name: 'order_update',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    id: '594425479261596',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Order update' },
      {
        type: 'BODY',
        text: 'Hello {{1}}, your order {{2}} has shipped.',
        example: { body_text: [['Pablo', '860198-230332']] },
      },
      { type: 'FOOTER', text: 'Reply STOP to opt out' },
    ],
  },
  {
    name: 'hello_world',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    id: '1192339204654487',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Hello World' },
      {
        type: 'BODY',
        text: 'Welcome and congratulations!! This message demonstrates your ability to send a WhatsApp message notification from the Cloud API, hosted by Meta.',
      },
      { type: 'FOOTER', text: 'WhatsApp Business Platform sample message' },
    ],
  },
  {
    name: 'seasonal_promo',
    language: 'en_US',
    status: 'PENDING',
    category: 'MARKETING',
    id: '778510326993925',
    components: [{ type: 'BODY', text: 'Our summer sale starts {{1}}!' }],
  },
  {
    name: 'shipping_label',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    id: '421066193917744',
    components: [
      { type: 'HEADER', format: 'DOCUMENT' },
      { type: 'BODY', text: 'Your shipping label for order {{1}} is attached.' },
    ],
  },
];

/**
 * A local server speaking the part of Meta's Graph API the product calls: WhatsApp and Messenger sends, a
 * media lookup by id and the media download it points at, media uploads. `failNext` answers the next send
 * (`failUpload` the next upload) with Meta's error body and the given status.
 */
export async function metaStandIn(media: Buffer) {
  const sent: GraphCall[] = [];
  const uploads: GraphCall[] = [];
  const failNext: { status: number; code: number; message: string }[] = [];
  const failUpload: { status: number; code: number; message: string }[] = [];
  let n = 0;
  let base = '';
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      chunks.push(c);
    });
    req.on('end', async () => {
      const url = req.url ?? '';
      const raw = Buffer.concat(chunks);
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const type = req.headers['content-type'] ?? '';
      // Files come as multipart form data: its fields as text, each file as its name, type and size.
      const body: Record<string, unknown> = type.startsWith('multipart/form-data')
        ? await formFields(raw, type)
        : JSON.parse(raw.toString() || '{}');
      if (req.method === 'POST' && /^\/v19\.0\/[^/]+\/media$/.test(url)) {
        const failure = failUpload.shift();
        if (failure) return json(failure.status, { error: { message: failure.message, code: failure.code } });
        uploads.push({ path: url, auth: req.headers.authorization ?? '', body });
        return json(200, { id: `media-${uploads.length}` });
      }
      if (req.method === 'POST' && /^\/v19\.0\/[^/]+\/messages$/.test(url)) {
        const failure = failNext.shift();
        if (failure) {
          json(failure.status, {
            error: { message: failure.message, type: 'OAuthException', code: failure.code },
          });
          return;
        }
        sent.push({ path: url, auth: req.headers.authorization ?? '', body });
        n += 1;
        if (url === '/v19.0/me/messages') {
          const recipient = typeof body.recipient === 'string' ? JSON.parse(body.recipient) : body.recipient;
          json(200, { recipient_id: recipient?.id, message_id: `m_out_${n}` });
        } else json(200, { messaging_product: 'whatsapp', messages: [{ id: `wamid.out${n}` }] });
        return;
      }
      if (req.method === 'GET' && /^\/v19\.0\/[^/]+\/message_templates\?/.test(url)) {
        if (req.headers.authorization !== 'Bearer wa-access-token')
          return json(401, { error: { message: 'Bad token', code: 190 } });
        return json(200, { data: TEMPLATES, paging: { cursors: { before: 'MAZDZD', after: 'MjQZD' } } });
      }
      if (req.method === 'GET' && url.startsWith('/v19.0/')) {
        const id = url.slice('/v19.0/'.length);
        // A Messenger profile, read with the page token.
        if (url.includes('fields=first_name') && req.headers.authorization === 'Bearer page-token') {
          return json(200, { first_name: 'Ola', last_name: 'Nordmann', id: id.split('?')[0] });
        }
        if (req.headers.authorization !== 'Bearer wa-access-token')
          return json(401, { error: { message: 'Bad token', code: 190 } });
        json(200, { id, mime_type: 'image/png', url: `${base}/files/${id}` });
        return;
      }
      if (req.method === 'GET' && url.startsWith('/files/')) {
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(media);
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: `${base}/v19.0`,
    base,
    sent,
    uploads,
    failNext,
    failUpload,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
