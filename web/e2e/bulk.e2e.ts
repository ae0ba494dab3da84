import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, screenshot } from './support/browser';
import { PASSWORD, type Tenant } from './support/inbox-tenant';
import { signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withTenantStack } from './support/stack';

/** Bulk actions (issue 44): select rows, select all matching (more than a page), resolve, the toast, Undo. */
let srv: TestServer;
let browser: Browser;
let t: Tenant;

// 55 portal starts from one address in a minute: the per-IP start limit would refuse them.
withTenantStack(
  (s) => ({ srv, browser, t } = s),
  () => ({ PORTAL_STARTS_PER_MINUTE_PER_IP: '0' }),
);

const signIn = signedInPages(() => ({ browser, srv }));

const start = (n: number) =>
  srv.api<{ conversation_id: number }>('POST', '/portal/start', {
    body: {
      app_id: t.appId,
      queue_id: n % 2 ? t.orders : t.billing,
      customer_info: { name: `Buyer ${n}`, email: `buyer${n}@example.com` },
      initial_message: `Where is order ${n}?`,
    },
  });

/** A picture once the toast has finished sliding in. */
async function settledShot(page: Page, name: string) {
  await page.waitForTimeout(700);
  await screenshot(page, name);
}

const rows = (page: Page) => page.getByRole('list', { name: 'Conversations' }).locator('li');
const bar = (page: Page) => page.getByRole('toolbar', { name: 'Bulk actions' });
const toast = (page: Page, text: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The statuses of these conversations, as the admin's API sees them. */
async function statuses(ids: number[]) {
  const token = await srv.login('ann@northwind.test', PASSWORD);
  const out: string[] = [];
  for (const id of ids) {
    const res = await srv.api<{ conversation: { status: string } }>(
      'GET',
      `/conversation/poll?conversation_id=${id}&limit=1`,
      { token, companyId: t.companyId },
    );
    out.push(res.conversation.status);
  }
  return out;
}

describe('bulk actions in the inbox', () => {
  it('selects rows, then all matching beyond the page, resolves them with a result toast, and undoes it', async () => {
    const ids: number[] = [];
    for (let n = 1; n <= 55; n++) ids.push((await start(n)).conversation_id);

    const page = await signIn('ann@northwind.test', PASSWORD, '/conversations?assignee=all');
    await expect.poll(() => rows(page).count()).toBe(50);

    await page.getByRole('checkbox', { name: 'Select Buyer 55 (#55)' }).check();
    await page.getByRole('checkbox', { name: 'Select Buyer 54 (#54)' }).check();
    await bar(page).getByText('2 selected').waitFor();
    await screenshot(page, 'bulk-two-selected-desktop-light');

    await bar(page).getByRole('checkbox', { name: 'Select all conversations on this page' }).check();
    await bar(page).getByText('50 selected').waitFor();
    await bar(page).getByRole('button', { name: 'Select all 55 matching' }).click();
    await bar(page).getByText('All 55 matching selected').waitFor();

    await bar(page).getByRole('button', { name: 'Resolve' }).click();
    await toast(page, '55 conversations resolved').waitFor();
    await settledShot(page, 'bulk-resolved-toast-desktop-light');
    expect(new Set(await statuses([ids[0]!, ids[27]!, ids[54]!]))).toEqual(new Set(['resolved']));
    // The open and pending view is empty now.
    await page.getByText('No open conversations').waitFor();

    await toast(page, '55 conversations resolved').getByRole('button', { name: 'Undo' }).click();
    await toast(page, 'Undone: 55 conversations restored').waitFor();
    expect(new Set(await statuses([ids[0]!, ids[27]!, ids[54]!]))).toEqual(new Set(['open']));
    await expect.poll(() => rows(page).count()).toBe(50);
  });

  it('reports the ones a reopen refuses, and looks right in dark mode on a phone', async () => {
    const page = await signIn('ann@northwind.test', PASSWORD, '/conversations?assignee=all', {
      device: PHONE,
      theme: 'dark',
    });
    await expect.poll(() => rows(page).count()).toBe(50);
    await page.getByRole('checkbox', { name: 'Select Buyer 55 (#55)' }).check();
    await page.getByRole('checkbox', { name: 'Select Buyer 53 (#53)' }).check();
    await bar(page).getByText('2 selected').waitFor();
    await screenshot(page, 'bulk-two-selected-phone-dark');
    await bar(page).getByRole('button', { name: 'Reopen' }).click();
    const refused = toast(page, 'No conversations reopened');
    await refused.waitFor();
    await refused.getByText('Only a resolved or closed conversation can be reopened').waitFor();
    await settledShot(page, 'bulk-refused-toast-phone-dark');
  });

  it('sets two conversations to urgent from the bar, shows the badge on their rows, and undoes it', async () => {
    const page = await signIn('ann@northwind.test', PASSWORD, '/conversations?assignee=all');
    await expect.poll(() => rows(page).count()).toBe(50);
    const row = (n: number) =>
      rows(page).filter({ has: page.getByRole('checkbox', { name: `Select Buyer ${n} (#${n})` }) });
    const urgent = (n: number) => row(n).locator('[data-priority="urgent"]');
    await page.getByRole('checkbox', { name: 'Select Buyer 52 (#52)' }).check();
    await page.getByRole('checkbox', { name: 'Select Buyer 51 (#51)' }).check();
    await bar(page).getByText('2 selected').waitFor();
    await bar(page).getByRole('button', { name: 'Priority' }).click();
    await page.getByRole('menuitem', { name: 'Urgent' }).click();
    const done = toast(page, '2 conversations set to urgent');
    await done.waitFor();
    await urgent(52).waitFor();
    await urgent(51).waitFor();
    expect(await urgent(50).count()).toBe(0);
    await settledShot(page, 'bulk-priority-toast-desktop-light');

    await done.getByRole('button', { name: 'Undo' }).click();
    await toast(page, 'Undone: 2 conversations restored').waitFor();
    await expect.poll(() => urgent(52).count()).toBe(0);
    await expect.poll(() => urgent(51).count()).toBe(0);
  });
});
