import { createHmac } from 'node:crypto';

/**
 * What Meta posts for WhatsApp and Messenger, as plain data with no test framework or server code behind
 * it, so the server's tests and the browser tests (web/e2e) build and sign the same notifications.
 */
export const APP_SECRET = 'meta-app-secret-for-tests';
export const PHONE_NUMBER_ID = '106540352242922';
export const PAGE_ID = '1122334455';
export const WA_ID = '447700900777';
export const PSID = '7654321098765';

/** Meta's `X-Hub-Signature-256` over the exact bytes sent (made as its documentation states it). */
export const metaSignature = (raw: string, secret = APP_SECRET) =>
  `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

export const whatsApp = (value: Record<string, unknown>, phoneNumberId = PHONE_NUMBER_ID) => ({
  object: 'whatsapp_business_account',
  entry: [
    {
      id: '102290129340398',
      changes: [
        {
          field: 'messages',
          value: {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
            ...value,
          },
        },
      ],
    },
  ],
});

export const waText = (id: string, body: string) =>
  whatsApp({
    contacts: [{ profile: { name: 'Kerry Fisher' }, wa_id: WA_ID }],
    messages: [{ from: WA_ID, id, timestamp: '1764150000', type: 'text', text: { body } }],
  });

export const messenger = (events: Record<string, unknown>[]) => ({
  object: 'page',
  entry: [{ id: PAGE_ID, time: Date.now(), messaging: events }],
});
