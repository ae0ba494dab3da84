import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, screenshot } from './support/browser';
import { PASSWORD, type Tenant } from './support/inbox-tenant';
import { signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withTenantStack } from './support/stack';

/** Issue 44 in the console: priority, snooze with a preset, the Snoozed view, the sort, the waiting time. */
let srv: TestServer;
let browser: Browser;
let t: Tenant;

withTenantStack((s) => ({ srv, browser, t } = s));

const signIn = signedInPages(() => ({ browser, srv }));

const start = (name: string, message: string) =>
  srv.api<{ conversation_id: number }>('POST', '/portal/start', {
    body: {
      app_id: t.appId,
      queue_id: t.orders,
      customer_info: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` },
      initial_message: message,
    },
  });

/** The open thread's messages (a system line also shows as a row's last message). */
const log = (page: Page) => page.getByRole('log', { name: 'Messages' });
const row = (page: Page, name: string) => page.locator('[data-row]', { hasText: name });
const rowNames = (page: Page) =>
  page.locator('[data-row]').evaluateAll((els) => els.map((e) => e.textContent ?? ''));

describe('priority, snooze and sort', () => {
  it('sets a priority, snoozes with a preset, finds it in the Snoozed view, and sorts by priority', async () => {
    const first = await start('Ava Early', 'My parcel is lost');
    await start('Ben Later', 'Where is my refund?');
    const page = await signIn('sam@northwind.test', PASSWORD, '/conversations?assignee=all');
    await row(page, 'Ava Early').waitFor();
    // The waiting time shows on each row.
    await expect
      .poll(() => row(page, 'Ava Early').getByTestId('waiting-since').textContent())
      .toMatch(/waiting (< 1|\d+) m/);

    // Priority from the thread header: urgent stands out on the row.
    await row(page, 'Ben Later').click();
    await page.getByRole('button', { name: 'Priority' }).click();
    await page.getByRole('menuitem', { name: 'Urgent' }).click();
    await row(page, 'Ben Later').locator('[data-priority="urgent"]').waitFor();
    await log(page).getByText('Priority set to Urgent by Sam Rivera').waitFor();
    await screenshot(page, 'triage-priority-desktop-light');

    // Sorted by priority, the urgent one leads although it is not the oldest.
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('priority');
    await expect.poll(async () => (await rowNames(page))[0]).toContain('Ben Later');
    await page.getByRole('combobox', { name: 'Sort' }).selectOption('oldest');
    await expect.poll(async () => (await rowNames(page))[0]).toContain('Ava Early');

    // Snooze with a preset: it leaves the list and waits in the Snoozed view.
    await row(page, 'Ava Early').click();
    await page.getByRole('button', { name: 'Snooze' }).click();
    await screenshot(page, 'triage-snooze-menu-desktop-light', { fullPage: false });
    await page.getByRole('menuitem', { name: /Tomorrow morning/ }).click();
    await log(page)
      .getByText(/Snoozed until .+ by Sam Rivera/)
      .waitFor();
    await row(page, 'Ava Early').waitFor({ state: 'detached' });
    await page.getByRole('combobox', { name: 'Status' }).selectOption('snoozed');
    await row(page, 'Ava Early').waitFor();
    expect(await row(page, 'Ben Later').count()).toBe(0);
    const snoozed = await srv.api<{ conversation: { status: string; snoozed_until_ts: string } }>(
      'GET',
      `/conversation/poll?conversation_id=${first.conversation_id}`,
      { token: await srv.login('sam@northwind.test', PASSWORD), companyId: t.companyId },
    );
    expect(snoozed.conversation.status).toBe('snoozed');
    expect(Date.parse(snoozed.conversation.snoozed_until_ts)).toBeGreaterThan(Date.now());
    await screenshot(page, 'triage-snoozed-view-desktop-light');
  });

  it('looks right in dark mode and on a phone', async () => {
    await start('Cleo Dark', 'The screen is too bright');
    const dark = await signIn('ann@northwind.test', PASSWORD, '/conversations?assignee=all', {
      theme: 'dark',
    });
    await row(dark, 'Cleo Dark').click();
    await dark.getByRole('button', { name: 'Priority' }).click();
    await dark.getByRole('menuitem', { name: 'High' }).click();
    await row(dark, 'Cleo Dark').locator('[data-priority="high"]').waitFor();
    await screenshot(dark, 'triage-thread-desktop-dark');
    const phone = await signIn('ann@northwind.test', PASSWORD, '/conversations?assignee=all&sort=priority', {
      device: PHONE,
    });
    await row(phone, 'Cleo Dark').waitFor();
    await screenshot(phone, 'triage-list-phone-light');
    await row(phone, 'Cleo Dark').click();
    await phone.getByRole('button', { name: 'Snooze' }).waitFor();
    await screenshot(phone, 'triage-thread-phone-light');
  });
});
