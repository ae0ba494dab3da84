import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DeliveryStatus } from '@inbox/contract';
import type { Config } from '../../config.ts';
import type { ProviderResult } from './provider-result.ts';
import type { ReplyFile } from './reply-files.ts';

/**
 * Meta's Graph API for the WhatsApp Cloud API and Messenger (contract section 10): the signature on its
 * webhooks, sending a text reply, and fetching media. `META_API_URL` is the Graph API base with its version.
 */

/** `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`, in constant time. */
export function validMetaSignature(appSecret: string, rawBody: string, given: string | undefined) {
  if (!appSecret || !given?.startsWith('sha256=')) return false;
  const expected = Buffer.from(createHmac('sha256', appSecret).update(rawBody, 'utf8').digest('hex'));
  const actual = Buffer.from(given.slice('sha256='.length));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

interface GraphError {
  error?: { message?: string; code?: number; error_subcode?: number; is_transient?: boolean };
}

async function graphPost(
  url: string,
  token: string,
  body: unknown,
): Promise<{ status: number; json: unknown }> {
  // Files go as multipart form data (fetch writes its boundary), everything else as JSON.
  const form = body instanceof FormData;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(form ? {} : { 'content-type': 'application/json' }),
    },
    body: form ? body : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  return { status: res.status, json: await res.json().catch(() => ({})) };
}

/** A Graph API answer as a send result: Meta's own words on failure; 429, 5xx and transient errors retried. */
function resultOf(status: number, json: unknown, id: string | undefined): ProviderResult {
  if (status >= 200 && status < 300 && id) return { ok: true, providerMessageId: id };
  const e = (json as GraphError).error;
  const error = e?.message
    ? `Meta error${e.code ? ` ${e.code}` : ''}: ${e.message}`
    : `Meta answered ${status}`;
  return { ok: false, retry: status === 429 || status >= 500 || e?.is_transient === true, error };
}

async function send(url: string, token: string, body: unknown, idOf: (json: unknown) => string | undefined) {
  try {
    const { status, json } = await graphPost(url, token, body);
    return resultOf(status, json, idOf(json));
  } catch (err) {
    return { ok: false as const, retry: true, error: `Meta could not be reached: ${(err as Error).message}` };
  }
}

interface WhatsAppTo {
  phoneNumberId: string;
  token: string;
  to: string;
}

/** One message from the business number to the customer's WhatsApp id; `content` is its type and body. */
const sendWhatsAppMessage = (config: Config, o: WhatsAppTo, content: Record<string, unknown>) =>
  send(
    `${config.metaApiUrl}/${encodeURIComponent(o.phoneNumberId)}/messages`,
    o.token,
    { messaging_product: 'whatsapp', recipient_type: 'individual', to: o.to, ...content },
    (json) => (json as { messages?: { id?: string }[] }).messages?.[0]?.id,
  );

/** A WhatsApp text. */
export const sendWhatsApp = (config: Config, o: WhatsAppTo & { body: string }) =>
  sendWhatsAppMessage(config, o, { type: 'text', text: { body: o.body } });

/** An approved WhatsApp template with its body values, the only thing WhatsApp takes outside the window. */
export const sendWhatsAppTemplate = (
  config: Config,
  o: WhatsAppTo & { template: { name: string; language: string; parameters: string[] } },
) =>
  sendWhatsAppMessage(config, o, {
    type: 'template',
    template: {
      name: o.template.name,
      language: { code: o.template.language },
      components: o.template.parameters.length
        ? [{ type: 'body', parameters: o.template.parameters.map((text) => ({ type: 'text', text })) }]
        : [],
    },
  });

const blobOf = (f: ReplyFile) => new Blob([new Uint8Array(f.data)], { type: f.mime });

/**
 * A file to the customer on WhatsApp: uploaded to the number's media first (`/{phone_number_id}/media`), then
 * sent by its media id. JPEG and PNG pictures up to 5 MB go as images, everything else as a document
 * (WhatsApp's own limits).
 */
