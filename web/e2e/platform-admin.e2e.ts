import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { type OpenOptions, signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withServerAndBrowser } from './support/stack';

let srv: TestServer;
let browser: Browser;
const ids = { company: 0, user: 0, app: 0 };

withServerAndBrowser((s) => ({ srv, browser } = s));

const signIn = signedInPages(() => ({ browser, srv }));
const openAsAdmin = (path: string, opts: OpenOptions = {}) =>
  signIn(srv.adminEmail, srv.adminPassword, path, opts);

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();

/** Picks an entry of a SearchPicker: open it, type, choose. */
async function pick(scope: Page, trigger: string, search: string, option: string) {
  await scope.getByRole('combobox', { name: trigger, exact: true }).first().click();
  await scope
    .getByPlaceholder(/^Search/)
    .last()
    .fill(search);
  await scope
    .getByRole('option', { name: new RegExp(option) })
    .first()
    .click();
}

describe('platform admin', () => {
  it('without a company, is pointed from the dashboard to Platform Admin', async () => {
    const page = await openAsAdmin('/dashboard');
    await page.getByText('You are not a member of any company yet').waitFor();
    await screenshot(page, 'dashboard-no-company');
    await page.getByRole('link', { name: 'Open Platform Admin' }).click();
    await page.waitForURL(/\/platform-admin$/);
    await page.getByText('No companies yet').waitFor();
    await screenshot(page, 'platform-empty');
  });

  it('creates a company and an app in it', async () => {
    const page = await openAsAdmin('/platform-admin');
    await page.getByRole('button', { name: 'Create company' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create company' });
    expect(await dialog.getByLabel('Timezone').inputValue()).toBe('UTC');
    await dialog.getByLabel('Company name').fill('Globex');
    await dialog.getByLabel('Timezone').selectOption('America/New_York');
    await dialog.getByRole('button', { name: 'Create company' }).click();
    await toast(page, 'Company "Globex" created');
    await page.waitForURL(/\/platform-admin\/company\/\d+$/);
    ids.company = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: 'Globex', level: 1 }).waitFor();
    await page.getByText('America/New_York').first().waitFor();

    await page.getByRole('button', { name: 'Create app' }).click();
    const appDialog = page.getByRole('dialog', { name: 'Create app' });
    await appDialog.getByLabel('App name').fill('Globex Web');
    await appDialog.getByRole('button', { name: 'Create app' }).click();
    await toast(page, 'App "Globex Web" created');
    await page.getByRole('link', { name: /Globex Web/ }).waitFor();
    await screenshot(page, 'platform-company-light');
  });

  it('creates a user and gives it the company and the app from its page', async () => {
    const page = await openAsAdmin('/platform-admin?tab=users');
    await page.getByRole('table').getByText(srv.adminEmail).waitFor();
    await page.getByRole('button', { name: 'Create user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create user' });
    await dialog.getByLabel('Name').fill('Dana Scully');
    await dialog.getByLabel('Email').fill('dana@globex.test');
    await dialog.getByLabel('Password').fill('123');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await dialog.getByText('Password must be at least 6 characters long').waitFor();
    await dialog.getByLabel('Password').fill('dana-pass-1');
    // The server's 422 lands under its field.
    await dialog.getByLabel('Email').fill(srv.adminEmail);
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await dialog.getByText('A user with this email already exists').waitFor();
    await dialog.getByLabel('Email').fill('dana@globex.test');
    await dialog.getByRole('button', { name: 'Create user' }).click();
    await toast(page, 'User Dana Scully created');
    await page.waitForURL(/\/platform-admin\/user\/\d+$/);
    ids.user = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: 'Dana Scully', level: 1 }).waitFor();
    await page.getByText('Not a member of any company.').waitFor();

    await pick(page, 'Choose a company', 'Glob', 'Globex');
    await page.getByRole('combobox', { name: 'Company role' }).selectOption('manager');
    await page.getByRole('button', { name: 'Add' }).first().click();
    await toast(page, 'User added to the company');
    const companyRole = page.getByRole('combobox', { name: 'Role in Globex', exact: true });
    expect(await companyRole.inputValue()).toBe('manager');

    await pick(page, 'Choose an app', 'Globex Web', 'Globex Web');
    await page.getByRole('button', { name: 'Add' }).nth(1).click();
    await toast(page, 'User added to the app');
    const appRole = page.getByRole('combobox', { name: 'Role in Globex Web' });
    expect(await appRole.inputValue()).toBe('agent');
    await appRole.selectOption('admin');
    await toast(page, 'App role changed');
    await screenshot(page, 'platform-user-light');

    const detail = await srv.api('GET', `/admin/user?id=${ids.user}`, {
      token: await srv.login(srv.adminEmail, srv.adminPassword),
    });
    expect(detail.companies).toEqual([expect.objectContaining({ company_name: 'Globex', role: 'manager' })]);
    expect(detail.apps).toEqual([expect.objectContaining({ app_name: 'Globex Web', role: 'admin' })]);
    ids.app = detail.apps[0].app_id;
  });

  it('creates a queue from the Queues tab and lists apps by company', async () => {
    const page = await openAsAdmin('/platform-admin?tab=apps');
    await page.getByRole('link', { name: 'Globex Web' }).waitFor();
    await pick(page, 'Filter by company', 'Glob', 'Globex');
    await page.getByRole('link', { name: 'Globex Web' }).waitFor();

    await page.getByRole('tab', { name: 'Queues' }).click();
    await page.getByText('No queues yet').waitFor();
    await page.getByRole('button', { name: 'Create queue' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create queue' });
    await pick(page, 'Company', 'Glob', 'Globex');
    await pick(page, 'App', 'Web', 'Globex Web');
    await dialog.getByLabel('Queue name').fill('Billing');
    await dialog.getByRole('switch', { name: 'Private' }).click();
    await dialog.getByRole('button', { name: 'Create queue' }).click();
    await toast(page, 'Queue "Billing" created');
    await page.getByRole('cell', { name: 'Billing' }).waitFor();
    await page.getByText('Private').first().waitFor();
    await screenshot(page, 'platform-queues-light');
  });

  it('suspends a company with a reason and activates it again', async () => {
    const page = await openAsAdmin(`/platform-admin/company/${ids.company}`);
    await page.getByRole('heading', { name: 'Globex', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Suspend' }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend Globex?' });
    await dialog.getByLabel('Reason').fill('Unpaid invoices since March');
    await dialog.getByRole('button', { name: 'Suspend company' }).click();
    await toast(page, 'Globex is suspended');
    await page.getByText('This company is suspended.').waitFor();
    await page.getByText('Reason: Unpaid invoices since March').waitFor();
    await screenshot(page, 'platform-company-suspended');

    await page.goto(`${srv.url}/platform-admin`);
    const row = page.getByRole('row', { name: /Globex/ });
    await row.getByText('Suspended').waitFor();
    await screenshot(page, 'platform-companies-light');

    await page.getByRole('link', { name: 'Globex' }).click();
    await page.getByRole('button', { name: 'Activate' }).click();
    const again = page.getByRole('dialog', { name: 'Activate Globex?' });
    await again.getByLabel('Reason').fill('Paid');
    await again.getByRole('button', { name: 'Activate company' }).click();
    await toast(page, 'Globex is active again');
    await page.getByText('This company is suspended.').waitFor({ state: 'detached' });
  });

  it('opens the user page from the list and can suspend and reactivate the user', async () => {
    const page = await openAsAdmin('/platform-admin?tab=users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill('dana');
    await page.getByRole('link', { name: 'Dana Scully' }).click();
    await page.waitForURL(new RegExp(`/platform-admin/user/${ids.user}$`));
    await page.getByRole('button', { name: 'Suspend' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Suspend user' }).click();
    await toast(page, 'Dana Scully is suspended');
    await page.getByText('Suspended', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Impersonate' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Activate user' }).click();
    await toast(page, 'Dana Scully is active again');
  });

  it('impersonates a user after confirming, shows a banner, and stops back on the user page', async () => {
    const page = await openAsAdmin(`/platform-admin/user/${ids.user}`);
    await page.getByRole('heading', { name: 'Dana Scully', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Impersonate' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Act as Dana Scully?' });
    await confirm.getByText('recorded as theirs, with your name beside it').waitFor();
    await screenshot(page, 'platform-impersonate-confirm');
    await confirm.getByRole('button', { name: 'Impersonate' }).click();
    await page.waitForURL(/\/dashboard$/);
    expect(await page.evaluate(() => localStorage.getItem('impersonate_user_id'))).toBe(String(ids.user));
    expect(await page.evaluate(() => localStorage.getItem('company_id'))).toBe(String(ids.company));
    await page.getByText('Globex Web').first().waitFor();
    await page.getByRole('status').getByText('Acting as').waitFor();

    await page.getByRole('button', { name: 'Stop impersonating' }).click();
    await page.waitForURL((u) => u.pathname === `/platform-admin/user/${ids.user}`);
    await page.getByRole('heading', { name: 'Dana Scully', level: 1 }).waitFor();
    expect(await page.getByText('Acting as').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('impersonate_user_id'))).toBeNull();
  });

  const pages = () =>
    [
      ['/platform-admin', 'Globex', 'platform-companies'],
      ['/platform-admin?tab=users', 'dana@globex.test', 'platform-users'],
      [`/platform-admin/company/${ids.company}`, 'Globex Web', 'platform-company'],
      [`/platform-admin/user/${ids.user}`, 'Globex Web', 'platform-user'],
      [`/platform-admin/app/${ids.app}`, 'Billing', 'platform-app'],
    ] as const;

  for (const [theme, device, suffix] of [
    ['dark', DESKTOP, 'dark'],
    ['light', PHONE, 'phone'],
  ] as const) {
    it(`renders every platform page ${suffix === 'dark' ? 'in dark mode' : 'at 390 px'}`, async () => {
      for (const [path, text, name] of pages()) {
        const page = await openAsAdmin(path, { theme, device });
        await page.getByText(text).first().waitFor();
        await page.waitForLoadState('networkidle');
        await screenshot(page, `${name}-${suffix}`);
        await page.context().close();
      }
    }, 120_000);
  }

  it('renders the app page in light mode', async () => {
    const page = await openAsAdmin(`/platform-admin/app/${ids.app}`);
    await page.getByText('Billing').first().waitFor();
    await page.waitForLoadState('networkidle');
    await screenshot(page, 'platform-app-light');
  });

  it('deletes a company after confirmation', async () => {
    const token = await srv.login(srv.adminEmail, srv.adminPassword);
    const doomed = await srv.api('POST', '/admin/companies', { token, body: { company_name: 'Doomed Ltd' } });
    const page = await openAsAdmin(`/platform-admin/company/${doomed.company_id}`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alertdialog', { name: 'Delete Doomed Ltd?' })
      .getByRole('button', { name: 'Delete company' })
      .click();
    await toast(page, 'Company "Doomed Ltd" deleted');
    await page.waitForURL(/\/platform-admin\?tab=companies$/);
    await page.getByRole('link', { name: 'Globex' }).waitFor();
    expect(await page.getByText('Doomed Ltd', { exact: true }).count()).toBe(0);
  });
});
