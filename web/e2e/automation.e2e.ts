import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot } from './support/browser';
import { addIntegration, createTenant, PASSWORD, type Tenant } from './support/inbox-tenant';
import { type OpenOptions, signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withServerAndBrowser } from './support/stack';

/**
 * What a company admin automates, in the browser: an auto-responder a customer then gets, an outgoing
 * webhook tested against a local receiver, and an API key whose permissions decide what it may do.
 */
let srv: TestServer;
let browser: Browser;
let tenant: Tenant;

// Webhooks may call the local receiver of these tests.
withServerAndBrowser(
  (s) => ({ srv, browser } = s),
  () => ({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' }),
);
beforeAll(async () => {
  tenant = await createTenant(srv);
});

const signIn = signedInPages(() => ({ browser, srv }));
const openAs = (path: string, opts: OpenOptions = {}) => signIn('ann@northwind.test', PASSWORD, path, opts);

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();

/** A local HTTP server that records what it is sent and answers 200. */
async function webhookReceiver() {
  const got: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    got,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}

/** What an outside system gets from one call with the key. */
const keyCall = async (key: string, path: string) =>
  (await fetch(`${srv.url}/api/v1${path}`, { headers: { 'x-api-key': key } })).status;

describe('automation', () => {
  it('adds a greeting through the app page that a customer then gets in the portal', async () => {
    const page = await openAs(`/admin/apps/${tenant.appId}`);
    await page.getByText('No auto-responders yet').waitFor();
    await page.getByRole('button', { name: 'Add auto-responder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add auto-responder' });
    await dialog.getByLabel('When').selectOption('keyword');
    await dialog.getByRole('button', { name: 'Add auto-responder' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Give at least one keyword').waitFor();
    await dialog.getByLabel('Name').fill('Greeting');
    await dialog.getByLabel('When').selectOption('conversation_started');
    await dialog.getByLabel('Message').fill('Hi {{customer.name}}, thanks for contacting {{app.name}}!');
    await screenshot(page, 'admin-auto-responder-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Add auto-responder' }).click();
    await toast(page, 'Auto-responder "Greeting" created');
    const list = page.getByRole('list', { name: 'Auto-responders' });
    await list.getByText('When a conversation starts · All queues').waitFor();
    await screenshot(page, 'admin-auto-responders-light');

    const customer = await page.context().newPage();
    await customer.goto(`${srv.url}/portal?app_id=${tenant.appId}`);
    const label = (text: string) => customer.getByLabel(new RegExp(`^${text}\\*?( \\(optional\\))?$`));
    await label('Name').fill('Maria Lopez');
    await label('Email').fill('maria@example.com');
    const topic = label('What area do you need help\\?');
    if (await topic.count()) await topic.selectOption({ index: 1 });
    await label('How can we help you\\?').fill('Hello, is anyone there?');
    await customer.getByRole('button', { name: 'Start Conversation' }).click();
    await customer.getByText('Hi Maria Lopez, thanks for contacting Northwind Store!').waitFor();
    await screenshot(customer, 'portal-greeting');
  });

  it('adds an outgoing webhook, shows its secret once and its webhook info, and tests it for real', async () => {
    const receiver = await webhookReceiver();
    const url = `${receiver.url}/hooks`;
    const got = receiver.got;
    try {
      const page = await openAs(`/admin/apps/${tenant.appId}`);
      await page.getByText('No integrations yet').waitFor();
      await page.getByRole('button', { name: 'Add integration' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add integration' });
      await dialog.getByLabel('Name').fill('CRM');
      await dialog.getByRole('button', { name: 'Add integration' }).click();
      await dialog.getByText('Give a URL').waitFor();
      await dialog.getByLabel('URL').fill(url);
      await screenshot(page, 'admin-integration-dialog', { fullPage: false });
      await dialog.getByRole('button', { name: 'Add integration' }).click();
      const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
      const secret = await secretDialog.getByLabel('Signing secret', { exact: true }).inputValue();
      expect(secret).toMatch(/^whsec_/);
      await screenshot(page, 'admin-integration-secret', { fullPage: false });
      await secretDialog.getByRole('button', { name: 'I have copied it' }).click();

      const list = page.getByRole('list', { name: 'Integrations' });
      await list.getByText('Not tested yet').waitFor();
      await page.getByRole('button', { name: 'Test CRM' }).click();
      await toast(page, 'Test of "CRM" succeeded (200)');
      await list.getByText(/Test passed/).waitFor();
      expect(got).toHaveLength(1);
      expect(JSON.parse(got[0]!.body)).toMatchObject({ type: 'test' });
      expect(got[0]!.headers['webhook-signature']).toMatch(/^v1,/);

      await page.getByRole('button', { name: 'Webhook info of CRM' }).click();
      const info = page.getByRole('dialog', { name: 'Webhook info: CRM' });
      expect(await info.getByLabel('URL', { exact: true }).inputValue()).toBe(url);
      expect(await info.getByLabel('Signature header', { exact: true }).inputValue()).toBe(
        'webhook-signature',
      );
      await screenshot(page, 'admin-integration-info', { fullPage: false });
      await info.getByRole('button', { name: 'Done' }).click();
      await screenshot(page, 'admin-integrations-light');
    } finally {
      receiver.close();
    }
  });

  it('creates an API key shown once, grants and revokes its permissions, and deletes it', async () => {
    await addIntegration(srv, tenant, { type: 'api', name: 'Shop backend' });
    const page = await openAs('/admin?tab=api-keys');
    await page.getByText('No API keys yet').waitFor();
    await screenshot(page, 'admin-api-keys-empty');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    await dialog.getByRole('button', { name: 'Create API key' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByLabel('Name').fill('Order sync');
    await screenshot(page, 'admin-api-key-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Create API key' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const key = await shown.getByLabel('API key', { exact: true }).inputValue();
    expect(key).toMatch(/^sik_/);
    await shown.getByText('Anyone with this key can act for your company').waitFor();
    await screenshot(page, 'admin-api-key-shown-once', { fullPage: false });
    expect(await keyCall(key, '/customers')).toBe(403);
    await shown.getByRole('button', { name: 'I have copied it' }).click();

    // Straight on to what the new key may do.
    const grants = page.getByRole('dialog', { name: 'Permissions of Order sync' });
    const read = grants.getByRole('switch', { name: 'customers:read on Shop backend' });
    await read.click();
    await grants.getByRole('switch', { name: 'customers:read on Shop backend', checked: true }).waitFor();
    await screenshot(page, 'admin-api-key-permissions', { fullPage: false });
    expect(await keyCall(key, '/customers')).toBe(200);
    expect(await keyCall(key, '/conversation/poll')).toBe(403);
    await grants.getByRole('button', { name: 'Done' }).click();

    // The list as a returning admin sees it: the key's prefix, never the key, and when it was last used.
    await page.reload();
    const list = page.getByRole('list', { name: 'API keys' });
    await list.getByText(key.slice(0, 12)).waitFor();
    await list.getByText(/1 permission · Created .* · Last used/).waitFor();
    expect(await list.textContent()).not.toContain(key.slice(12));
    await screenshot(page, 'admin-api-keys-light');

    await page.getByRole('button', { name: 'Permissions of Order sync' }).click();
    await page.getByRole('switch', { name: 'customers:read on Shop backend', checked: true }).click();
    await page.getByRole('switch', { name: 'customers:read on Shop backend', checked: false }).waitFor();
    expect(await keyCall(key, '/customers')).toBe(403);
    await page.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'Edit Order sync' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Order sync' });
    await edit.getByLabel('Name').fill('Order sync (EU)');
    await edit.getByLabel('Expires on (optional)').fill('2099-12-31');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'API key "Order sync (EU)" saved');
    await list.getByText(/Expires .*2099/).waitFor();

    await page.getByRole('button', { name: 'Delete Order sync (EU)' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete API key' }).click();
    await toast(page, 'API key "Order sync (EU)" deleted');
    await page.getByText('No API keys yet').waitFor();
    expect(await keyCall(key, '/customers')).toBe(401);
  });

  it('shows the API keys in dark mode and on a 390 px phone', async () => {
    const annToken = await srv.login('ann@northwind.test', PASSWORD);
    await srv.api('POST', '/api-keys/create', {
      token: annToken,
      companyId: tenant.companyId,
      body: { name: 'Nightly export' },
    });
    const dark = await openAs('/admin?tab=api-keys', { theme: 'dark' });
    await dark.getByRole('list', { name: 'API keys' }).getByText('Never used').waitFor();
    await screenshot(dark, 'admin-api-keys-dark');
    const phone = await openAs('/admin?tab=api-keys', { device: PHONE });
    await phone.getByRole('list', { name: 'API keys' }).getByText('Nightly export').waitFor();
    await screenshot(phone, 'admin-api-keys-phone');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
