import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { PASSWORD, type Tenant } from './support/inbox-tenant';
import { signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withTenantStack } from './support/stack';

/** Issue 45 in the console: service levels from Admin → Service levels to the inbox, the thread and reports. */
let srv: TestServer;
let browser: Browser;
let t: Tenant;

withTenantStack((s) => ({ srv, browser, t } = s));

const signIn = signedInPages(() => ({ browser, srv }));
const row = (page: Page, name: string) => page.locator('[data-row]', { hasText: name });
const header = (page: Page) => page.getByRole('region', { name: 'Conversation' }).locator('header');

async function createPolicy(page: Page, name: string, first: string, priority?: string) {
  await page.getByRole('button', { name: 'Create service level' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('First response').fill(first);
  await dialog.getByLabel('Resolution').fill('480');
  if (priority) await dialog.getByRole('checkbox', { name: priority }).check();
  await dialog.getByRole('button', { name: 'Create service level' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText(name, { exact: false }).first().waitFor();
}

describe('service levels in the console', () => {
  it('are kept by an admin in order, and show as a countdown, a filter, a sort and in reports', async () => {
    const admin = await signIn('ann@northwind.test', PASSWORD, '/admin?tab=sla');
    await admin.getByText('No service levels yet').waitFor();
    await createPolicy(admin, 'Urgent care', '15', 'Urgent');
    await createPolicy(admin, 'Standard', '45');
    // Standard is tried first once moved up: every conversation matches it.
    await admin.getByRole('button', { name: 'Move Standard up' }).click();
    await admin.getByText('1. Standard').waitFor();
    await admin.getByText('2. Urgent care').waitFor();
    await screenshot(admin, 'sla-admin-list');
    await admin.getByRole('button', { name: 'Edit Urgent care' }).click();
    const dialog = admin.getByRole('dialog');
    expect(await dialog.getByRole('checkbox', { name: 'Urgent' }).isChecked()).toBe(true);
    expect(await dialog.getByLabel('First response').inputValue()).toBe('15');
    await screenshot(admin, 'sla-admin-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await srv.api('POST', '/portal/start', {
      body: {
        app_id: t.appId,
        queue_id: t.orders,
        customer_info: { name: 'Gina Clock', email: 'gina@example.com' },
        initial_message: 'Where is my parcel?',
      },
    });
    const agent = await signIn('sam@northwind.test', PASSWORD, '/conversations?assignee=all&sort=sla');
    const countdown = row(agent, 'Gina Clock').getByTestId('sla-countdown');
    await countdown.waitFor();
    expect(await countdown.textContent()).toMatch(/^SLA 4[45] m$/);
    expect(await countdown.getAttribute('data-tone')).toBe('amber');
    expect(await countdown.getAttribute('title')).toMatch(/^First response due .*\(Standard\)$/);
    expect(await agent.getByRole('combobox', { name: 'Sort' }).inputValue()).toBe('sla');
    await agent.getByRole('combobox', { name: 'SLA' }).selectOption('due_soon');
    await agent.waitForURL(/sla=due_soon/);
    await row(agent, 'Gina Clock').waitFor();
    await screenshot(agent, 'sla-inbox-due-soon');
    await agent.getByRole('combobox', { name: 'SLA' }).selectOption('breached');
    await agent.getByText('No conversations match these filters.').waitFor();
    await agent.getByRole('combobox', { name: 'SLA' }).selectOption('all');
    await row(agent, 'Gina Clock').click();
    await header(agent).getByTestId('sla-countdown').waitFor();
    await screenshot(agent, 'sla-thread-header');

    await admin.goto(`${srv.url}/reports`);
    await admin.getByTestId('sla-met').waitFor();
    expect(await admin.getByTestId('sla-met').textContent()).toBe('100.0%');
    await screenshot(admin, 'sla-reports');
  });
});
