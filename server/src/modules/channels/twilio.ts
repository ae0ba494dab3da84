import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DeliveryStatus } from '@inbox/contract';
import type { Config } from '../../config.ts';
import type { ProviderResult } from './provider-result.ts';

/**
 * SMS and MMS through Twilio (contract section 10): the signature Twilio puts on its webhooks, sending a
 * reply through the Messages API, reading its delivery receipts and fetching MMS media.
 */

/**
 * `X-Twilio-Signature` as Twilio computes it: base64 HMAC-SHA1, keyed with the auth token, of the full URL
 * Twilio called followed by every form parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>) {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function validTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  given: string | undefined,
) {
  if (!given || !authToken) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

export interface SmsSettings {
  account_sid: string;
  phone_number?: string;
  messaging_service_sid?: string;
}

const basicAuth = (sid: string, token: string) =>
  `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`;

/**
 * Sends one text through the Messages API, from the integration's Messaging Service when it has one (Twilio
 * then picks the number), else from its number; receipts come back to `statusCallback`.
 */
export async function sendSms(opts: {
  config: Config;
  settings: SmsSettings;
  authToken: string;
  to: string;
  body: string;
  statusCallback: string;
}): Promise<ProviderResult> {
  const { settings } = opts;
  const form = new URLSearchParams({ To: opts.to, Body: opts.body, StatusCallback: opts.statusCallback });
  if (settings.messaging_service_sid) form.set('MessagingServiceSid', settings.messaging_service_sid);
  else form.set('From', settings.phone_number ?? '');
  const url = `${opts.config.twilioApiUrl}/2010-04-01/Accounts/${encodeURIComponent(settings.account_sid)}/Messages.json`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: basicAuth(settings.account_sid, opts.authToken),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form.toString(),
      signal: AbortSignal.timeout(15_000),
    });
  } catch (err) {
    return { ok: false, retry: true, error: `Twilio could not be reached: ${(err as Error).message}` };
  }
  const body = (await res.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
  if (res.ok && body.sid) return { ok: true, providerMessageId: body.sid };
  const reason = body.message
    ? `Twilio error${body.code ? ` ${body.code}` : ''}: ${body.message}`
    : `Twilio answered ${res.status}`;
  // Twilio's own 4xx (a bad number, an unverified sender) will not change on a retry; 429 and 5xx may.
  return { ok: false, retry: res.status === 429 || res.status >= 500, error: reason };
}

/** A Twilio message status as ours; null for the steps before it leaves (accepted, queued, sending). */
export function deliveryOfTwilio(status: string): DeliveryStatus | null {
  switch (status) {
    case 'sent':
      return 'sent';
    case 'delivered':
      return 'delivered';
    case 'read':
      return 'read';
    case 'failed':
    case 'undelivered':
      return 'failed';
    default:
      return null;
  }
}

/** MMS media: fetched from Twilio with the account's credentials, and only from Twilio's API. */
export async function fetchTwilioMedia(opts: {
  config: Config;
  settings: SmsSettings;
  authToken: string;
  url: string;
}): Promise<Buffer> {
  if (new URL(opts.url).origin !== new URL(opts.config.twilioApiUrl).origin) {
    throw new Error('MMS media must come from the Twilio API');
  }
  const res = await fetch(opts.url, {
    headers: { authorization: basicAuth(opts.settings.account_sid, opts.authToken) },
    redirect: 'follow',
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`Twilio answered ${res.status} for a media file`);
  return Buffer.from(await res.arrayBuffer());
}
