import type { Browser, Page } from 'playwright-core';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot } from './support/browser';
import { addIntegration, createTenant, PASSWORD, type Tenant } from './support/inbox-tenant';
import { type OpenOptions, signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withServerAndBrowser } from './support/stack';
import { startStandIn } from './support/stand-in';

/**
 * SMS in the console: a customer texts through Twilio (a local stand-in of its API; webhooks signed with the
 * `twilio` package), an agent answers from the inbox, sees the reply fail with Twilio's reason, retries it,
 * and watches it reach "Delivered" when the receipt comes in.
 */
const ACCOUNT = `AC${'3'.repeat(32)}`;
const TOKEN = 'e2e-twilio-auth-token';
const CUSTOMER = '+447700900456';
/** How the inbox names a new customer who texted: their number as people write it. */
const CUSTOMER_NAME = /\+44 7700 900456/;

/** Twilio's Messages API as far as the product uses it; `refuse` answers the next send with a 400. */
async function twilioStandIn() {
  const sent: Record<string, string>[] = [];
  let refuseNext = 0;
  const server = await startStandIn(({ body }) => {
    if (refuseNext > 0) {
      refuseNext -= 1;
      return {
        status: 400,
        json: { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 },
      };
    }
    sent.push(Object.fromEntries(new URLSearchParams(body)));
    return { status: 201, json: { sid: `SM${String(sent.length).padStart(32, '0')}`, status: 'queued' } };
  });
  const refuse = () => {
    refuseNext += 1;
  };
  return { ...server, sent, refuse };
}

let srv: TestServer;
let browser: Browser;
let tenant: Tenant;
let stand: Awaited<ReturnType<typeof twilioStandIn>>;
let integrationId: number;

beforeAll(async () => {
  stand = await twilioStandIn();
});
withServerAndBrowser(
  (s) => ({ srv, browser } = s),
  () => ({ TWILIO_API_URL: stand.url }),
);
beforeAll(async () => {
  tenant = await createTenant(srv);
  integrationId = await addIntegration(srv, tenant, {
    type: 'sms',
    name: 'Store texts',
    settings: { account_sid: ACCOUNT, phone_number: '+15005550006', queue_id: tenant.orders },
    secrets: { auth_token: TOKEN },
  });
});

afterAll(async () => {
  stand?.close();
});

const signIn = signedInPages(() => ({ browser, srv }));
const openAs = (path: string, opts: OpenOptions = {}) => signIn('sam@northwind.test', PASSWORD, path, opts);

/** What Twilio posts to the product, signed over the URL it was given (PUBLIC_URL: localhost and the port). */
async function fromTwilio(params: Record<string, string>) {
  const path = `/api/v1/channels/sms/${integrationId}`;
  const signature = twilio.getExpectedTwilioSignature(
    TOKEN,
    `http://localhost:${new URL(srv.url).port}${path}`,
    params,
  );
  const res = await fetch(`${srv.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(params).toString(),
  });
  expect(res.status).toBe(200);
}

const text = (sid: string, body: string) =>
  fromTwilio({
    MessageSid: sid,
    AccountSid: ACCOUNT,
    From: CUSTOMER,
    To: '+15005550006',
    Body: body,
    NumMedia: '0',
  });

const delivery = (page: Page, status: string) => page.locator(`[data-delivery="${status}"]`).last();

describe('SMS', () => {
  it('answers a text from the inbox, retries a refused reply and shows its receipt', async () => {
    await text('SM1000', 'Hi, can I change my delivery address?');
    const page = await openAs('/conversations');
    const row = page.getByRole('link', { name: CUSTOMER_NAME }).first();
    await row.waitFor();
    await expect(row.getByText('SMS', { exact: true }).count()).resolves.toBe(1);
    await row.click();
    await page.locator('[data-sender="customer"]', { hasText: 'can I change my delivery address' }).waitFor();
    // Replies by SMS take no files; a note still may.
    expect(await page.getByRole('button', { name: 'Attach files' }).count()).toBe(0);
    await page.getByRole('radio', { name: 'Internal note' }).click();
    await page.getByRole('button', { name: 'Attach files' }).waitFor();
    await page.getByRole('radio', { name: 'Reply' }).click();

    stand.refuse();
    const composer = page.getByPlaceholder('Reply to +44 7700 900456...');
    await composer.fill('Yes: send me the new address.');
    await composer.press('Enter');
    const failed = delivery(page, 'failed');
    await failed
      .getByText('Twilio error 21610: Attempt to send to unsubscribed recipient')
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'sms-reply-failed', { fullPage: false });
    await failed.getByRole('button', { name: 'Retry' }).click();
    await delivery(page, 'sent').getByText('Sent').waitFor({ timeout: 15_000 });
    expect(stand.sent.at(-1)).toMatchObject({
      To: CUSTOMER,
      From: '+15005550006',
      Body: 'Yes: send me the new address.',
    });

    await fromTwilio({
      MessageSid: `SM${String(stand.sent.length).padStart(32, '0')}`,
      AccountSid: ACCOUNT,
      MessageStatus: 'delivered',
      To: CUSTOMER,
      From: '+15005550006',
    });
    await delivery(page, 'delivered').getByText('Delivered').waitFor({ timeout: 15_000 });
    await text('SM1001', 'Thanks! It is 12 Elm Street.');
    await page
      .locator('[data-sender="customer"]', { hasText: 'Thanks! It is 12 Elm Street.' })
      .waitFor({ timeout: 15_000 });
    await screenshot(page, 'sms-thread', { fullPage: false });
  });

  it('reads well in dark mode and on a phone', async () => {
    const dark = await openAs('/conversations', { theme: 'dark' });
    await dark.getByRole('link', { name: CUSTOMER_NAME }).first().click();
    await delivery(dark, 'delivered').waitFor();
    await screenshot(dark, 'sms-thread-dark', { fullPage: false });
    const phone = await openAs('/conversations', { device: PHONE });
    await phone.getByRole('link', { name: CUSTOMER_NAME }).first().click();
    await delivery(phone, 'delivered').waitFor();
    await screenshot(phone, 'sms-thread-phone', { fullPage: false });
  });

  it('lists the integration’s deliveries for the company admin', async () => {
    const page = await signIn('ann@northwind.test', PASSWORD, `/admin/apps/${tenant.appId}`);
    await page.getByRole('button', { name: 'Deliveries of Store texts' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deliveries: Store texts' });
    const rows = dialog.getByRole('list', { name: 'Deliveries' }).getByRole('listitem');
    await rows.first().waitFor();
    // The refused reply's row, sent again by Retry (which starts its count anew) and delivered.
    await rows.first().getByText('Delivered').waitFor();
    await rows.first().getByText('1 attempt', { exact: false }).waitFor();
    await rows.first().getByText('“Yes: send me the new address.”').waitFor();
    await screenshot(page, 'integration-deliveries', { fullPage: false });
  });
});
