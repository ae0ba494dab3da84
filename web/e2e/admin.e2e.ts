import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { type OpenOptions, signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withServerAndBrowser } from './support/stack';

const PASSWORD = 'admin-e2e-pass';

let srv: TestServer;
let browser: Browser;
let acme: number;
let appId = 0;

// Webhooks may call the local receiver of the integrations test.
withServerAndBrowser(
  (s) => ({ srv, browser } = s),
  () => ({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' }),
);
beforeAll(async () => {
  // A company with its admin, an agent and a third member, made through the platform API.
  const token = await srv.login(srv.adminEmail, srv.adminPassword);
  const call = (method: string, path: string, body: unknown) => srv.api(method, path, { token, body });
  acme = (await call('POST', '/admin/companies', { company_name: 'Acme Support', timezone: 'UTC' }))
    .company_id;
  for (const [name, email, company_role] of [
    ['Ann Admin', 'ann@acme.test', 'admin'],
    ['Bob Agent', 'bob@acme.test', 'agent'],
    ['Carl Member', 'carl@acme.test', 'agent'],
  ] as const) {
    const user = await call('POST', '/admin/users', { name, email, password: PASSWORD });
    await call('POST', '/admin/user-company', { user_id: user.user_id, company_id: acme, company_role });
  }
});

const signIn = signedInPages(() => ({ browser, srv }));
const openAs = (email: string, path: string, opts: OpenOptions = {}) => signIn(email, PASSWORD, path, opts);

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();

/** Picks an entry of a SearchPicker: open it, type, choose. */
async function pick(page: Page, trigger: string, search: string, option: string) {
  await page.getByRole('combobox', { name: trigger, exact: true }).click();
  await page
    .getByPlaceholder(/Search/)
    .last()
    .fill(search);
  await page.getByRole('option', { name: new RegExp(option) }).click();
}

describe('company admin', () => {
  it('sees an empty dashboard with a way to create the first app', async () => {
    const page = await openAs('ann@acme.test', '/dashboard');
    await page.getByText('No apps yet', { exact: true }).waitFor();
    await screenshot(page, 'dashboard-empty-admin');
    await page.getByRole('link', { name: 'Create an app' }).click();
    await page.waitForURL(/\/admin\?tab=apps&new=app/);
    await page.getByRole('dialog', { name: 'Create app' }).waitFor();
  });

  it('creates an app, a private queue, adds a queue member and changes roles', async () => {
    const page = await openAs('ann@acme.test', '/admin');
    await page.getByRole('button', { name: 'Create app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create app' });
    // Client-side validation first, in the contract's words.
    await dialog.getByRole('button', { name: 'Create app' }).click();
    await dialog.getByText('App name is required').waitFor();
    await dialog.getByLabel('App name').fill('Support Desk');
    await dialog.getByLabel('Description').fill('Questions about orders and deliveries');
    await dialog.getByRole('button', { name: 'Create app' }).click();
    await toast(page, 'App "Support Desk" created');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Support Desk' }).waitFor();
    await screenshot(page, 'admin-apps-light');

    await page.getByRole('link', { name: 'Support Desk' }).click();
    await page.waitForURL(/\/admin\/apps\/\d+$/);
    appId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: 'Support Desk', level: 1 }).waitFor();
    await page.getByText('No queues yet').waitFor();

    await page.getByRole('button', { name: 'Create queue' }).click();
    const queueDialog = page.getByRole('dialog', { name: 'Create queue' });
    await queueDialog.getByLabel('Queue name').fill('VIP');
    await queueDialog.getByRole('switch', { name: 'Private' }).click();
    await queueDialog.getByRole('button', { name: 'Create queue' }).click();
    await toast(page, 'Queue "VIP" created');
    const row = page.getByTestId('queue-row').filter({ hasText: 'VIP' });
    await row.getByText('Private').waitFor();
    await row.getByText('0 members').waitFor();

    await row.getByRole('button', { name: /members? of VIP$/ }).click();
    const members = page.getByRole('dialog', { name: 'Members of VIP' });
    await members.getByText('No members yet').waitFor();
    await pick(page, 'Choose a person to add to the queue', 'Carl', 'Carl Member');
    await members.getByRole('button', { name: 'Add' }).click();
    await toast(page, 'Carl Member added to the queue');
    const carlRole = members.getByRole('combobox', { name: 'Role of Carl Member in the queue' });
    expect(await carlRole.inputValue()).toBe('member');
    await carlRole.selectOption('manager');
    await toast(page, 'Carl Member is now a queue manager');
    await screenshot(page, 'admin-queue-members-light');
    await page.keyboard.press('Escape');
    await row.getByRole('button', { name: '1 member of VIP', exact: true }).waitFor();

    // App members: Bob joins as an agent, then becomes a manager.
    await pick(page, 'Choose a person to add to the app', 'Bob', 'Bob Agent');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await toast(page, 'Bob Agent added to the app');
    const bobRole = page.getByRole('combobox', { name: 'Role of Bob Agent in the app' });
    expect(await bobRole.inputValue()).toBe('agent');
    await bobRole.selectOption('manager');
    await toast(page, 'Bob Agent is now a manager');
    await bobRole.selectOption('agent');
    await toast(page, 'Bob Agent is now an agent');
    await screenshot(page, 'admin-app-light');

    const stored = await srv.api('GET', `/queues?app_id=${appId}`, {
      token: await srv.login('ann@acme.test', PASSWORD),
      companyId: acme,
    });
    expect(stored).toEqual([
      expect.objectContaining({ queue_name: 'VIP', is_private: true, members_count: 1 }),
    ]);
  });

  it('manages company users and settings', async () => {
    const page = await openAs('ann@acme.test', '/admin?tab=users');
    await page.getByText('carl@acme.test').waitFor();
    const carl = page.getByRole('combobox', { name: 'Company role of Carl Member' });
    await carl.selectOption('manager');
    await toast(page, 'Carl Member is now a manager');
    // One's own role and membership are not offered for change.
    expect(await page.getByRole('combobox', { name: 'Company role of Ann Admin' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Remove Ann Admin' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Add user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await dialog.getByLabel('Name').fill('Dora New');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await dialog.getByText('Please enter a valid email address').waitFor();
    await dialog.getByLabel('Email').fill('dora@acme.test');
    await dialog.getByLabel('Password (for new accounts)').fill('dora-pass-1');
    await dialog.getByRole('button', { name: 'Add user' }).click();
    await toast(page, 'Dora New added to the company');
    await page.getByText('dora@acme.test').waitFor();
    await screenshot(page, 'admin-users-light');

    await page.getByRole('button', { name: 'Remove Dora New' }).click();
    await page
      .getByRole('alertdialog', { name: 'Remove Dora New?' })
      .getByRole('button', { name: 'Remove user' })
      .click();
    await toast(page, 'Dora New removed from the company');
    await page.getByText('dora@acme.test').waitFor({ state: 'detached' });

    await page.getByRole('tab', { name: 'Company settings' }).click();
    await page.getByLabel('Timezone').selectOption('Europe/Berlin');
    const autoAssign = page.getByRole('switch', { name: 'Assign conversations to the agent who replies' });
    expect(await autoAssign.getAttribute('aria-checked')).toBe('true');
    await autoAssign.click();
    await page
      .getByRole('form', { name: 'Company settings' })
      .getByRole('button', { name: 'Save changes' })
      .click();
    await toast(page, 'Company settings saved');
    await screenshot(page, 'admin-company-light');
    const company = await srv.api('GET', `/companies?id=${acme}`, {
      token: await srv.login('ann@acme.test', PASSWORD),
      companyId: acme,
    });
    expect(company.timezone).toBe('Europe/Berlin');
    expect(company.auto_assign_on_reply).toBe(false);
  });

  it('sets business hours and holidays, then reads who changed what in the activity feed', async () => {
    const page = await openAs('ann@acme.test', '/admin?tab=company');
    const hours = page.getByRole('form', { name: 'Business hours' });
    await hours.getByText('Always open: no business hours are set.').waitFor();
    await hours.getByRole('switch', { name: 'Set business hours' }).click();
    // Switching on proposes a working week.
    expect(await hours.getByLabel('Monday opens').inputValue()).toBe('09:00');
    expect(await hours.getByLabel('Saturday opens').count()).toBe(0);
    await hours.getByRole('button', { name: 'Add hours on Saturday' }).click();
    await hours.getByLabel('Saturday closes').fill('13:00');
    await hours.getByLabel('Tuesday closes').fill('08:00');
    await hours.getByRole('button', { name: 'Save changes' }).click();
    await hours.getByText('The closing time must be after the opening time').waitFor();
    await hours.getByLabel('Tuesday closes').fill('17:00');
    await hours.getByLabel('Holiday date').fill('2026-12-25');
    await hours.getByRole('button', { name: 'Add holiday' }).click();
    await hours.getByRole('list', { name: 'Holidays' }).getByRole('listitem').first().waitFor();
    await hours.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Company settings saved');
    await screenshot(page, 'admin-business-hours-light');
    const company = await srv.api('GET', `/companies?id=${acme}`, {
      token: await srv.login('ann@acme.test', PASSWORD),
      companyId: acme,
    });
    expect(company.business_hours).toMatchObject({
      days: { mon: [{ start: '09:00', end: '17:00' }], sat: [{ start: '09:00', end: '13:00' }], sun: [] },
      holidays: ['2026-12-25'],
    });

    await page.getByRole('tab', { name: 'Activity' }).click();
    const feed = page.getByRole('list', { name: 'Activity' });
    await feed.getByText('Changed the company settings').first().waitFor();
    await page.getByLabel('Type').selectOption('app');
    await feed.getByText('Changed the company settings').first().waitFor({ state: 'detached' });
    await feed.getByText('Created app “Support Desk”').waitFor();
    expect(new URL(page.url()).searchParams.get('type')).toBe('app');
    await screenshot(page, 'admin-activity-light');
    await page.getByLabel('From').fill('2099-01-01');
    await page.getByText('No activity matches these filters').waitFor();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await feed.getByText('Changed the company settings').first().waitFor();
  });

  it('sees the app on the dashboard with its inbox and stats, in light, dark and at 390 px', async () => {
    for (const [theme, device, name] of [
      ['light', DESKTOP, 'dashboard-light'],
      ['dark', DESKTOP, 'dashboard-dark'],
      ['light', PHONE, 'dashboard-phone'],
    ] as const) {
      const page = await openAs('ann@acme.test', '/dashboard', { theme, device });
      await page
        .getByText('When customers write in through the portal, their conversations show up here.')
        .waitFor();
      // The inbox's counts stand once: the app's stats below keep only team and customers.
      expect(await page.getByRole('heading', { name: 'Conversations', exact: true }).count()).toBe(0);
      await page.getByRole('heading', { name: 'Team and customers' }).waitFor();
      await page.getByRole('link', { name: 'Manage Support Desk' }).waitFor();
      await screenshot(page, name);
    }
  }, 120_000);

  it('renders the admin pages in dark mode and at 390 px', async () => {
    for (const [theme, device, suffix] of [
      ['dark', DESKTOP, 'dark'],
      ['light', PHONE, 'phone'],
    ] as const) {
      let page = await openAs('ann@acme.test', '/admin', { theme, device });
      await page.getByRole('link', { name: 'Support Desk' }).waitFor();
      await screenshot(page, `admin-apps-${suffix}`);
      page = await openAs('ann@acme.test', '/admin?tab=users', { theme, device });
      await page.getByText('carl@acme.test').waitFor();
      await screenshot(page, `admin-users-${suffix}`);
      page = await openAs('ann@acme.test', '/admin?tab=company', { theme, device });
      await page.getByLabel('Monday opens').waitFor();
      await screenshot(page, `admin-business-hours-${suffix}`);
      page = await openAs('ann@acme.test', '/admin?tab=activity', { theme, device });
      await page.getByRole('list', { name: 'Activity' }).waitFor();
      await screenshot(page, `admin-activity-${suffix}`);
      page = await openAs('ann@acme.test', `/admin/apps/${appId}`, { theme, device });
      await page.getByTestId('queue-row').first().waitFor();
      await screenshot(page, `admin-app-${suffix}`);
      await page.getByRole('button', { name: /members? of VIP$/ }).click();
      await page.getByRole('dialog', { name: 'Members of VIP' }).getByText('carl@acme.test').waitFor();
      await screenshot(page, `admin-queue-members-${suffix}`);
    }
  }, 120_000);

  it('gives the app’s portal link and an embed snippet that works in another site', async () => {
    const page = await openAs('ann@acme.test', `/admin/apps/${appId}`);
    const link = page.getByLabel('Portal link', { exact: true });
    await link.waitFor();
    expect(await link.inputValue()).toBe(`${srv.url}/portal?app_id=${appId}`);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: srv.url });
    await page.getByRole('button', { name: 'Copy portal link' }).click();
    await page.getByRole('button', { name: 'Copy portal link' }).getByText('Copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${srv.url}/portal?app_id=${appId}`,
    );
    const snippet = await page.getByLabel('Embed in your site').inputValue();
    await screenshot(page, 'admin-app-portal-link');

    // The snippet pasted into a page of another site shows the portal inside it.
    const other = await page.context().newPage();
    // The company's site: another origin (its own port) on this machine, serving the pasted snippet.
    const site = http.createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<h1>Acme shop</h1>${snippet}`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const { port } = site.address() as AddressInfo;
    await other.goto(`http://127.0.0.1:${port}/`);
    try {
      await other.frameLocator('iframe[title="Contact Support"]').getByRole('button').first().waitFor();
      await screenshot(other, 'portal-embedded-in-another-site');
    } finally {
      site.close();
    }
  });

  it('shows a clear state for an app that does not exist', async () => {
    const page = await openAs('ann@acme.test', '/admin/apps/999999');
    await page.getByText('App not found').waitFor();
  });
});

describe('other roles', () => {
  it('has no access to Admin and no admin links on the dashboard', async () => {
    const page = await openAs('bob@acme.test', '/dashboard');
    // Bob is an agent of Support Desk: the app shows, without a way to manage it.
    await page.getByRole('heading', { name: 'Apps' }).waitFor();
    await page.getByText('Support Desk').first().waitFor();
    expect(await page.getByRole('link', { name: 'Manage Support Desk' }).count()).toBe(0);
    await screenshot(page, 'dashboard-agent');

    await page.goto(`${srv.url}/admin`);
    await page
      .getByText(/do(n't| not) have access/)
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: 'Create app' }).count()).toBe(0);
  });

  it('as a company manager, sees in Admin only the apps it manages', async () => {
    // Carl was made a company manager above: a manager of every app, not an admin of the company.
    const page = await openAs('carl@acme.test', '/admin');
    await page.getByText('The apps you administer or manage.').waitFor();
    await page.getByRole('link', { name: 'Support Desk' }).waitFor();
    expect(await page.getByRole('tab').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Create app' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Support Desk' }).click();
    // Managers run queues; details and app members are for app admins.
    await page.getByRole('button', { name: 'Create queue' }).waitFor();
    expect(await page.getByLabel('App name').isDisabled()).toBe(true);
    expect(await page.getByRole('combobox', { name: 'Choose a person to add to the app' }).count()).toBe(0);
    await screenshot(page, 'admin-app-manager');
  });

  it('is told to ask the company admin when it sees no app', async () => {
    const page = await openAs('carl@acme.test', '/dashboard');
    // Carl is a company manager now: managers see every app of the company.
    await page.getByText('Support Desk').first().waitFor();
    const token = await srv.login(srv.adminEmail, srv.adminPassword);
    const eve = await srv.api('POST', '/admin/users', {
      token,
      body: { name: 'Eve Agent', email: 'eve@acme.test', password: PASSWORD },
    });
    await srv.api('POST', '/admin/user-company', {
      token,
      body: { user_id: eve.user_id, company_id: acme, company_role: 'agent' },
    });
    const evePage = await openAs('eve@acme.test', '/dashboard');
    await evePage.getByText('No apps yet — ask your company admin to add you to an app.').waitFor();
    expect(await evePage.getByRole('link', { name: 'Create an app' }).count()).toBe(0);
  });
});
