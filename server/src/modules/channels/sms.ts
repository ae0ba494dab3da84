import { and, eq, sql } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { integrations } from '../../db/schema/index.ts';
import { AppError, notFound, unauthenticated } from '../../http/app-error.ts';
import { readPhone } from '../../lib/phone.ts';
import { openIntegrationSecret } from '../../lib/secrets-box.ts';
import { isSqlInt } from '../access/conversation-visibility.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import { setDelivery } from './delivery-status.ts';
import { customerByIdentity, receiveInbound } from './ingest.ts';
import { extensionOf, keptMedia } from './media.ts';
import { deliveryOfTwilio, fetchTwilioMedia, type SmsSettings, validTwilioSignature } from './twilio.ts';

export type TwilioOutcome =
  | { kind: 'message'; duplicate: boolean; notAPhone?: string }
  | { kind: 'status'; changed: boolean };

/**
 * `POST /channels/sms/{integration_id}` (contract section 10): Twilio's incoming messages and the receipts
 * of our replies, on one URL. The signature is checked over the URL Twilio was given (`PUBLIC_URL`) and the
 * form parameters before anything is read or stored: a bad or missing one answers 401. A switched-off
 * integration answers 404 to its provider.
 */
export async function handleTwilioWebhook(
  db: Db,
  storage: AttachmentStorage,
  config: Config,
  call: { integrationId: number; query: string; params: Record<string, string>; signature?: string },
): Promise<TwilioOutcome> {
  const [integration] = isSqlInt(call.integrationId)
    ? await db
        .select()
        .from(integrations)
        .where(and(eq(integrations.id, call.integrationId), eq(integrations.type, 'sms')))
    : [];
  // An id that is no SMS integration cannot have signed anything: the same 401, so ids are not revealed.
  const url = `${config.publicUrl}/api/v1/channels/sms/${call.integrationId}${call.query}`;
  const authToken = integration
    ? (openIntegrationSecret(config.secrets, integration.id, integration.secrets, 'auth_token') ?? '')
    : '';
  if (!integration || !validTwilioSignature(authToken, url, call.params, call.signature)) {
    throw unauthenticated('The X-Twilio-Signature does not match');
  }
  if (!integration.isActive) throw notFound('Integration');
  const p = call.params;
  if (p.MessageStatus && p.Body === undefined)
    return { kind: 'status', changed: await receipt(db, integration.id, p) };
  const from = p.From?.trim();
  const externalId = p.MessageSid ?? p.SmsMessageSid;
  if (!from || !externalId) throw new AppError('VALIDATION_ERROR', 'From and MessageSid are required');
  // A sender that is no possible phone (an alphanumeric sender id, a short code) still has its message
  // stored: the customer is known by that sender on this integration, without a phone (the route logs it).
  const phone = readPhone(from);
  const settings = integration.settings as unknown as SmsSettings;
  const { files, skipped } = await mediaOf(config, settings, authToken, p);
  const note = skipped.length > 0 ? `\n[Not kept: ${skipped.join(', ')}]` : '';
  const received = await receiveInbound(db, storage, {
    integration,
    channel: 'sms',
    externalId,
    customer: customerByIdentity(integration, senderIdentity(integration.id, from, phone)),
    content: `${p.Body ?? ''}${note}`.trim(),
    files,
  });
  return { kind: 'message', duplicate: received.duplicate, ...(phone ? {} : { notAPhone: from }) };
}

/**
 * The customer an SMS sender is: their phone identity (E.164) and number, known by the number written as
 * people read it until an agent names them; a sender that is no phone, an `external` identity of this
 * integration (`<integration id>:<sender>`, as the API integration keys outside ids) and no phone.
 */
function senderIdentity(integrationId: number, from: string, phone: string | null) {
  if (phone === null)
    return { kind: 'external' as const, value: `${integrationId}:${from}`, name: from.slice(0, 200) };
  const name = parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
  return { kind: 'phone' as const, value: phone, name, phone };
}

/** MMS media as files; types the inbox does not keep are named instead. */
async function mediaOf(config: Config, settings: SmsSettings, authToken: string, p: Record<string, string>) {
  const count = Math.min(Number(p.NumMedia ?? 0) || 0, 10);
  const files: { filename: string; data: Buffer }[] = [];
  const skipped: string[] = [];
  for (let i = 0; i < count; i++) {
    const type = (p[`MediaContentType${i}`] ?? '').toLowerCase();
    const url = p[`MediaUrl${i}`];
    if (!url) continue;
    if (!keptMedia(type)) {
      skipped.push(`a file of type ${type || 'unknown'}`);
      continue;
    }
    const data = await fetchTwilioMedia({ config, settings, authToken, url }).catch((err: Error) => {
      throw new AppError('SERVICE_UNAVAILABLE', `The MMS media could not be fetched: ${err.message}`);
    });
    files.push({ filename: `mms-${i + 1}.${extensionOf(type)}`, data });
  }
  return { files, skipped };
}

/** A receipt for one of our replies through this integration; another integration's message is not found. */
async function receipt(db: Db, integrationId: number, p: Record<string, string>) {
  const status = deliveryOfTwilio(p.MessageStatus ?? '');
  const sid = p.MessageSid ?? p.SmsSid;
  if (!status || !sid) return false;
  const res = await db.execute<{ id: number }>(sql`
    select m.id from messages m join conversations c on c.id = m.conversation_id
    where m.provider_message_id = ${sid} and c.integration_id = ${integrationId}`);
  const row = res.rows[0];
  if (!row) return false;
  const error =
    status === 'failed'
      ? `Twilio error${p.ErrorCode ? ` ${p.ErrorCode}` : ''}: ${p.ErrorMessage ?? `the message was ${p.MessageStatus}`}`
      : null;
  return db.transaction((tx) => setDelivery(tx, Number(row.id), { status, error }));
}
