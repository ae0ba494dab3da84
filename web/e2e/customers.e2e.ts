import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot } from './support/browser';
import { PASSWORD, type Tenant } from './support/inbox-tenant';
import { type OpenOptions, signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withTenantStack } from './support/stack';

let srv: TestServer;
let browser: Browser;
let t: Tenant;
let janeChat = 0;

withTenantStack((s) => ({ srv, browser, t } = s));
beforeAll(async () => {
  const start = (name: string, email: string, message: string) =>
    srv.api<{ conversation_id: number }>('POST', '/portal/start', {
      body: { app_id: t.appId, queue_id: t.orders, customer_info: { name, email }, initial_message: message },
    });
  janeChat = (await start('Jane Doe', 'jane.doe@gmail.com', 'My parcel never came.')).conversation_id;
  await start('Omar Haddad', 'omar@haddad.test', 'Can I change my delivery address?');
  await start('Priya Nair', 'priya@nair.test', 'Is the blue kettle back in stock?');
  // The same mailbox as Jane's, written another way: a likely duplicate.
  await start('J. Doe', 'janedoe+orders@gmail.com', 'Following up on my parcel.');
});

const signIn = signedInPages(() => ({ browser, srv }));
const openAs = (path: string, opts: OpenOptions = {}) => signIn('ann@northwind.test', PASSWORD, path, opts);

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();
const rows = (page: Page) => page.getByRole('list', { name: 'Customers' }).getByRole('link');

describe('customers', () => {
  it('finds a customer by search and keyboard, edits them, and follows a conversation', async () => {
    const page = await openAs('/dashboard');
    await page.getByRole('link', { name: 'Customers', exact: true }).click();
    await page.waitForURL(/\/customers$/);
    await expect.poll(() => rows(page).count()).toBe(4);
    await screenshot(page, 'customers-list-light');

    await page.getByRole('searchbox', { name: 'Search customers' }).fill('HADDAD');
    await page.waitForURL(/search=HADDAD/);
    await expect.poll(() => rows(page).allInnerTexts()).toEqual([expect.stringContaining('Omar Haddad')]);
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('nobody-like-this');
    await page.getByText('No customers match').waitFor();
    await screenshot(page, 'customers-list-empty-search');
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('');
    await expect.poll(() => rows(page).count()).toBe(4);

    // j moves to the first row, Enter opens it, as in the inbox.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('name');
    // Wait for the sorted page itself: the previous order stays on screen while it loads.
    await page.waitForURL(/sort=name/);
    await expect.poll(() => rows(page).first().innerText()).toContain('J. Doe');
    await expect.poll(() => rows(page).nth(1).innerText()).toContain('Jane Doe');
    await page.getByRole('heading', { name: 'Customers', level: 1 }).click();
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Jane Doe', level: 1 }).waitFor();

    await page.getByLabel('Phone').fill('+44 20 7946 0958');
    await page.getByRole('button', { name: 'Add attribute' }).click();
    await page.getByLabel('Attribute 1 name').fill('Plan');
    await page.getByLabel('Attribute 1 value').fill('Premium');
    await page.getByLabel('Notes').fill('Prefers email over phone.');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Customer saved');
    await expect.poll(() => page.getByLabel('Phone').inputValue()).toBe('+442079460958');
    await page.reload();
    await expect.poll(() => page.getByLabel('Attribute 1 value').inputValue()).toBe('Premium');

    await page.getByRole('link', { name: /#\d+.*My parcel never came/ }).click();
    await page.waitForURL(new RegExp(`/conversations/${janeChat}$`));
    // The thread names the customer with a way back to them.
    await page.getByRole('heading', { level: 2 }).getByRole('link', { name: 'Jane Doe' }).click();
    await page.getByRole('heading', { name: 'Jane Doe', level: 1 }).waitFor();
  });

  it('compares a likely duplicate side by side and merges it', async () => {
    const page = await openAs('/customers?search=jane.doe', { theme: 'dark' });
    await rows(page).first().click();
    await page.getByRole('heading', { name: 'Jane Doe', level: 1 }).waitFor();
    const card = page.getByText('Possible duplicates').locator('xpath=ancestor::*[@data-slot="card"][1]');
    await card.getByText('J. Doe').waitFor();
    await card.getByText(/Same mailbox/).waitFor();
    await screenshot(page, 'customer-detail-dark');
    await card.getByRole('button', { name: 'Compare' }).click();
    const dialog = page.getByRole('dialog', { name: 'Compare and merge' });
    await dialog.getByText('janedoe+orders@gmail.com').waitFor();
    await screenshot(page, 'customer-compare-dark', { fullPage: false });
    await dialog.getByRole('button', { name: 'Merge into Jane Doe' }).click();
    await toast(page, 'Merged into Jane Doe');
    await page.getByText('2 open of 2 conversations', { exact: false }).waitFor();
    await expect.poll(() => page.getByText('Possible duplicates').count()).toBe(0);
    await page.getByRole('link', { name: /Following up on my parcel/ }).waitFor();
    // In the thread, the customer's other conversation is one click away.
    await page.goto(`${srv.url}/conversations/${janeChat}`);
    const others = page.getByRole('navigation', { name: 'Other conversations of this customer' });
    await others.getByRole('link', { name: /#\d+/ }).click();
    await page.getByText('Following up on my parcel.').first().waitFor();
    await screenshot(page, 'thread-other-conversations-dark');
  });

  it('fits a phone screen, and erasing asks for the name first', async () => {
    const page = await openAs('/customers', { device: PHONE });
    await expect.poll(() => rows(page).count()).toBeGreaterThan(1);
    await screenshot(page, 'customers-list-phone');
    await rows(page).filter({ hasText: 'Priya Nair' }).click();
    await page.getByRole('heading', { name: 'Priya Nair', level: 1 }).waitFor();
    await screenshot(page, 'customer-detail-phone');
    await page.getByRole('button', { name: 'Erase customer' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Erase Priya Nair?' });
    const erase = dialog.getByRole('button', { name: 'Erase for good' });
    expect(await erase.isDisabled()).toBe(true);
    await dialog.getByLabel('Type the customer’s name to confirm').fill('Priya Nair');
    await erase.click();
    await toast(page, 'Priya Nair and their conversations were erased');
    await page.waitForURL(/\/customers$/);
    await expect.poll(() => rows(page).allInnerTexts()).not.toContainEqual(expect.stringContaining('Priya'));
  });
});
