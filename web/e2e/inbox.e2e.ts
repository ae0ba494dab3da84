import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { createTenant, PASSWORD, type Tenant } from './support/inbox-tenant';
import type { TestServer } from './support/server';
import { storeSession } from './support/session';
import { withServerAndBrowser } from './support/stack';

/** A 1x1 transparent PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

describe('agent inbox', () => {
  let srv: TestServer;
  let browser: Browser;
  let t: Tenant;
  const contexts: BrowserContext[] = [];

  const newPage = async (opts: BrowserContextOptions) => {
    const ctx = await browser.newContext({ ...opts, baseURL: srv.url });
    contexts.push(ctx);
    return ctx.newPage();
  };

  /** Signs in through the API and stores the session as the login page does, then opens `to`. */
  async function openAs(
    email: string,
    to: string,
    opts: { dark?: boolean; device?: BrowserContextOptions } = {},
  ) {
    const page = await newPage(opts.device ?? DESKTOP);
    await storeSession(page, srv, email, PASSWORD, opts.dark ? 'dark' : 'light');
    await page.goto(to);
    return page;
  }

  /** A customer starts a chat through the portal API (the portal UI is driven in the main scenario). */
  const startByApi = (name: string, email: string, message: string, queue_id: number) =>
    srv.api<{ portal_token: string; conversation_id: number }>('POST', '/portal/start', {
      body: { app_id: t.appId, queue_id, customer_info: { name, email }, initial_message: message },
    });

  const toast = (page: Page, text: string) =>
    page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();
  const row = (page: Page, name: string) => page.locator('[data-row]', { hasText: name });
  const bubble = (page: Page, sender: string, text: string) =>
    page.locator(`[data-sender="${sender}"]`, { hasText: text });

  withServerAndBrowser((s) => ({ srv, browser } = s));
  beforeAll(async () => {
    t = await createTenant(srv);
  });

  afterAll(async () => {
    for (const ctx of contexts) await ctx.close().catch(() => {});
  });

  it('an agent answers a live portal customer, writes a note, assigns, transfers and resolves', async () => {
    const agent = await openAs('sam@northwind.test', '/conversations');
    await agent.getByText('No open conversations').waitFor();

    // The customer starts a chat in the portal, in a browser of their own.
    const customer = await newPage(PHONE);
    await customer.goto(`/portal?app_id=${t.appId}&queue_id=${t.orders}`);
    await customer.getByLabel(/^Name/).fill('Maria Lopez');
    await customer.getByLabel(/^Email/).fill('maria@example.com');
    await customer.getByLabel(/^How can we help you/).fill('Hi, my order #1042 has not arrived yet.');
    await customer.getByRole('button', { name: 'Start Conversation' }).click();
    await customer.waitForURL(/\/portal\/chat\?token=/);

    // It appears in the inbox without a reload, unread, with its channel and queue.
    const maria = row(agent, 'Maria Lopez');
    await maria.waitFor({ timeout: 10_000 });
    await maria.getByText('Portal').waitFor();
    await maria.getByText('Orders & Shipping').waitFor();
    expect(await maria.getByTestId('unread').textContent()).toMatch(/^1/);
    await maria.getByText('has not arrived yet').waitFor();

    // Keyboard: j focuses the row, Enter opens it, and the composer takes focus.
    await agent.keyboard.press('j');
    expect(await agent.evaluate(() => document.activeElement?.getAttribute('data-row'))).not.toBeNull();
    await agent.keyboard.press('Enter');
    await agent.waitForURL(/\/conversations\/\d+/);
    const conversationId = Number(new URL(agent.url()).pathname.split('/').pop());
    await bubble(agent, 'customer', 'has not arrived yet').waitFor();
    const composer = agent.getByRole('textbox', { name: 'Reply', exact: true });
    await agent.waitForFunction(() => document.activeElement?.tagName === 'TEXTAREA');
    await agent.getByRole('heading', { name: 'Maria Lopez' }).waitFor();
    await agent.getByTestId('assignee').getByText('Unassigned').waitFor();
    // Reading it clears the unread badge.
    await maria.getByTestId('unread').waitFor({ state: 'detached', timeout: 10_000 });

    // The customer types: the agent sees it.
    await customer.getByLabel('Message', { exact: true }).fill('Order number is 1042');
    await agent.getByText('Maria Lopez is typing...').waitFor({ timeout: 10_000 });
    await customer.getByLabel('Message', { exact: true }).press('Enter');
    await bubble(agent, 'customer', 'Order number is 1042').waitFor({ timeout: 10_000 });

    // Shift+Enter is a new line, Enter sends; the customer gets the reply.
    await composer.fill('Sorry about that, Maria!');
    await composer.press('Shift+Enter');
    await composer.pressSequentially('I am checking with the courier now.');
    expect(await composer.inputValue()).toBe('Sorry about that, Maria!\nI am checking with the courier now.');
    await composer.press('Enter');
    await bubble(agent, 'agent', 'checking with the courier').waitFor();
    expect(await composer.inputValue()).toBe('');
    // Replying to an unassigned conversation makes it the replier's (the company setting is on by default).
    await agent.getByTestId('assignee').getByText('Sam Rivera', { exact: true }).waitFor({ timeout: 10_000 });
    await bubble(agent, 'system', 'Assigned to Sam Rivera on replying').waitFor({ timeout: 10_000 });
    await bubble(customer, 'agent', 'checking with the courier').waitFor({ timeout: 10_000 });

    // The customer answers; the thread appends it once.
    await customer.getByLabel('Message', { exact: true }).fill('Thank you!');
    await customer.getByLabel('Message', { exact: true }).press('Enter');
    await bubble(agent, 'customer', 'Thank you!').waitFor({ timeout: 10_000 });
    // Two more polls after the message arrived: a duplicate would have been appended by now.
    for (let i = 0; i < 2; i++) await agent.waitForResponse((r) => r.url().includes('/conversation/poll'));
    const ids = await agent
      .locator('[data-message-id]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-message-id')));
    expect(new Set(ids).size).toBe(ids.length);

    // An internal note: amber, marked, never in the portal.
    await agent.getByRole('radio', { name: 'Internal note' }).click();
    const noteBox = agent.getByRole('textbox', { name: 'Internal note', exact: true });
    await noteBox.fill('Courier ticket CR-889 opened.');
    await noteBox.press('Enter');
    const note = agent.locator('[data-note="true"]', { hasText: 'CR-889' });
    await note.waitFor();
    await note.getByText('Internal note').waitFor();

    // A file goes with a reply and downloads with the console's credentials.
    await agent.getByRole('radio', { name: 'Reply' }).click();
    await agent
      .getByTestId('file-input')
      .setInputFiles([
        { name: 'label.txt', mimeType: 'text/plain', buffer: Buffer.from('Shipping label 1042\n') },
      ]);
    await agent
      .locator('[data-testid="upload-chip"][data-status="done"]', { hasText: 'label.txt' })
      .waitFor();
    await composer.fill('Here is your shipping label.');
    await composer.press('Enter');
    const file = agent.getByRole('button', { name: /Download label\.txt/ });
    await file.waitFor();
    const [download] = await Promise.all([agent.waitForEvent('download'), file.click()]);
    expect(download.suggestedFilename()).toBe('label.txt');
    await customer.getByRole('link', { name: /label\.txt/ }).waitFor({ timeout: 10_000 });

    // An image shows as a thumbnail in the thread, and whole in a dialog, as the customer sees it.
    await agent
      .getByTestId('file-input')
      .setInputFiles([{ name: 'photo.png', mimeType: 'image/png', buffer: PNG }]);
    await agent
      .locator('[data-testid="upload-chip"][data-status="done"]', { hasText: 'photo.png' })
      .waitFor();
    await composer.press('Enter');
    await agent.getByTestId('image-thumbnail').waitFor();
    await agent.getByRole('button', { name: 'View photo.png' }).click();
    await agent.getByRole('dialog', { name: 'photo.png' }).getByRole('img', { name: 'photo.png' }).waitFor();
    await screenshot(agent, 'inbox-image-preview-desktop-light');
    await agent.keyboard.press('Escape');
    await screenshot(agent, 'inbox-thread-desktop-light');
    expect(await customer.getByText('CR-889').count()).toBe(0);
    await screenshot(customer, 'inbox-portal-side-phone-light');

    // Unassign, then assign to me again.
    await agent.getByRole('button', { name: 'Assign' }).click();
    await agent.getByRole('menuitem', { name: 'Unassign' }).click();
    await toast(agent, 'Conversation unassigned');
    await agent.getByTestId('assignee').getByText('Unassigned').waitFor();
    await agent.getByRole('button', { name: 'Assign' }).click();
    await agent.getByRole('menuitem', { name: 'Assign to me' }).click();
    await toast(agent, 'Conversation assigned successfully');
    await agent.getByTestId('assignee').getByText('Sam Rivera', { exact: true }).waitFor();

    // Transfer: the dialog asks for a target and a reason, then moves it to Billing and Lee.
    await agent.getByRole('button', { name: 'Transfer' }).click();
    const dialog = agent.getByRole('dialog', { name: 'Transfer conversation' });
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await dialog.getByText('Choose a queue or a user to transfer to').waitFor();
    await dialog.getByText('Transfer reason is required').waitFor();
    await dialog.getByLabel('Queue').selectOption({ label: 'Billing' });
    await dialog.getByRole('combobox', { name: 'Person' }).click();
    await agent.getByPlaceholder('Search people...').fill('Lee');
    await agent.getByRole('option', { name: /Lee Park/ }).click();
    await dialog.getByLabel('Reason').fill('Refund needed for the lost parcel');
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await toast(agent, 'Conversation transferred successfully');
    await dialog.waitFor({ state: 'detached' });
    await agent.getByTestId('assignee').getByText('Lee Park', { exact: true }).waitFor();
    await agent.locator('header').getByText('Billing').waitFor();
    await agent.locator('[data-sender="system"]').first().waitFor({ timeout: 10_000 });

    // AI help works without an AI service: a summary and a suggested reply.
    await agent.getByRole('button', { name: 'More actions' }).click();
    await agent.getByRole('menuitem', { name: 'AI summary' }).click();
    const summary = agent.getByRole('dialog', { name: 'AI summary' });
    await summary.getByTestId('ai-summary').waitFor({ timeout: 15_000 });
    expect((await summary.getByTestId('ai-summary').textContent())?.length).toBeGreaterThan(10);
    await summary.getByText(/Offline summary/).waitFor();
    await screenshot(agent, 'inbox-ai-summary-desktop-light');
    await summary.getByRole('button', { name: 'Close' }).last().click();
    await agent.getByRole('button', { name: 'Suggest reply' }).click();
    await agent.waitForFunction(
      () => (document.querySelector('textarea[id^="composer-"]') as HTMLTextAreaElement | null)?.value.length,
      undefined,
      { timeout: 15_000 },
    );
    await composer.fill('');

    // Escape goes back to the list, with the open conversation's row focused.
    await composer.focus();
    await agent.keyboard.press('Escape');
    expect(await agent.evaluate(() => document.activeElement?.getAttribute('data-row'))).toBe(
      String(conversationId),
    );

    // Resolve: the customer's portal ends the chat.
    await agent.getByRole('button', { name: 'Resolve' }).click();
    await toast(agent, 'Conversation resolved');
    await agent.locator('header').getByText('Resolved').waitFor();
    await customer.getByText('Conversation Ended').waitFor({ timeout: 10_000 });
    await screenshot(customer, 'inbox-portal-ended-phone-light');

    // A resolved conversation leaves the default view; the Resolved filter finds it.
    await agent.getByLabel('Status').selectOption('resolved');
    await row(agent, 'Maria Lopez').getByText('Resolved', { exact: true }).waitFor();

    // Reopen: the header's button brings it back as open, and the thread says who reopened it. The
    // "resolved" toast may still show: it sits in the top bar's middle, clear of the header's buttons.
    await agent.getByRole('button', { name: 'Reopen' }).click();
    await toast(agent, 'Conversation reopened');
    await agent.locator('header').getByText('Open', { exact: true }).waitFor();
    await screenshot(agent, 'inbox-reopened-desktop-light');
    await agent.getByRole('button', { name: 'Reopen' }).waitFor({ state: 'detached' });
    await bubble(agent, 'system', 'Reopened by Sam Rivera').waitFor({ timeout: 10_000 });
  });

  it('filters by assignment, status, queue and search, and says why a list is empty', async () => {
    await startByApi('Omar Haddad', 'omar@example.com', 'Can I change my delivery address?', t.orders);
    const sent = await startByApi(
      'Priya Shah',
      'priya@example.com',
      'I was charged twice for invoice 77',
      t.billing,
    );
    const lee = await srv.login('lee@northwind.test', PASSWORD);
    await srv.api('POST', '/conversation/assign', {
      token: lee,
      companyId: t.companyId,
      body: { conversation_id: sent.conversation_id, user_id: t.users.sam },
    });

    // Sam holds Priya's conversation: the inbox opens on Mine.
    const page = await openAs('sam@northwind.test', '/conversations');
    await page.getByRole('radio', { name: 'Mine', checked: true }).waitFor();
    await row(page, 'Priya Shah').waitFor();
    await row(page, 'Omar Haddad').waitFor({ state: 'detached' });
    expect(page.url()).toContain('assignee=mine');
    await page.getByRole('radio', { name: 'All' }).click();
    await row(page, 'Omar Haddad').waitFor();
    await row(page, 'Priya Shah').waitFor();
    await screenshot(page, 'inbox-list-desktop-light');

    await page.getByRole('radio', { name: 'Mine' }).click();
    await row(page, 'Priya Shah').waitFor();
    await row(page, 'Omar Haddad').waitFor({ state: 'detached' });
    expect(page.url()).toContain('assignee=mine');

    await page.getByRole('radio', { name: 'Unassigned' }).click();
    await row(page, 'Omar Haddad').waitFor();
    await row(page, 'Priya Shah').waitFor({ state: 'detached' });

    await page.getByRole('radio', { name: 'All' }).click();
    await page.getByLabel('Queue').selectOption({ label: 'Billing' });
    await row(page, 'Priya Shah').waitFor();
    await row(page, 'Omar Haddad').waitFor({ state: 'detached' });
    await page.getByLabel('Queue').selectOption({ label: 'All queues' });

    await page.getByLabel('Search conversations').fill('delivery address');
    await row(page, 'Omar Haddad').waitFor();
    await row(page, 'Priya Shah').waitFor({ state: 'detached' });
    await page.getByLabel('Search conversations').fill('nothing like this anywhere');
    await page.getByText('No conversations match these filters.').waitFor();
    await screenshot(page, 'inbox-empty-search-desktop-light');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await row(page, 'Omar Haddad').waitFor();
    expect(await page.getByLabel('Search conversations').inputValue()).toBe('');

    // k and j walk the list; the ? key shows the shortcuts.
    await page.keyboard.press('j');
    const first = await page.evaluate(() => document.activeElement?.getAttribute('data-row'));
    await page.keyboard.press('j');
    const second = await page.evaluate(() => document.activeElement?.getAttribute('data-row'));
    expect(second).not.toBe(first);
    await page.keyboard.press('k');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-row'))).toBe(first);
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-row'))).toBe(second);
    await screenshot(page, 'inbox-keyboard-focus-desktop-light');
    await page.keyboard.press('?');
    await page.getByText('Keyboard shortcuts').waitFor();
    await screenshot(page, 'inbox-shortcuts-desktop-light');
  });

  it('a company admin deletes a conversation and sends a secure link', async () => {
    const gone = await startByApi(
      'Delete Me',
      'delete.me@example.com',
      'Please remove this test chat',
      t.orders,
    );
    const link = await startByApi('Nina Berg', 'nina@example.com', 'I lost the chat window', t.orders);
    const page = await openAs('ann@northwind.test', `/conversations/${link.conversation_id}`);
    await bubble(page, 'customer', 'I lost the chat window').waitFor();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Send secure link' }).click();
    await toast(page, 'Secure link sent to the customer');

    await page.goto(`/conversations/${gone.conversation_id}`);
    await bubble(page, 'customer', 'Please remove this test chat').waitFor();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete conversation' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete conversation?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toast(page, 'Conversation deleted');
    await page.waitForURL((url) => url.pathname === '/conversations');
    await row(page, 'Nina Berg').waitFor();
    // The list may first show its cached page; the deleted row goes with the refetch.
    await row(page, 'Delete Me').waitFor({ state: 'detached', timeout: 10_000 });

    // Agents cannot delete: the menu does not offer it.
    const agent = await openAs('sam@northwind.test', `/conversations/${link.conversation_id}`);
    await bubble(agent, 'customer', 'I lost the chat window').waitFor();
    await agent.getByRole('button', { name: 'More actions' }).click();
    await agent.getByRole('menuitem', { name: 'AI summary' }).waitFor();
    expect(await agent.getByRole('menuitem', { name: 'Delete conversation' }).count()).toBe(0);
  });

  it('looks right in dark mode and on a 390 px phone, list or thread with a back button', async () => {
    const dark = await openAs('sam@northwind.test', '/conversations?assignee=all', { dark: true });
    await row(dark, 'Omar Haddad').waitFor();
    await screenshot(dark, 'inbox-list-desktop-dark');
    await row(dark, 'Nina Berg').click();
    await bubble(dark, 'customer', 'I lost the chat window').waitFor();
    await screenshot(dark, 'inbox-thread-desktop-dark');

    const phone = await openAs('sam@northwind.test', '/conversations?assignee=all', { device: PHONE });
    await row(phone, 'Omar Haddad').waitFor();
    await screenshot(phone, 'inbox-list-phone-light');
    await row(phone, 'Omar Haddad').click();
    await bubble(phone, 'customer', 'delivery address').waitFor();
    expect(await phone.locator('[data-row]').first().isVisible()).toBe(false);
    await screenshot(phone, 'inbox-thread-phone-light');
    await phone.getByRole('link', { name: 'Back to conversations' }).click();
    await row(phone, 'Omar Haddad').waitFor();
    expect(new URL(phone.url()).pathname).toBe('/conversations');

    const phoneDark = await openAs('sam@northwind.test', '/conversations?assignee=all', {
      device: PHONE,
      dark: true,
    });
    await row(phoneDark, 'Priya Shah').click();
    await bubble(phoneDark, 'customer', 'charged twice').waitFor();
    await screenshot(phoneDark, 'inbox-thread-phone-dark');
  });

  it('shows the inbox counts and recent conversations on the dashboard', async () => {
    for (const [name, opts] of [
      ['desktop-light', {}],
      ['desktop-dark', { dark: true }],
      ['phone-light', { device: PHONE }],
    ] as const) {
      const page = await openAs('sam@northwind.test', '/dashboard', opts);
      await page.getByText('Recent conversations').waitFor();
      expect(Number(await page.getByTestId('count-open').textContent())).toBeGreaterThan(0);
      expect(Number(await page.getByTestId('count-mine').textContent())).toBeGreaterThanOrEqual(1);
      await page.getByRole('link', { name: /Omar Haddad/ }).waitFor();
      await screenshot(page, `inbox-dashboard-${name}`);
    }
  });
});
