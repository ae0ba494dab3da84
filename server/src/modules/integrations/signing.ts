import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signing (contract section 10): `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">`, keyed by the secret's bytes (the base64 after `whsec_`).
 */
export function signWebhook(secret: string, msgId: string, timestampSeconds: number, body: string) {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signature = createHmac('sha256', key).update(`${msgId}.${timestampSeconds}.${body}`).digest('base64');
  return {
    'webhook-id': msgId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': `v1,${signature}`,
  };
}
