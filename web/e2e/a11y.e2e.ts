import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP } from './support/browser';
import { PASSWORD, type Tenant } from './support/inbox-tenant';
import type { TestServer } from './support/server';
import { storeSession } from './support/session';
import { withTenantStack } from './support/stack';

/**
 * axe on every console page and the portal, in light and dark: no serious or critical finding. The rules
 * the issue named (accessible names that contain the visible text, 4.5:1 contrast) are among them.
 */
const axeSource = require('node:fs').readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

let srv: TestServer;
let browser: Browser;
let t: Tenant;
let customerId = 0;
let conversationId: number;
let platformCompanyPath: string;
const contexts: BrowserContext[] = [];

withTenantStack((s) => ({ srv, browser, t } = s));
beforeAll(async () => {
  const started = await srv.api('POST', '/portal/start', {
    body: {
      app_id: t.appId,
      queue_id: t.orders,
      customer_info: { name: 'Maria Lopez', email: 'maria@example.com' },
      initial_message: 'Where is my parcel?',
    },
  });
  conversationId = started.conversation_id;
  const token = await srv.login('ann@northwind.test', PASSWORD);
  const [maria] = await srv.api<{ customer_id: number }[]>('GET', '/customers?search=maria', {
    token,
    companyId: t.companyId,
  });
  customerId = maria!.customer_id;
  // Sam mentions Ann: her bell carries a count, and its list an unread row, for the audit.
  await srv.api('POST', '/messages', {
    token: await srv.login('sam@northwind.test', PASSWORD),
    companyId: t.companyId,
    body: {
      conversation_id: conversationId,
      content: '@Ann Admin a look?',
      is_private: true,
      mentions: [t.users.ann],
    },
  });
  platformCompanyPath = `/platform-admin/company/${t.companyId}`;
});
afterAll(async () => {
  for (const c of contexts) await c.close();
});

async function signedIn(email: string, password: string, theme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ ...DESKTOP, colorScheme: theme });
  contexts.push(context);
  const page = await context.newPage();
  await storeSession(page, srv, email, password, theme);
  return page;
}

interface Finding {
  id: string;
  impact: string;
  help: string;
  nodes: string[];
}

/** Runs axe on what the page shows now; answers its serious and critical findings. */
async function audit(page: Page): Promise<Finding[]> {
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (window as any).axe;
    const r = await axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map(
      (v: { id: string; impact: string; help: string; nodes: { target: string[] }[] }) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
      }),
    );
  });
  return (results as Finding[]).filter((f) => f.impact === 'serious' || f.impact === 'critical');
}

/** Each page, and what shows that it has finished loading. */
const consolePages: [string, string, (p: Page) => Promise<unknown>][] = [
  ['dashboard', '/dashboard', (p) => p.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor()],
  ['conversations', '/conversations', (p) => p.locator('[data-row]').first().waitFor()],
  ['thread', '', (p) => p.getByText('Where is my parcel?').first().waitFor()],
  ['reports', '/reports', (p) => p.getByRole('table', { name: 'Agent performance' }).waitFor()],
  ['profile', '/profile', (p) => p.getByRole('switch', { name: 'Assigned to me: Email' }).waitFor()],
  [
    'notification bell',
    '/dashboard',
    async (p) => {
      await p.getByRole('button', { name: /^Notifications/ }).click();
      await p.getByTestId('notification').first().waitFor();
    },
  ],
  ['admin apps', '/admin?tab=apps', (p) => p.getByRole('tab', { name: 'Apps' }).waitFor()],
  ['admin users', '/admin?tab=users', (p) => p.getByText('Sam Rivera').first().waitFor()],
  [
    'admin company',
    '/admin?tab=company',
    (p) => p.getByRole('switch', { name: 'Set business hours' }).waitFor(),
  ],
  ['admin service levels', '/admin?tab=sla', (p) => p.getByText('No service levels yet').waitFor()],
  ['admin billing', '/admin?tab=billing', (p) => p.getByRole('list', { name: 'Usage' }).waitFor()],
  ['billing setup', '/billing/setup', (p) => p.getByRole('list', { name: 'Plans' }).waitFor()],
  ['admin api keys', '/admin?tab=api-keys', (p) => p.getByText('No API keys yet').waitFor()],
  ['admin activity', '/admin?tab=activity', (p) => p.getByRole('list', { name: 'Activity' }).waitFor()],
  ['app page', '', (p) => p.getByText('No auto-responders yet').waitFor()],
  ['customers', '/customers', (p) => p.getByRole('list', { name: 'Customers' }).waitFor()],
  ['customer page', '', (p) => p.getByRole('heading', { name: 'Maria Lopez', level: 1 }).waitFor()],
];

