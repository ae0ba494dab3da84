import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchWithPreferences, PHONE, screenshot } from './support/browser';
import { addIntegration, PASSWORD, type Tenant } from './support/inbox-tenant';
import type { TestServer } from './support/server';
import { withTenantStack } from './support/stack';

/**
 * The website widget on a page of another site (a shop's, served here by its own server on `localhost` while
 * the product is on 127.0.0.1, as shop.example embeds support.example), in a Chromium that blocks third-party
 * cookies and so any storage in the chat's frame: one script tag, a bubble that opens the chat, no style
 * crossing either way, an unread count, and the chat continuing on a reload and the site's next page. With
 * every cookie blocked (no storage on the site either) the chat still works, fresh on each page. A signed-in
 * visitor comes with the site's identity hash.
 */
const SECRET = 'e2e-widget-identity-secret';

let srv: TestServer;
let browser: Browser;
let tenant: Tenant;
let site: { url: string; close: () => void };
/** A site the company did not name: the widget's script loads there, but the chat may not be framed. */
let elsewhere: { url: string; close: () => void };
let token: string;

/**
 * Another party's frame on the shop's page (an ad, say): it asks the page and every frame on it for the
 * visitor's session in the widget's own words, tries to plant a session of its own, and records whatever
 * reaches it.
 */
const SPY = `<!doctype html><script>
window.got = [];
window.asked = 0;
// What it posts to itself (it is one of top.frames) is not news.
addEventListener('message', (e) => e.source !== window && got.push(JSON.stringify(e.data)));
setInterval(() => {
  asked++;
  top.postMessage({ type: 'support-inbox:hello' }, '*');
  for (let i = 0; i < top.frames.length; i++) {
    top.frames[i].postMessage({ type: 'support-inbox:hello' }, '*');
    top.frames[i].postMessage({ type: 'support-inbox:session', session: { portal_token: 'planted' } }, '*');
  }
}, 100);
</script>`;

/**
 * The shop's site: two pages with loud styles of their own and the widget's script tag (`?spy=<url>` adds
 * another party's frame), and the spy's page.
 */
