import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, launchBrowser, PHONE, screenshot } from './support/browser';
import { createTenant, PASSWORD, type Tenant } from './support/inbox-tenant';
import { startServer, type TestServer } from './support/server';
import { storeSession } from './support/session';

/**
 * Two server processes on one PostgreSQL, as behind a load balancer: the customer's browser talks to one, the
 * agent's to the other, and the live chat works both with push and, when the event streams are cut, with
 * polling. Needs a PostgreSQL (TEST_DATABASE_URL, as the server suite); without one it is reported skipped.
 */
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('two server processes on one PostgreSQL', () => {
  const dbName = `inbox_e2e_cluster_${process.pid}_${Date.now().toString(36)}`;
  let customerSide: TestServer;
  let agentSide: TestServer;
  let browser: Browser;
  let t: Tenant;
  const contexts: BrowserContext[] = [];

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl!);
    url.pathname = `/${dbName}`;
    // Processes of one installation share the key its secrets are sealed under (README, "Secrets at rest").
    const env = { DATABASE_URL: url.toString(), SECRETS_KEY: randomBytes(32).toString('base64') };
    [customerSide, agentSide, browser] = await Promise.all([
      startServer(env),
      startServer(env),
      launchBrowser(),
    ]);
    t = await createTenant(customerSide);
  });

  afterAll(async () => {
    for (const ctx of contexts) await ctx.close().catch(() => {});
    await browser?.close();
    await customerSide?.stop();
    await agentSide?.stop();
    await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  });

  const open = async (srv: TestServer, device = DESKTOP) => {
    const ctx = await browser.newContext({ ...device, baseURL: srv.url });
    contexts.push(ctx);
    return ctx.newPage();
  };
  const bubble = (page: Page, sender: string, text: string) =>
    page.locator(`[data-sender="${sender}"]`, { hasText: text });

  /** One whole chat: start, typing both ways, messages both ways, resolve. */
  async function chat(name: string, cutStreams: boolean) {
    const agent = await open(agentSide);
    const customer = await open(customerSide, PHONE);
    if (cutStreams) {
      // No live stream gets through: both sides must fall back to polling.
      for (const page of [agent, customer]) await page.route(/\/events(\/stream|\?)/, (r) => r.abort());
    }
    await storeSession(agent, agentSide, 'sam@northwind.test', PASSWORD);
    await agent.goto('/conversations?assignee=all');

    await customer.goto(`/portal?app_id=${t.appId}&queue_id=${t.orders}`);
    await customer.getByLabel(/^Name/).fill(name);
    await customer.getByLabel(/^Email/).fill(`${name.split(' ')[0]!.toLowerCase()}@example.com`);
    await customer.getByLabel(/^How can we help you/).fill('Where is my parcel?');
    await customer.getByRole('button', { name: 'Start Conversation' }).click();
    await customer.waitForURL(/\/portal\/chat\?token=/);

    const row = agent.locator('[data-row]', { hasText: name });
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await bubble(agent, 'customer', 'Where is my parcel?').waitFor();

    await customer.getByLabel('Message', { exact: true }).fill('It was due on Monday');
    await agent.getByText(`${name} is typing...`).waitFor({ timeout: 15_000 });
    await customer.getByLabel('Message', { exact: true }).press('Enter');
    await bubble(agent, 'customer', 'It was due on Monday').waitFor({ timeout: 15_000 });

    const composer = agent.getByRole('textbox', { name: 'Reply', exact: true });
    await composer.fill('Checking with the courier');
    await customer.getByTestId('typing-indicator').waitFor({ timeout: 15_000 });
    await composer.press('Enter');
    await bubble(customer, 'agent', 'Checking with the courier').waitFor({ timeout: 15_000 });

    await agent.getByRole('button', { name: 'Resolve' }).click();
    await customer.getByText('Conversation Ended').waitFor({ timeout: 15_000 });
    return { agent, customer };
  }

  it('carries a chat between a customer on one process and an agent on the other, live', async () => {
    const { agent, customer } = await chat('Nora Live', false);
    await screenshot(agent, 'cluster-agent-desktop-light');
    await screenshot(customer, 'cluster-customer-phone-light');
  });

  it('carries the same chat by polling when no event stream gets through', async () => {
    const { agent } = await chat('Omar Polling', true);
    // The fallback really was polling: the list and thread polls kept running.
    const poll = await agent.waitForResponse((r) => r.url().includes('/conversation/poll'), {
      timeout: 10_000,
    });
    expect(poll.status()).toBe(200);
  });
});
