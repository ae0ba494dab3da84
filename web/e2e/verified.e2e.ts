import { createHmac } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot } from './support/browser';
import { addIntegration, PASSWORD, type Tenant } from './support/inbox-tenant';
import { type OpenOptions, signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withTenantStack } from './support/stack';

/**
 * Decision 037: someone typed a known customer's email into the portal. The console files the chat under
 * that customer but says "Email not verified" on its list row, in the thread header and on the customer's
 * page; the customer's own conversation (a visitor the website signed) carries no such mark.
 */
const SECRET = 'e2e-verified-identity-secret';
const JANE = 'jane.doe@example.com';

let srv: TestServer;
let browser: Browser;
let t: Tenant;
let janeChat = 0;
let strangerChat = 0;
let janeId = 0;

withTenantStack((s) => ({ srv, browser, t } = s));
beforeAll(async () => {
  await addIntegration(srv, t, {
    type: 'web',
    name: 'Website',
    settings: { allowed_origins: ['https://shop.example.com'] },
    secrets: { identity_secret: SECRET },
  });
  const start = (name: string, message: string, widgetHash?: string) =>
    srv.api<{ conversation_id: number }>('POST', '/portal/start', {
      body: {
        app_id: t.appId,
        queue_id: t.orders,
        customer_info: { name, email: JANE },
        initial_message: message,
        ...(widgetHash ? { via_widget: true, identity_hash: widgetHash } : {}),
      },
    });
  // Jane, signed in on the shop's website, asks through the widget: proven.
  const hash = createHmac('sha256', SECRET).update(JANE).digest('hex');
  janeChat = (await start('Jane Doe', 'Where is my order 4411?', hash)).conversation_id;
  // Someone else types Jane's address into the plain portal form.
  strangerChat = (await start('Eve Stranger', 'Please send my order to a new address.')).conversation_id;
  const token = await srv.login('sam@northwind.test', PASSWORD);
  const thread = await srv.api<{ conversation: { customer: { customer_id: number } } }>(
    'GET',
    `/conversation/poll?conversation_id=${janeChat}`,
    { token, companyId: t.companyId },
  );
  janeId = thread.conversation.customer.customer_id;
});

const signIn = signedInPages(() => ({ browser, srv }));
const openAs = (path: string, opts: OpenOptions = {}) => signIn('sam@northwind.test', PASSWORD, path, opts);

const BADGE = 'Email not verified';
const row = (page: Page, id: number) => page.locator(`[data-row="${id}"]`);
const threadHeader = (page: Page) => page.locator('header', { has: page.getByRole('heading', { level: 2 }) });

describe('a conversation whose visitor only typed the email', () => {
  it('says "Email not verified" on its row, in the thread header and on the customer page', async () => {
    const page = await openAs(`/conversations/${strangerChat}`);
    await row(page, strangerChat).waitFor();
    await expect.poll(() => row(page, strangerChat).getByText(BADGE).count()).toBe(1);
    await expect.poll(() => row(page, janeChat).count()).toBe(1);
    expect(await row(page, janeChat).getByText(BADGE).count()).toBe(0);

    const header = threadHeader(page);
    await header.getByText(BADGE).waitFor();
    // The customer is the one of that email, named as the company knows her.
    await header.getByRole('link', { name: 'Jane Doe' }).waitFor();
    // What the badge means, on hover or keyboard focus.
    await header.getByText(BADGE).focus();
    await expect
      .poll(() => page.getByRole('tooltip').innerText())
      .toContain('typed this email address but has not proven it');
    await screenshot(page, 'verified-thread-light', { fullPage: false });

    await page.goto(`${srv.url}/customers/${janeId}`);
    const stranger = page.getByRole('link', { name: /Please send my order to a new address/ });
    await stranger.getByText(BADGE).waitFor();
    const own = page.getByRole('link', { name: /Where is my order 4411/ });
    await own.waitFor();
    expect(await own.getByText(BADGE).count()).toBe(0);
    await screenshot(page, 'verified-customer-light');
  });

  it('reads the same in dark mode and at 390 px', async () => {
    const dark = await openAs(`/conversations/${strangerChat}`, { theme: 'dark' });
    await threadHeader(dark).getByText(BADGE).waitFor();
    await row(dark, strangerChat).getByText(BADGE).waitFor();
    await screenshot(dark, 'verified-thread-dark', { fullPage: false });

    const phone = await openAs('/conversations', { device: PHONE });
    await row(phone, strangerChat).getByText(BADGE).waitFor();
    await screenshot(phone, 'verified-list-phone');
    await row(phone, strangerChat).click();
    await threadHeader(phone).getByText(BADGE).waitFor();
    await screenshot(phone, 'verified-thread-phone', { fullPage: false });
  });
});