async function shopSite(widget: string) {
  const page = (title: string, spy: string | null) => `<!doctype html><html><head><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>* { font-size: 40px !important; color: red !important; } button { background: lime !important; }</style>
</head><body><h1>${title}</h1><button id="own">Shop button</button><a href="/page2">Next page</a>
${spy ? `<iframe src="${spy}" title="Ad"></iframe>` : ''}${widget}</body></html>`;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.writeHead(200, { 'content-type': 'text/html' });
    if (url.pathname === '/spy') return res.end(SPY);
    res.end(page(url.pathname === '/page2' ? 'Checkout' : 'The Corner Shop', url.searchParams.get('spy')));
  });
  // Another site than the product's 127.0.0.1: the chat's frame is a third party on it.
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  return { url: `http://localhost:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

// Third-party cookies blocked, as a user sets it in Chrome (and as Chrome is heading to by default).
withTenantStack((s) => ({ srv, browser, t: tenant } = s), undefined, ['--test-third-party-cookie-phaseout']);
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
/** A message shown in the chat's list (not the same words still in the form or the composer). */
const shown = (page: Page, text: string) =>
  chat(page).getByRole('list', { name: 'Messages' }).getByText(text).waitFor({ timeout: 10_000 });
/** What reading `localStorage` gives a page or frame: 'allowed', or the error the browser throws. */
const storageIn = (where: Page | Frame) =>
  where.evaluate(() => {
    try {
      window.localStorage.getItem('x');
      return 'allowed';
    } catch (e) {
      return (e as Error).name;
    }
  });
const chatFrame = async (page: Page) => {
  await chat(page).locator('#root').waitFor({ state: 'attached' });
  return page.frames().find((f) => f.url().startsWith(`${srv.url}/portal`))!;
};

/** Opens the chat and starts a conversation as the signed-in visitor, who only picks a topic and writes. */
async function startChat(page: Page, text: string) {
  await bubble(page).click();
  const frame = chat(page);
  // The site signed its visitor in: name and email come filled.
  await expect(frame.getByLabel(/^Email/).inputValue()).resolves.toBe('lena@example.com');
  await frame.getByLabel(/^What area/).selectOption({ label: 'Orders & Shipping' });
  await frame.getByLabel(/^How can we help you/).fill(text);
  await frame.getByRole('button', { name: 'Start Conversation' }).click();
  await shown(page, text);
}

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

    // The browser refuses the chat's frame any storage (what threw "SecurityError: Failed to read the
    // 'localStorage' property" before), while the site keeps its own.
    expect(await storageIn(await chatFrame(page))).toBe('SecurityError');
    expect(await storageIn(page)).toBe('allowed');

    await startChat(page, 'Do you ship to Norway?');
    await screenshot(page, 'widget-open', { fullPage: false });

    // A reload of the site's page comes back to the same conversation, kept on the site's side.
    await page.reload();
    await bubble(page).click();
    await shown(page, 'Do you ship to Norway?');

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
    await shown(page, 'Yes, in 3 to 5 days.');
    await page.getByRole('button', { name: 'Close chat' }).waitFor();
    await context.close();
  });

  it('gives another frame on the page neither the session nor a say in it', async () => {
    const context = await browser.newContext(DESKTOP);
    const page = await context.newPage();
    await page.goto(`${site.url}/page1?spy=${encodeURIComponent(`${elsewhere.url}/spy`)}`);
    await startChat(page, 'Where is my parcel?');
    await page.reload();
    await bubble(page).click();
    // The visitor's own conversation came back, not the spy's planted session (which would fail to load).
    await shown(page, 'Where is my parcel?');
    const spy = page.frames().find((f) => f.url().startsWith(`${elsewhere.url}/spy`))!;
    // The spy keeps asking (the chat may come back within its first few asks, so wait for more of them),
    // and nothing of the widget's ever reaches it.
    await spy.waitForFunction(() => (window as unknown as { asked: number }).asked > 5);
    const spied = await spy.evaluate(() => {
      const w = window as unknown as { got: string[]; asked: number };
      return { got: w.got, asked: w.asked };
    });
    expect(spied.asked).toBeGreaterThan(2);
    expect(spied.got).toEqual([]);
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

  it('works with every cookie blocked, the site’s storage too: the chat goes through, fresh on each page', async () => {
    // Chrome's "Block all cookies" setting: no storage for the site nor for the chat's frame.
    const chromium = await launchWithPreferences(
      { profile: { default_content_setting_values: { cookies: 2 } } },
      DESKTOP,
    );
    try {
      const page = await chromium.context.newPage();
      await page.goto(`${site.url}/page1`);
      expect(await storageIn(page)).toBe('SecurityError');
      expect(await storageIn(await chatFrame(page))).toBe('SecurityError');

      await startChat(page, 'Is the blue teapot back in stock?');
      const composer = chat(page).getByLabel('Message', { exact: true });
      await composer.fill('And the green one?');
      await composer.press('Enter');
      await shown(page, 'And the green one?');
      await screenshot(page, 'widget-no-storage', { fullPage: false });
      // Both messages reached the inbox.
      const list = await srv.api('GET', '/conversation/poll?limit=10', {
        token,
        companyId: tenant.companyId,
      });
      const teapot = list.conversations.find((c: { last_message?: { content?: string } }) =>
        /green one/.test(c.last_message?.content ?? ''),
      );
      expect(teapot?.channel).toBe('web');

      // Nothing could be kept anywhere: the next page starts a fresh chat, for the same signed-in visitor.
      await page.reload();
      await bubble(page).click();
      await chat(page).getByRole('button', { name: 'Start Conversation' }).waitFor({ timeout: 10_000 });
      await expect(
        chat(page)
          .getByLabel(/^Email/)
          .inputValue(),
      ).resolves.toBe('lena@example.com');
      await screenshot(page, 'widget-no-storage-next-page', { fullPage: false });
    } finally {
      await chromium.close();
    }
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