export async function sendWhatsAppFile(
  config: Config,
  o: WhatsAppTo & { file: ReplyFile },
): Promise<ProviderResult> {
  const form = new FormData();
  form.append('messaging_product', 'whatsapp');
  form.append('type', o.file.mime);
  form.append('file', blobOf(o.file), o.file.filename);
  const uploaded = await send(
    `${config.metaApiUrl}/${encodeURIComponent(o.phoneNumberId)}/media`,
    o.token,
    form,
    (json) => (json as { id?: string }).id,
  );
  if (!uploaded.ok) return uploaded;
  const id = uploaded.providerMessageId;
  const picture = /^image\/(jpeg|png)$/.test(o.file.mime) && o.file.data.length <= 5 * 1024 * 1024;
  return sendWhatsAppMessage(
    config,
    o,
    picture
      ? { type: 'image', image: { id } }
      : { type: 'document', document: { id, filename: o.file.filename } },
  );
}

/** A file to the customer on Messenger, uploaded with the message itself (`filedata`). */
export function sendMessengerFile(config: Config, o: { token: string; psid: string; file: ReplyFile }) {
  const form = new FormData();
  form.append('recipient', JSON.stringify({ id: o.psid }));
  form.append('messaging_type', 'RESPONSE');
  const type = o.file.mime.startsWith('image/') ? 'image' : 'file';
  form.append('message', JSON.stringify({ attachment: { type, payload: { is_reusable: false } } }));
  form.append('filedata', blobOf(o.file), o.file.filename);
  return send(
    `${config.metaApiUrl}/me/messages`,
    o.token,
    form,
    (json) => (json as { message_id?: string }).message_id,
  );
}

/** A Messenger reply from the page to the customer's page-scoped id, inside the 24-hour window. */
export const sendMessenger = (config: Config, o: { token: string; psid: string; body: string }) =>
  send(
    `${config.metaApiUrl}/me/messages`,
    o.token,
    { recipient: { id: o.psid }, messaging_type: 'RESPONSE', message: { text: o.body } },
    (json) => (json as { message_id?: string }).message_id,
  );

/** A WhatsApp receipt's status as ours. */
export function deliveryOfWhatsApp(status: string): DeliveryStatus | null {
  return (['sent', 'delivered', 'read', 'failed'] as const).find((s) => s === status) ?? null;
}

/** WhatsApp media by id: its short-lived URL from the Graph API, then the bytes, both with the access token. */
export async function fetchWhatsAppMedia(config: Config, token: string, mediaId: string): Promise<Buffer> {
  const auth = { authorization: `Bearer ${token}` };
  const meta = await fetch(`${config.metaApiUrl}/${encodeURIComponent(mediaId)}`, {
    headers: auth,
    signal: AbortSignal.timeout(15_000),
  });
  const { url } = (await meta.json().catch(() => ({}))) as { url?: string };
  if (!meta.ok || !url) throw new Error(`Meta answered ${meta.status} for media ${mediaId}`);
  return download(url, auth);
}

/** A file Meta points at (Messenger attachments carry their URL; WhatsApp's come from the media lookup). */
export async function download(url: string, headers: Record<string, string> = {}): Promise<Buffer> {
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new Error(`Meta answered ${res.status} for a file`);
  return Buffer.from(await res.arrayBuffer());
}

/**
 * A Messenger customer's name from their public profile (`first_name`, `last_name`, with the page token);
 * null when Meta gives none (the profile is private, or the call fails), so the caller names them otherwise.
 */
export async function messengerName(config: Config, token: string, psid: string): Promise<string | null> {
  try {
    const res = await fetch(`${config.metaApiUrl}/${encodeURIComponent(psid)}?fields=first_name,last_name`, {
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5_000),
    });
    if (!res.ok) return null;
    const p = (await res.json()) as { first_name?: string; last_name?: string };
    return [p.first_name, p.last_name].filter(Boolean).join(' ').trim().slice(0, 200) || null;
  } catch {
    return null;
  }
}
