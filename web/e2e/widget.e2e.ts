import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { addIntegration, PASSWORD, type Tenant } from './support/inbox-tenant';
import type { TestServer } from './support/server';
import { withTenantStack } from './support/stack';

/**
 * The website widget on a page of another origin (a shop's site, served here by its own server): one script
 * tag, a bubble that opens the chat, no style crossing either way, an unread count, and the chat continuing
 * on the site's next page. A signed-in visitor comes with the site's identity hash.
 */
const SECRET = 'e2e-widget-identity-secret';

let srv: TestServer;
let browser: Browser;
let tenant: Tenant;
let site: { url: string; close: () => void };
/** A site the company did not name: the widget's script loads there, but the chat may not be framed. */
let elsewhere: { url: string; close: () => void };
let token: string;

/** The shop's site: two pages with loud styles of their own and the widget's script tag. */
async function shopSite(widget: string) {
  const page = (title: string) => `<!doctype html><html><head><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>* { font-size: 40px !important; color: red !important; } button { background: lime !important; }</style>
</head><body><h1>${title}</h1><button id="own">Shop button</button><a href="/page2">Next page</a>
${widget}</body></html>`;
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(page(req.url === '/page2' ? 'Checkout' : 'The Corner Shop'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

withTenantStack((s) => ({ srv, browser, t: tenant } = s));
beforeAll(async () => {
  token = await srv.login('ann@northwind.test', PASSWORD);
  const hash = createHmac('sha256', SECRET).update('lena@example.com').digest('hex');
  const tag = `<script src="${srv.url}/widget.js" data-app-id="${tenant.appId}" data-color="#2563eb"
      data-user-name="Lena Berg" data-user-email="lena@example.com" data-user-hash="${hash}" async></script>`;
  [site, elsewhere] = await Promise.all([shopSite(tag), shopSite(tag)]);
  // The company names its shop as the one site the widget runs on.
  await addIntegration(srv, tenant, {
    type: 'web',
    name: 'Shop website',
    settings: { allowed_origins: [site.url] },
    secrets: { identity_secret: SECRET },
  });
});

afterAll(async () => {
  site?.close();
  elsewhere?.close();
});

const bubble = (page: Page) => page.getByRole('button', { name: /^(Open|Close) chat/ });
const chat = (page: Page) => page.frameLocator('iframe[title="Chat with us"]');

describe('website widget', () => {
  it('opens the chat from a bubble on another site, keeps styles apart, counts replies and follows the visitor', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${site.url}/page1`);
    await bubble(page).waitFor();
    // The site's `button { background: lime !important }` does not reach the bubble, and ours not the site.
    const look = await page.evaluate(() => {
      const host = document.querySelector('[data-support-inbox]')!;
      const b = host.shadowRoot!.querySelector('button')!;
      const own = document.getElementById('own')!;
      return {
        bubble: getComputedStyle(b).backgroundColor,
        site: getComputedStyle(own).backgroundColor,
      };
    });
    expect(look).toEqual({ bubble: 'rgb(37, 99, 235)', site: 'rgb(0, 255, 0)' });

    await bubble(page).click();
    const frame = chat(page);
    // The site signed its visitor in: name and email come filled.
    await expect(frame.getByLabel(/^Email/).inputValue()).resolves.toBe('lena@example.com');
    await frame.getByLabel(/^What area/).selectOption({ label: 'Orders & Shipping' });
    await frame.getByLabel(/^How can we help you/).fill('Do you ship to Norway?');
    await frame.getByRole('button', { name: 'Start Conversation' }).click();
    await frame.getByText('Do you ship to Norway?').waitFor({ timeout: 10_000 });
    await screenshot(page, 'widget-open', { fullPage: false });

    // The agent answers while the panel is closed: the bubble counts it.
    await bubble(page).click();
    const list = await srv.api('GET', '/conversation/poll?limit=5', { token, companyId: tenant.companyId });
    const conversation = list.conversations.find((c: { channel: string }) => c.channel === 'web');
    expect(conversation.customer.name).toBe('Lena Berg');
    await srv.api('POST', '/messages', {
      token,
      companyId: tenant.companyId,
      body: { conversation_id: conversation.conversation_id, content: 'Yes, in 3 to 5 days.' },
    });
    await page.getByRole('button', { name: 'Open chat, 1 unread' }).waitFor({ timeout: 15_000 });
    await screenshot(page, 'widget-unread', { fullPage: false });

    // The next page of the site: the count and the chat are still there.
    await page.getByRole('link', { name: 'Next page' }).click();
    await page.getByRole('button', { name: 'Open chat, 1 unread' }).waitFor({ timeout: 15_000 });
    await bubble(page).click();
    await chat(page).getByText('Yes, in 3 to 5 days.').waitFor({ timeout: 10_000 });
    await page.getByRole('button', { name: 'Close chat' }).waitFor();
    await context.close();
  });

  it('fills the screen on a phone, for a visitor who has not written yet', async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await page.goto(`${site.url}/page1`);
    await bubble(page).click();
    await chat(page).getByRole('button', { name: 'Start Conversation' }).waitFor({ timeout: 10_000 });
    await screenshot(page, 'widget-phone', { fullPage: false });
    await context.close();
  });

  it('does not show the chat on a site the web integration does not name', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    const refused = page.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
    await page.goto(`${elsewhere.url}/page1`);
    await bubble(page).click();
    // The browser refuses to frame the portal there (its CSP names only the shop), so no chat appears.
    await refused;
    expect(await chat(page).getByRole('button', { name: 'Start Conversation' }).count()).toBe(0);
    await context.close();
  });
});
