import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE, screenshot } from './support/browser';
import { createTenant, PASSWORD } from './support/inbox-tenant';
import { signedInPages } from './support/pages';
import { startServer, type TestServer } from './support/server';

/**
 * WhatsApp in the console after the 24-hour window: the composer says free text is closed and offers the
 * number's approved templates (read from a local stand-in of Meta's Graph API); the agent fills one in, sees
 * what the customer will receive, sends it, and Meta receives a template message.
 */
const APP_SECRET = 'e2e-meta-app-secret';
const WA_ID = '447700900123';

/** The Graph API as far as this flow uses it: the template list and message sends. */
async function graphStandIn() {
  const sent: Record<string, unknown>[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      if (req.method === 'GET' && req.url?.includes('/message_templates')) {
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
        res.end(JSON.stringify({ data: [order] }));
        return;
      }
      sent.push(JSON.parse(raw || '{}'));
      res.end(
        JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.e2e${sent.length}` }] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v19.0`;
  return { sent, url, close: () => server.close() };
}

let srv: TestServer;
let browser: Browser;
let graph: Awaited<ReturnType<typeof graphStandIn>>;
let integrationId: number;

beforeAll(async () => {
  graph = await graphStandIn();
  [srv, browser] = await Promise.all([startServer({ META_API_URL: graph.url }), launchBrowser()]);
  const tenant = await createTenant(srv);
  const token = await srv.login('ann@northwind.test', PASSWORD);
  const created = await srv.api('POST', '/integrations', {
    token,
    companyId: tenant.companyId,
    body: {
      app_id: tenant.appId,
      type: 'whatsapp',
      name: 'Store WhatsApp',
      settings: { phone_number_id: '106540352242922', business_account_id: '102290129340398' },
      secrets: { app_secret: APP_SECRET, access_token: 'e2e-wa-token' },
    },
  });
  integrationId = created.integration_id;
  const raw = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
              contacts: [{ profile: { name: 'Kerry Fisher' }, wa_id: WA_ID }],
              messages: [
                {
                  from: WA_ID,
                  id: 'wamid.e2e-in',
                  timestamp: '1764150000',
                  type: 'text',
                  text: { body: 'Where is my parcel?' },
                },
              ],
            },
          },
        ],
      },
    ],
  });
  const res = await fetch(`${srv.url}/api/v1/channels/whatsapp/${integrationId}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', APP_SECRET).update(raw).digest('hex')}`,
    },
    body: raw,
  });
  expect(res.status).toBe(200);
});

afterAll(async () => {
  await browser?.close();
  await srv?.stop();
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
