import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, screenshot } from './support/browser';
import { PASSWORD, type Tenant } from './support/inbox-tenant';
import type { TestServer } from './support/server';
import { storeSession } from './support/session';
import { withTenantStack } from './support/stack';

/**
 * With no network, a send and a sign-in show the spec's network sentence and can be tried again; nothing
 * hangs on "Sending..." or "Signing in...", and a retried send is stored once.
 */
const NETWORK = 'Network error. Please check your connection and try again.';

let srv: TestServer;
let browser: Browser;
let t: Tenant;
const contexts: BrowserContext[] = [];

withTenantStack((s) => ({ srv, browser, t } = s));
afterAll(async () => {
  for (const c of contexts) await c.close();
});

async function newPage(): Promise<[BrowserContext, Page]> {
  const context = await browser.newContext({ ...DESKTOP, baseURL: srv.url });
  contexts.push(context);
  return [context, await context.newPage()];
}

describe('offline', () => {
  it('fails a send at once with the network sentence, and a retry sends it once', async () => {
    const chat = await srv.api<{ conversation_id: number }>('POST', '/portal/start', {
      body: {
        app_id: t.appId,
        queue_id: t.orders,
        customer_info: { name: 'Olga Offline', email: 'olga@example.com' },
        initial_message: 'Is anyone there?',
      },
    });
    const [context, page] = await newPage();
    await storeSession(page, srv, 'sam@northwind.test', PASSWORD);
    await page.goto(`/conversations/${chat.conversation_id}`);
    await page.locator('[data-sender="customer"]', { hasText: 'Is anyone there?' }).waitFor();

    await context.setOffline(true);
    const composer = page.getByRole('textbox', { name: 'Reply', exact: true });
    await composer.fill('Yes, I am here to help.');
    await composer.press('Enter');
    await page.getByText(NETWORK).waitFor();
    await page.getByRole('button', { name: 'Send', exact: true }).waitFor();
    expect(await composer.inputValue()).toBe('Yes, I am here to help.');
    await screenshot(page, 'offline-send-failed-desktop-light');

    await context.setOffline(false);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const sent = page.locator('[data-sender="agent"]', { hasText: 'Yes, I am here to help.' });
    await sent.waitFor();
    expect(await composer.inputValue()).toBe('');
    // Two more polls: a duplicate would have shown by now.
    for (let i = 0; i < 2; i++) await page.waitForResponse((r) => r.url().includes('/conversation/poll'));
    expect(await sent.count()).toBe(1);
  });

  it('fails a sign-in at once with the network sentence, and signs in when the network is back', async () => {
    const [context, page] = await newPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill('lee@northwind.test');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText(NETWORK).first().waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });
});
