import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot } from './support/browser';
import { PASSWORD, type Tenant } from './support/inbox-tenant';
import { type OpenOptions, signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withTenantStack } from './support/stack';

/**
 * `/reports` in a real browser: a small day of work played through the API, then the numbers, charts, the
 * agent table, the CSV download and a recalculation as a company admin sees them, and an agent's own view.
 */
let srv: TestServer;
let browser: Browser;
let t: Tenant;

withTenantStack((s) => ({ srv, browser, t } = s));
beforeAll(async () => {
  const sam = await srv.login('sam@northwind.test', PASSWORD);
  const as = { token: sam, companyId: t.companyId };
  const ann = { token: await srv.login('ann@northwind.test', PASSWORD), companyId: t.companyId };
  // One label on Jane Doe's conversation: "By label" shows it started and resolved once (issue 44).
  const vip = await srv.api<{ label_id: number }>('POST', '/labels', {
    ...ann,
    body: { name: 'VIP', color: '#7c3aed', description: '' },
  });
  for (const [name, email] of [
    ['Jane Doe', 'jane@doe.test'],
    ['=cmd|calc', 'hostile@example.test'],
    ['Omar Haddad', 'omar@haddad.test'],
  ]) {
    const chat = await srv.api<{ conversation_id: number }>('POST', '/portal/start', {
      body: {
        app_id: t.appId,
        queue_id: t.orders,
        customer_info: { name, email },
        initial_message: 'Hello?',
      },
    });
    await srv.api('POST', '/messages', {
      ...as,
      body: { conversation_id: chat.conversation_id, content: 'Hi!' },
    });
    if (name === 'Jane Doe') {
      await srv.api('POST', '/conversation/labels', {
        ...ann,
        body: { conversation_id: chat.conversation_id, add: [vip.label_id], remove: [] },
      });
    }
    if (name !== 'Omar Haddad') {
      await srv.api('POST', '/conversation/resolve', {
        ...as,
        body: { conversation_id: chat.conversation_id },
      });
    }
  }
});

const signIn = signedInPages(() => ({ browser, srv }));
const openAs = (email: string, path: string, opts: OpenOptions = {}) => signIn(email, PASSWORD, path, opts);
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();
const card = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Metrics' }).getByRole('listitem').filter({ hasText: label }).first();

