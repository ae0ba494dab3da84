import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, screenshot } from './support/browser';
import { PASSWORD, type Tenant } from './support/inbox-tenant';
import { signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withTenantStack } from './support/stack';

/** Issue 44 in the console: labels from Admin → Labels to the thread, the customer panel and the filter. */
let srv: TestServer;
let browser: Browser;
let t: Tenant;

withTenantStack((s) => ({ srv, browser, t } = s));

const signIn = signedInPages(() => ({ browser, srv }));
/** Wide enough for the customer panel to sit beside the thread. */
const WIDE = { viewport: { width: 1600, height: 900 } };

const start = (name: string, message: string) =>
  srv.api<{ conversation_id: number }>('POST', '/portal/start', {
    body: {
      app_id: t.appId,
      queue_id: t.orders,
      customer_info: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` },
      initial_message: message,
    },
  });

const row = (page: Page, name: string) => page.locator('[data-row]', { hasText: name });
/** One label chip in a row's or the panel's list of labels. */
const chip = (scope: Locator, name: string) =>
  scope.getByRole('list', { name: 'Labels' }).getByText(name, { exact: true });
const panel = (page: Page) => page.getByRole('complementary', { name: 'Customer details' });
const header = (page: Page) => page.getByRole('region', { name: 'Conversation' }).locator('header');

async function pick(page: Page, scope: Locator, label: string) {
  await scope.getByRole('button', { name: 'Edit labels' }).click();
  await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: label }).click();
  await page.keyboard.press('Escape');
}

async function createLabel(page: Page, name: string) {
  await page.getByRole('button', { name: 'Create label' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Create label' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText(name, { exact: true }).first().waitFor();
}

describe('labels in the console', () => {
  it('are made by an admin, put on a conversation and its customer, and follow a rename and a delete', async () => {
    const dana = await start('Dana Label', 'My invoice is wrong');
    await start('Eli Plain', 'Hello there');
    const admin = await signIn('ann@northwind.test', PASSWORD, '/admin?tab=labels');
    for (const name of ['Billing', 'Refund', 'VIP']) await createLabel(admin, name);
    await screenshot(admin, 'labels-admin-desktop-light');
    const token = await srv.login('ann@northwind.test', PASSWORD);
    const labels = await srv.api<{ label_id: number; name: string }[]>('GET', '/labels', {
      token,
      companyId: t.companyId,
    });
    const id = (name: string) => labels.find((l) => l.name === name)!.label_id;

    const page = await signIn('sam@northwind.test', PASSWORD, '/conversations?assignee=all', {
      device: WIDE,
    });
    await row(page, 'Dana Label').click();
    // The conversation from the thread header; its row shows the chips.
    await pick(page, header(page), 'Billing');
    await chip(row(page, 'Dana Label'), 'Billing').waitFor();
    await pick(page, header(page), 'Refund');
    await chip(row(page, 'Dana Label'), 'Refund').waitFor();
    // The customer from the panel beside the thread.
    await panel(page).getByText('dana@example.com').waitFor();
    await pick(page, panel(page), 'VIP');
    await chip(panel(page), 'VIP').waitFor();
    // The team note is the customer's notes.
    await panel(page).getByLabel('Team note').fill('Prefers email; VIP since 2021');
    await panel(page).getByRole('button', { name: 'Save note' }).click();
    await panel(page).getByRole('button', { name: 'Save note' }).waitFor({ state: 'detached' });
    const thread = await srv.api<{ conversation: { customer: { customer_id: number } } }>(
      'GET',
      `/conversation/poll?conversation_id=${dana.conversation_id}`,
      { token, companyId: t.companyId },
    );
    const customer = await srv.api<{ notes: string; labels: { name: string }[] }>(
      'GET',
      `/customers?id=${thread.conversation.customer.customer_id}`,
      { token, companyId: t.companyId },
    );
    expect(customer.notes).toBe('Prefers email; VIP since 2021');
    expect(customer.labels.map((l) => l.name)).toEqual(['VIP']);
    await screenshot(page, 'labels-panel-desktop-light');

    // A rename and a delete made elsewhere reach the agent's open list through the event stream, without a
    // reload (label.* events go to every console of the company).
    await srv.api('PUT', `/labels?id=${id('Billing')}`, {
      token,
      companyId: t.companyId,
      body: { name: 'Invoices' },
    });
    await chip(row(page, 'Dana Label'), 'Invoices').waitFor();
    await srv.api('DELETE', `/labels?id=${id('Refund')}`, { token, companyId: t.companyId });
    await expect.poll(() => chip(row(page, 'Dana Label'), 'Refund').count()).toBe(0);

    // The inbox filtered by a label lists only the conversations carrying it.
    await row(page, 'Eli Plain').waitFor();
    await page.getByRole('combobox', { name: 'Label' }).selectOption({ label: 'Invoices' });
    await expect.poll(() => row(page, 'Eli Plain').count()).toBe(0);
    await row(page, 'Dana Label').waitFor();
  });

  it('shows the customer panel in dark mode, folds it away for good, and as a sheet on a phone', async () => {
    await start('Fay Dark', 'Too bright');
    const dark = await signIn('sam@northwind.test', PASSWORD, '/conversations?assignee=all', {
      device: WIDE,
      theme: 'dark',
    });
    await row(dark, 'Fay Dark').click();
    await panel(dark).getByText('fay@example.com').waitFor();
    await screenshot(dark, 'labels-panel-desktop-dark');
    // Folded away, it stays folded after a reload (per browser).
    await panel(dark).getByRole('button', { name: 'Hide customer details' }).click();
    await panel(dark).waitFor({ state: 'detached' });
    await dark.reload();
    await header(dark).getByRole('button', { name: 'Customer details' }).waitFor();
    expect(await panel(dark).count()).toBe(0);
    await header(dark).getByRole('button', { name: 'Customer details' }).click();
    await panel(dark).waitFor();

    const phone = await signIn('sam@northwind.test', PASSWORD, '/conversations?assignee=all', {
      device: PHONE,
    });
    await row(phone, 'Fay Dark').click();
    // On a phone the thread keeps the whole width; the panel waits behind the header's button.
    await header(phone).getByRole('button', { name: 'Customer details' }).waitFor();
    expect(await panel(phone).count()).toBe(0);
    await screenshot(phone, 'labels-thread-phone-light');
    await header(phone).getByRole('button', { name: 'Customer details' }).click();
    await panel(phone).getByText('fay@example.com').waitFor();
    await screenshot(phone, 'labels-panel-phone-light', { fullPage: false });
  });
});
