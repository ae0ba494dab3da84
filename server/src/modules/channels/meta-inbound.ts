import type { DeliveryStatus } from '@inbox/contract';
import { and, eq, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { integrations } from '../../db/schema/index.ts';
import { AppError, forbidden, notFound, unauthenticated } from '../../http/app-error.ts';
import { readPhone } from '../../lib/phone.ts';
import { openIntegrationSecret } from '../../lib/secrets-box.ts';
import { isSqlInt } from '../access/conversation-visibility.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import { customerWith } from '../customers/identities.ts';
import { setDelivery } from './delivery-status.ts';
import { customerByIdentity, type IntegrationRow, receiveInbound } from './ingest.ts';
import { extensionOf, keptMedia } from './media.ts';
import {
  deliveryOfWhatsApp,
  download,
  fetchWhatsAppMedia,
  messengerName,
  validMetaSignature,
} from './meta.ts';
import {
  type MessengerEvent,
  summaryOf,
  type WhatsAppChange,
  type WhatsAppMessage,
} from './meta-payloads.ts';

export type MetaType = 'whatsapp' | 'facebook';

async function integrationOf(db: Db, type: MetaType, id: number) {
  if (!isSqlInt(id)) return undefined;
  const [row] = await db
    .select()
    .from(integrations)
    .where(and(eq(integrations.id, id), eq(integrations.type, type)));
  return row;
}

/**
 * `GET /channels/{whatsapp|facebook}/{id}`: Meta's subscription check. The verify token must be the one set
 * on the integration; the answer is the challenge, as it came.
 */
export async function verifyMetaSubscription(db: Db, type: MetaType, id: number, q: Record<string, string>) {
  const integration = await integrationOf(db, type, id);
  const token = String((integration?.settings as { verify_token?: string } | undefined)?.verify_token ?? '');
  if (!integration || q['hub.mode'] !== 'subscribe' || !token || q['hub.verify_token'] !== token) {
    throw forbidden('The verify token does not match');
  }
  return q['hub.challenge'] ?? '';
}

/**
 * `POST /channels/{whatsapp|facebook}/{id}`: Meta's notifications, checked by `X-Hub-Signature-256` over the
 * raw body before anything is read: customer messages (with their media) in, receipts of our replies
 * moving their delivery forward. An id that is no such integration answers the same 401 as a bad signature.
 * Answers the WhatsApp senders whose id read as no phone number (their messages are stored all the same).
 */
export async function handleMetaWebhook(
  db: Db,
  storage: AttachmentStorage,
  config: Config,
  call: { type: MetaType; integrationId: number; raw: string; signature?: string },
) {
  const integration = await integrationOf(db, call.type, call.integrationId);
  const secret = (name: string) =>
    integration
      ? (openIntegrationSecret(config.secrets, integration.id, integration.secrets, name) ?? '')
      : '';
  if (!integration || !validMetaSignature(secret('app_secret'), call.raw, call.signature)) {
    throw unauthenticated('The X-Hub-Signature-256 does not match');
  }
  if (!integration.isActive) throw notFound('Integration');
  let payload: { entry?: unknown[] };
  try {
    payload = JSON.parse(call.raw);
  } catch {
    throw new AppError('VALIDATION_ERROR', 'The body is not JSON');
  }
  const ctx: Ctx = { db, storage, config, integration, token: '', notPhones: [] };
  if (call.type === 'whatsapp') {
    ctx.token = secret('access_token');
    const phoneNumberId = String((integration.settings as { phone_number_id?: string }).phone_number_id);
    for (const entry of (payload.entry ?? []) as { changes?: WhatsAppChange[] }[]) {
      for (const change of entry.changes ?? []) {
        const v = change.value;
        // One Meta app may serve several numbers: only this integration's are ours.
        if (change.field !== 'messages' || v?.metadata?.phone_number_id !== phoneNumberId) continue;
        const names = new Map((v.contacts ?? []).map((c) => [c.wa_id, c.profile?.name]));
        for (const m of v.messages ?? []) await whatsAppMessage(ctx, m, names.get(m.from));
        for (const s of v.statuses ?? []) {
          const status = deliveryOfWhatsApp(s.status);
          const e = s.errors?.[0];
          if (status) {
            await receipt(db, integration.id, s.id, {
              status,
              error:
                status === 'failed'
                  ? `Meta error${e?.code ? ` ${e.code}` : ''}: ${e?.message ?? e?.title ?? 'not delivered'}`
                  : null,
            });
          }
        }
      }
    }
    return { notPhones: ctx.notPhones };
  }
  ctx.token = secret('page_access_token');
  const pageId = String((integration.settings as { page_id?: string }).page_id);
  for (const entry of (payload.entry ?? []) as { id?: string; messaging?: MessengerEvent[] }[]) {
    if (String(entry.id) !== pageId) continue;
    for (const e of entry.messaging ?? []) await messengerEvent(ctx, e);
  }
  return { notPhones: ctx.notPhones };
}

interface Ctx {
  db: Db;
  storage: AttachmentStorage;
  config: Config;
  integration: IntegrationRow;
  token: string;
  /** WhatsApp senders whose id read as no phone: stored without one, named to the route to log. */
  notPhones: string[];
}

async function whatsAppMessage(ctx: Ctx, m: WhatsAppMessage, profileName: string | undefined) {
  const files: { filename: string; data: Buffer }[] = [];
  const notes: string[] = [];
  const media = m.image ?? m.document ?? m.audio ?? m.video ?? m.sticker;
  if (media?.id) {
    const mime = media.mime_type ?? '';
    if (keptMedia(mime)) {
      const data = await fetchWhatsAppMedia(ctx.config, ctx.token, media.id).catch((err: Error) => {
        throw new AppError('SERVICE_UNAVAILABLE', `The media could not be fetched: ${err.message}`);
      });
      files.push({ filename: media.filename ?? `whatsapp-${m.type}.${extensionOf(mime)}`, data });
    } else notes.push(`[Not kept: a ${m.type} of type ${mime || 'unknown'}]`);
  }
  // The WhatsApp id is the customer's identity; their phone only when it reads as one (else the route logs
  // it, and the message is stored all the same).
  const phone = readPhone(`+${m.from}`);
  if (phone === null) ctx.notPhones.push(m.from);
  const name =
    profileName || (phone && parsePhoneNumberFromString(phone)?.formatInternational()) || phone || m.from;
  await receiveInbound(ctx.db, ctx.storage, {
    integration: ctx.integration,
    channel: 'whatsapp',
    externalId: m.id,
    customer: customerByIdentity(ctx.integration, {
      kind: 'whatsapp',
      value: m.from,
      name,
      ...(phone ? { phone } : {}),
    }),
    content: [summaryOf(m), ...notes].filter(Boolean).join('\n'),
    files,
  });
}

async function messengerEvent(ctx: Ctx, e: MessengerEvent) {
  const psid = e.sender?.id;
  if (e.delivery) {
    for (const mid of e.delivery.mids ?? [])
      await receipt(ctx.db, ctx.integration.id, mid, { status: 'delivered' });
    return;
  }
  if (e.read && psid) {
    await readUpTo(ctx.db, ctx.integration.id, psid, Number(e.read.watermark));
    return;
  }
  const m = e.message;
  // Our own replies come back as echoes: they are already in the thread.
  if (!m?.mid || m.is_echo || !psid) return;
  const files: { filename: string; data: Buffer }[] = [];
  const notes: string[] = [];
  for (const [i, a] of (m.attachments ?? []).entries()) {
    const url = a.payload?.url;
    if (!url || !['image', 'file'].includes(a.type)) {
      notes.push(`[Not kept: a ${a.type}]`);
      continue;
    }
    const data = await download(url).catch((err: Error) => {
      throw new AppError('SERVICE_UNAVAILABLE', `The attachment could not be fetched: ${err.message}`);
    });
    const named = /\/([^/?]+\.[a-z0-9]{2,5})(?:\?|$)/i.exec(url)?.[1];
    files.push({ filename: named ?? `messenger-${i + 1}.${a.type === 'image' ? 'jpg' : 'bin'}`, data });
  }
  // A first contact is named from their Messenger profile; someone known keeps the name agents gave them.
  const known = await customerWith(ctx.db, ctx.integration.companyId, 'psid', psid);
  const name =
    (known === null ? await messengerName(ctx.config, ctx.token, psid) : null) ??
    `Messenger customer ${psid.slice(-4)}`;
  await receiveInbound(ctx.db, ctx.storage, {
    integration: ctx.integration,
    channel: 'facebook',
    externalId: m.mid,
    customer: customerByIdentity(ctx.integration, { kind: 'psid', value: psid, name }),
    content: [m.text ?? '', ...notes].filter(Boolean).join('\n'),
    files,
  });
}

/** A receipt for one of our replies through this integration; another integration's message is not found. */
async function receipt(
  db: Db,
  integrationId: number,
  providerId: string,
  next: { status: DeliveryStatus; error?: string | null },
) {
  const res = await db.execute<{ id: number }>(sql`
    select m.id from messages m join conversations c on c.id = m.conversation_id
    where m.provider_message_id = ${providerId} and c.integration_id = ${integrationId}`);
  const row = res.rows[0];
  if (row) await db.transaction((tx) => setDelivery(tx, Number(row.id), next));
}

/** Messenger's read receipt: every reply to this customer sent before the watermark has been read. */
async function readUpTo(db: Db, integrationId: number, psid: string, watermark: number) {
  if (!Number.isFinite(watermark)) return;
  const res = await db.execute<{ id: number }>(sql`
    select m.id from messages m
    join conversations c on c.id = m.conversation_id
    join customer_identities ci on ci.customer_id = c.customer_id and ci.kind = 'psid' and ci.value = ${psid}
    where c.integration_id = ${integrationId} and m.delivery_status in ('sent', 'delivered')
      and m.created_at <= to_timestamp(${watermark / 1000})`);
  for (const r of res.rows) await db.transaction((tx) => setDelivery(tx, Number(r.id), { status: 'read' }));
}