describe('reports', () => {
  it('shows today’s numbers, charts and agents, keeps filters in the URL, and sorts the agents', async () => {
    const page = await openAs('ann@northwind.test', '/dashboard');
    await page.getByRole('link', { name: 'Reports', exact: true }).click();
    await page.waitForURL(/\/reports/);
    await expect.poll(() => card(page, 'Conversations').innerText()).toContain('3');
    await expect.poll(() => card(page, 'Resolved').innerText()).toContain('2');
    await expect.poll(() => card(page, 'Replies sent').innerText()).toContain('3');
    await page.getByRole('figure', { name: 'Volume' }).waitFor();
    // Value axes on round counts and durations (issue 42, item 11): three conversations, one a step; response
    // times in one unit from a bare 0.
    // recharts draws the labels in a layer of their own, outside the axis group; SVG text has no innerText.
    const ticks = (name: string) =>
      page
        .getByRole('figure', { name })
        .locator('.recharts-yAxis-tick-labels .recharts-cartesian-axis-tick-value')
        .allTextContents();
    await expect.poll(() => ticks('Volume')).toEqual(['0', '1', '2', '3']);
    await expect.poll(async () => (await ticks('Response times (average)'))[0]).toBe('0');
    const times = await ticks('Response times (average)');
    for (const label of times.slice(1)) expect(label).toMatch(/^\d+ (s|min|h|d)$/);
    const agents = page.getByRole('table', { name: 'Agent performance' });
    await expect.poll(() => agents.getByRole('row').nth(1).innerText()).toContain('Sam Rivera');
    // By label: the one labelled conversation, started and resolved today, with its times.
    const byLabel = page.getByRole('table', { name: 'By label' });
    await expect
      .poll(() => byLabel.getByRole('row').nth(1).innerText())
      .toMatch(/^VIP\s+1\s+1\s+\d+ (s|min)\s+\d+ (s|min)$/);
    expect(await byLabel.getByRole('row').count()).toBe(2);
    await screenshot(page, 'reports-light');

    await page.getByLabel('Period').selectOption('today');
    await page.waitForURL(/range=today/);
    await page.getByLabel('App').selectOption(String(t.appId));
    await page.waitForURL(new RegExp(`app_id=${t.appId}`));
    await page.getByLabel('Queue').selectOption(String(t.billing));
    await expect.poll(() => card(page, 'Conversations').innerText()).toContain('0');
    await page.getByText('Nothing to show for this period').first().waitFor();
    await page.reload();
    expect(await page.getByLabel('Queue').inputValue()).toBe(String(t.billing));

    await page.getByLabel('Queue').selectOption('');
    await agents.getByRole('button', { name: 'Agent' }).click();
    await expect.poll(() => agents.getByRole('row').nth(1).innerText()).toContain('Ann Admin');
    expect(await agents.getByRole('columnheader', { name: 'Agent' }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });

  it('downloads the conversations as CSV with no formula cells, and recalculates with progress', async () => {
    const page = await openAs('ann@northwind.test', '/reports?range=7d');
    await expect.poll(() => card(page, 'Conversations').innerText()).toContain('3');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Conversations' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^conversations-report-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await download.path())!, 'utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text).toContain('\r\n');
    expect(text).toContain(`'=cmd|calc`);
    expect(text).not.toMatch(/(^|,)=cmd/m);

    await page.getByRole('button', { name: 'Recalculate' }).click();
    await toast(page, 'Statistics recalculated');
    await expect.poll(() => card(page, 'Conversations').innerText()).toContain('3');
  });

  it('shows an agent only its own numbers, without the agent filter or recalculation', async () => {
    const page = await openAs('lee@northwind.test', '/reports');
    await page.getByText('Your own numbers, day by day.').waitFor();
    await expect.poll(() => card(page, 'Replies sent').innerText()).toContain('0');
    expect(await page.getByLabel('Agent', { exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Recalculate' }).count()).toBe(0);
  });

  it('puts today’s numbers and the week’s trend on the dashboard', async () => {
    const page = await openAs('ann@northwind.test', '/dashboard');
    const today = page.getByRole('region', { name: 'Today' });
    await expect.poll(() => today.innerText()).toMatch(/Started today\s+3/);
    await today.getByRole('figure', { name: /Conversations, last 7 days: 0, 0, 0, 0, 0, 0, 3/ }).waitFor();
    await screenshot(page, 'dashboard-today');
  });

  it('reads well in dark mode and on a 390 px phone', async () => {
    const dark = await openAs('ann@northwind.test', '/reports', { theme: 'dark' });
    await dark.getByRole('figure', { name: 'Volume' }).waitFor();
    await dark.getByRole('table', { name: 'By label' }).getByText('VIP').waitFor();
    await screenshot(dark, 'reports-dark');
    const phone = await openAs('ann@northwind.test', '/reports', { device: PHONE });
    await expect.poll(() => card(phone, 'Conversations').innerText()).toContain('3');
    await phone.getByRole('table', { name: 'By label' }).getByText('VIP').waitFor();
    await screenshot(phone, 'reports-phone');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

describe('billing', () => {
  it('shows usage against the plan, and changes plan through checkout', async () => {
    const page = await openAs('ann@northwind.test', '/admin?tab=billing');
    const usage = page.getByRole('list', { name: 'Usage' });
    await usage.getByText('3 of 100').waitFor();
    await page.getByText('Free plan', { exact: true }).waitFor();
    // Three people of the Free plan's three seats: at the limit, so the card warns.
    await usage.getByText('Close to the Free plan’s limit.').waitFor();
    await screenshot(page, 'billing-usage-light');
    await page.getByRole('link', { name: 'Change plan' }).click();
    await page.waitForURL(/\/billing\/setup$/);
    const plans = page.getByRole('list', { name: 'Plans' });
    await plans.getByText('Current plan').waitFor();
    await screenshot(page, 'billing-setup');
    await page.getByRole('button', { name: 'Choose the Growth plan' }).click();
    await page.waitForURL(/\/billing\/success\?session=/);
    await page.getByRole('heading', { name: 'You are on the Growth plan' }).waitFor();
    await screenshot(page, 'billing-success');
    await page.getByRole('link', { name: 'Back to billing' }).click();
    await page.getByText('Growth plan', { exact: true }).waitFor();
    await usage.getByText('3 of 50').waitFor();
  });

  it('keeps billing to the company admin', async () => {
    const page = await openAs('lee@northwind.test', '/billing/setup');
    await page.getByText('You do not have access to this page').waitFor();
  });
});
