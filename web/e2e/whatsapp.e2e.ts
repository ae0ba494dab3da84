import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_SECRET,
  metaSignature,
  PHONE_NUMBER_ID,
  WA_ID,
  waText,
} from '../../server/test/meta-payloads.ts';
import { PHONE, screenshot } from './support/browser';
import { addIntegration, createTenant, PASSWORD } from './support/inbox-tenant';
import { signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withServerAndBrowser } from './support/stack';
import { startStandIn } from './support/stand-in';

/**
 * WhatsApp in the console after the 24-hour window: the composer says free text is closed and offers the
 * number's approved templates (read from a local stand-in of Meta's Graph API); the agent fills one in, sees
 * what the customer will receive, sends it, and Meta receives a template message.
 */
/** The Graph API as far as this flow uses it: the template list and message sends. */
async function graphStandIn() {
  const sent: Record<string, unknown>[] = [];
  const server = await startStandIn(({ method, url, body }) => {
    if (method === 'GET' && url.includes('/message_templates')) {
      const order = {
        name: 'order_update',
        language: 'en_US',
        status: 'APPROVED',
        category: 'UTILITY',
        components: [
          { type: 'HEADER', format: 'TEXT', text: 'Order update' },
          { type: 'BODY', text: 'Hello {{1}}, your order {{2}} has shipped.' },
        ],
      };
      return { json: { data: [order] } };
    }
    sent.push(JSON.parse(body || '{}'));
    return { json: { messaging_product: 'whatsapp', messages: [{ id: `wamid.e2e${sent.length}` }] } };
  });
  return { ...server, sent, url: `${server.url}/v19.0` };
}

let srv: TestServer;
let browser: Browser;
let graph: Awaited<ReturnType<typeof graphStandIn>>;
let integrationId: number;

beforeAll(async () => {
  graph = await graphStandIn();
});
withServerAndBrowser(
  (s) => ({ srv, browser } = s),
  () => ({ META_API_URL: graph.url }),
);
beforeAll(async () => {
  integrationId = await addIntegration(srv, await createTenant(srv), {
    type: 'whatsapp',
    name: 'Store WhatsApp',
    settings: { phone_number_id: PHONE_NUMBER_ID, business_account_id: '102290129340398' },
    secrets: { app_secret: APP_SECRET, access_token: 'e2e-wa-token' },
  });
  const raw = JSON.stringify(waText('wamid.e2e-in', 'Where is my parcel?'));
  const res = await fetch(`${srv.url}/api/v1/channels/whatsapp/${integrationId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(raw) },
    body: raw,
  });
  expect(res.status).toBe(200);
});

afterAll(async () => {
  graph?.close();
});

const signIn = signedInPages(() => ({ browser, srv }));
const DAY_AND_AN_HOUR = 25 * 3_600_000;

describe('WhatsApp templates', () => {
  it('offers the approved templates once the window has closed, and sends one filled in', async () => {
    const page = await signIn('sam@northwind.test', PASSWORD, '/conversations');
    // A day and an hour later, as the browser sees it: the customer's message is now outside the window.
    await page.clock.setFixedTime(Date.now() + DAY_AND_AN_HOUR);
    await page
      .getByRole('link', { name: /Kerry Fisher/ })
      .first()
      .click();
    await page.getByText('WhatsApp takes no free-form reply until they write again').waitFor();
    await screenshot(page, 'whatsapp-window-closed', { fullPage: false });
    await page.getByRole('button', { name: 'Send a template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a WhatsApp template' });
    await dialog.getByRole('radio', { name: /order_update/ }).check();
    const send = dialog.getByRole('button', { name: 'Send template' });
    expect(await send.isDisabled()).toBe(true);
    await dialog.getByLabel('Value for {{1}}').fill('Kerry');
    await dialog.getByLabel('Value for {{2}}').fill('A-1042');
    await dialog.getByText('Hello Kerry, your order A-1042 has shipped.').waitFor();
    await screenshot(page, 'whatsapp-template-dialog', { fullPage: false });
    await send.click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .locator('[data-sender="agent"]', { hasText: 'Hello Kerry, your order A-1042 has shipped.' })
      .waitFor();
    await page.locator('[data-delivery="sent"]').last().waitFor({ timeout: 15_000 });
    expect(graph.sent.at(-1)).toMatchObject({
      to: WA_ID,
      type: 'template',
      template: { name: 'order_update', language: { code: 'en_US' } },
    });
  });

  it('reads well on a phone in dark mode', async () => {
    const page = await signIn('sam@northwind.test', PASSWORD, '/conversations', {
      device: PHONE,
      theme: 'dark',
    });
    await page.clock.setFixedTime(Date.now() + 2 * DAY_AND_AN_HOUR);
    await page
      .getByRole('link', { name: /Kerry Fisher/ })
      .first()
      .click();
    await page.getByRole('button', { name: 'Send a template' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a WhatsApp template' });
    await dialog.getByRole('radio', { name: /order_update/ }).check();
    await dialog.getByLabel('Value for {{1}}').waitFor();
    await screenshot(page, 'whatsapp-template-dialog-phone-dark', { fullPage: false });
  });
});
