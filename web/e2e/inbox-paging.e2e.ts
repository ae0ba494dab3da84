import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, screenshot } from './support/browser';
import { PASSWORD, type Tenant } from './support/inbox-tenant';
import { signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withTenantStack } from './support/stack';

/** Paging through a long inbox: the pager's numbers, and rows that stay put when a chat arrives above them. */
let srv: TestServer;
let browser: Browser;
let t: Tenant;

// 106 portal starts from one address in a minute: the per-IP start limit would refuse them.
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
      customer_info: { name: `Shopper ${n}`, email: `shopper${n}@example.com` },
      initial_message: `Question number ${n}`,
    },
  });

/** The conversation ids the list shows, top to bottom. */
const shown = (page: Page) =>
  page
    .getByRole('list', { name: 'Conversations' })
    .locator('[data-row]')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-row'))));

const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

const pager = (page: Page) => page.getByRole('navigation', { name: 'Pagination' });

describe('inbox paging', () => {
  it('pages through 105 conversations with exact numbers, and a page keeps its rows when a chat arrives', async () => {
    const ids: number[] = [];
    for (let n = 1; n <= 105; n++) ids.push((await start(n)).conversation_id);
    const newestFirst = [...ids].reverse();

    const page = await signIn('ann@northwind.test', PASSWORD, '/conversations?assignee=all');
    await pager(page).getByText('1–50 of 105').waitFor();
    await expect.poll(() => shown(page)).toEqual(newestFirst.slice(0, 50));
    await expect.poll(() => pager(page).getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    await pager(page).getByRole('button', { name: 'Next' }).click();
    await pager(page).getByText('51–100 of 105').waitFor();
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(new URL(page.url()).searchParams.get('after')).toMatch(/^\d+\.\d+$/);
    await expect.poll(() => shown(page)).toEqual(newestFirst.slice(50, 100));
    // Only the list scrolls: nothing in it (its screen-reader texts) stretches the page under the window.
    expect(await pageHeight(page)).toBe(800);
    await screenshot(page, 'inbox-paging-page-2-desktop-light');

    // A new chat lands at the top of the list: page 2 goes on after page 1's last row, so no row slides
    // from page 1 onto it, and its numbers stay those the reader saw.
    const relisted = page.waitForResponse(
      (r) => r.url().includes('/conversation/poll') && r.url().includes('after='),
      { timeout: 15_000 },
    );
    const late = await start(106);
    const answer = (await (await relisted).json()) as {
      data: { conversations: { conversation_id: number }[]; total: number };
    };
    expect(answer.data.conversations.map((c) => c.conversation_id)).toEqual(newestFirst.slice(50, 100));
    expect(answer.data.total).toBe(105);
    await expect.poll(() => shown(page)).toEqual(newestFirst.slice(50, 100));
    await pager(page).getByText('51–100 of 105').waitFor();

    await pager(page).getByRole('button', { name: 'Next' }).click();
    await pager(page).getByText('101–105 of 105').waitFor();
    await expect.poll(() => shown(page)).toEqual(newestFirst.slice(100));
    await expect.poll(() => pager(page).getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    // Back by the previous page's cursor: the rows just before this page, as they were.
    await pager(page).getByRole('button', { name: 'Previous' }).click();
    await pager(page).getByText('51–100 of 105').waitFor();
    expect(new URL(page.url()).searchParams.get('before')).toMatch(/^\d+\.\d+$/);
    await expect.poll(() => shown(page)).toEqual(newestFirst.slice(50, 100));

    // Back to the first page, counted from the top again: the new chat leads it.
    await pager(page).getByRole('button', { name: 'Previous' }).click();
    await pager(page).getByText('1–50 of 106').waitFor();
    await expect.poll(async () => (await shown(page))[0]).toBe(late.conversation_id);
  });

  it('shows the pager on a narrow phone screen in dark mode', async () => {
    const page = await signIn('ann@northwind.test', PASSWORD, '/conversations?assignee=all&page=2', {
      device: PHONE,
      theme: 'dark',
    });
    await pager(page).getByText('51–100 of 106').waitFor();
    await pager(page).scrollIntoViewIfNeeded();
    expect(await pageHeight(page)).toBe(await page.evaluate(() => window.innerHeight));
    await screenshot(page, 'inbox-paging-page-2-phone-dark');
  });
});