describe.each(['light', 'dark'] as const)('accessibility in %s mode', (theme) => {
  it('finds nothing serious on the company console pages', async () => {
    const page = await signedIn('ann@northwind.test', PASSWORD, theme);
    const found: string[] = [];
    for (const [name, path, ready] of consolePages) {
      const target =
        name === 'thread'
          ? `/conversations/${conversationId}`
          : name === 'app page'
            ? `/admin/apps/${t.appId}`
            : name === 'customer page'
              ? `/customers/${customerId}`
              : path;
      await page.goto(`${srv.url}${target}`);
      await ready(page);
      for (const f of await audit(page))
        found.push(`${name}: ${f.id} (${f.impact}) ${f.help} at ${f.nodes.join(', ')}`);
    }
    expect(found).toEqual([]);
  });

  it('finds nothing serious on the platform admin pages and the sign-in page', async () => {
    const page = await signedIn(srv.adminEmail, srv.adminPassword, theme);
    const found: string[] = [];
    const tabs = {
      companies: 'Northwind Co',
      users: 'Sam Rivera',
      apps: 'Northwind Store',
      queues: 'Billing',
    };
    for (const [tab, shown] of Object.entries(tabs)) {
      await page.goto(`${srv.url}/platform-admin?tab=${tab}`);
      await page.getByText(shown).filter({ visible: true }).first().waitFor();
      for (const f of await audit(page))
        found.push(`platform ${tab}: ${f.id} ${f.help} at ${f.nodes.join(', ')}`);
    }
    await page.goto(`${srv.url}${platformCompanyPath}`);
    await page.getByText('Northwind Co').filter({ visible: true }).first().waitFor();
    for (const f of await audit(page))
      found.push(`platform company: ${f.id} ${f.help} at ${f.nodes.join(', ')}`);
    await page.evaluate(() => localStorage.removeItem('auth_token'));
    await page.goto(`${srv.url}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    for (const f of await audit(page)) found.push(`login: ${f.id} ${f.help} at ${f.nodes.join(', ')}`);
    expect(found).toEqual([]);
  });

  it('finds nothing serious in the portal: entry and chat', async () => {
    const context = await browser.newContext({ ...DESKTOP, colorScheme: theme });
    contexts.push(context);
    const page = await context.newPage();
    const found: string[] = [];
    await page.goto(`${srv.url}/portal?app_id=${t.appId}&new=true`);
    await page.getByRole('button', { name: /start/i }).first().waitFor();
    for (const f of await audit(page)) found.push(`portal entry: ${f.id} ${f.help} at ${f.nodes.join(', ')}`);
    const started = await srv.api('POST', '/portal/start', {
      body: {
        app_id: t.appId,
        queue_id: t.billing,
        customer_info: { name: 'Axe Customer', email: 'axe@example.com' },
        initial_message: 'Checking the chat page',
      },
    });
    await page.goto(`${srv.url}/portal/chat?token=${started.portal_token}`);
    await page.getByText('Checking the chat page').waitFor();
    for (const f of await audit(page)) found.push(`portal chat: ${f.id} ${f.help} at ${f.nodes.join(', ')}`);
    expect(found).toEqual([]);
  });
});
