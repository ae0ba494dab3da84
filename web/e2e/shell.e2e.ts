import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { isDark, seedTenant, signIn, type Tenant } from './support/console';
import type { TestServer } from './support/server';
import { withServerAndBrowser } from './support/stack';

let srv: TestServer;
let tenant: Tenant;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

withServerAndBrowser((s) => ({ srv, browser } = s));
beforeAll(async () => {
  tenant = await seedTenant(srv);
});

beforeEach(async () => {
  context = await browser.newContext(DESKTOP);
  page = await context.newPage();
  pageErrors = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  page.on('console', (msg) => {
    // Failed requests are the pages' business (and some are expected, like a refused password).
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
      pageErrors.push(msg.text());
  });
});

afterEach(async () => {
  await context.close();
  // The shell must run without script errors.
  expect(pageErrors).toEqual([]);
});

const storage = (key: string) => page.evaluate((k) => localStorage.getItem(k), key);
const desktopSidebar = () => page.locator('div[data-slot="sidebar"]');
const nav = () => page.getByRole('navigation', { name: 'Main' });

describe('sidebar', () => {
  it('shows the pages the user may open, with the active one marked', async () => {
    await signIn(page, srv.url, 'ann@example.com');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await nav().getByRole('link').allInnerTexts()).toEqual([
      'Dashboard',
      'Conversations',
      'Customers',
      'Reports',
      'Admin',
    ]);
    expect(await nav().getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    const profile = page.getByRole('link', { name: 'Profile: Ann Agent' });
    expect(await profile.textContent()).toContain('ann@example.com');
    expect(await profile.textContent()).toContain('AA');
    await screenshot(page, 'shell-light');
  });

  it('toggles with Ctrl+B, and the cookie keeps it collapsed across a reload', async () => {
    await signIn(page, srv.url, 'ann@example.com');
    expect(await desktopSidebar().getAttribute('data-state')).toBe('expanded');
    const width = () =>
      page.locator('aside[aria-label="Sidebar"]').evaluate((el) => el.getBoundingClientRect().width);
    await page.waitForFunction(() => document.querySelector('aside')?.getBoundingClientRect().width === 256);
    expect(await width()).toBe(256);

    await page.keyboard.press('Control+b');
    expect(await desktopSidebar().getAttribute('data-state')).toBe('collapsed');
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
    expect(cookie?.value).toBe('false');
    expect(cookie?.path).toBe('/');
    const lifetime = (cookie?.expires ?? 0) - Date.now() / 1000;
    expect(lifetime).toBeGreaterThan(604800 - 60);
    expect(lifetime).toBeLessThanOrEqual(604800);

    await page.reload();
    await nav().waitFor();
    expect(await desktopSidebar().getAttribute('data-state')).toBe('collapsed');
    await page.waitForFunction(() => document.querySelector('aside')?.getBoundingClientRect().width === 48);
    // Icons only: the label shows as a tooltip.
    await nav().getByRole('link', { name: 'Dashboard' }).hover();
    await page.getByRole('tooltip', { name: 'Dashboard' }).waitFor();
    await screenshot(page, 'shell-collapsed');

    await page.keyboard.press('Control+b');
    expect(await desktopSidebar().getAttribute('data-state')).toBe('expanded');
    expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('true');
  });

  it('hides Admin and Platform Admin from an agent and answers their pages with no access', async () => {
    await signIn(page, srv.url, 'bob@example.com');
    expect(await nav().getByRole('link').allInnerTexts()).toEqual([
      'Dashboard',
      'Conversations',
      'Customers',
      'Reports',
    ]);
    await page.goto(`${srv.url}/admin`);
    await page.getByText('You do not have access to this page').waitFor();
    await page.goto(`${srv.url}/platform-admin/company/${tenant.companies.acme}`);
    await page.getByText('You do not have access to this page').waitFor();
    await screenshot(page, 'no-access');
  });

  it('shows Platform Admin to a platform admin', async () => {
    await signIn(page, srv.url, srv.adminEmail, srv.adminPassword);
    await nav().getByRole('link', { name: 'Platform Admin' }).waitFor();
  });

  it('answers an unknown path with a page-not-found page and a way home', async () => {
    await signIn(page, srv.url, 'ann@example.com');
    await page.goto(`${srv.url}/no/such/page`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await screenshot(page, 'not-found');
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });
});

describe('switchers', () => {
  it('switches company through a searchable list', async () => {
    await signIn(page, srv.url, 'ann@example.com');
    const trigger = page.getByTestId('company-switcher');
    expect(await trigger.textContent()).toContain('Acme Support');
    await trigger.click();
    const search = page.getByPlaceholder('Search companies...');
    await search.waitFor();
    const options = page.getByRole('option');
    expect(await options.allInnerTexts()).toEqual([
      expect.stringContaining('Acme Support'),
      expect.stringContaining('Globex'),
    ]);
    expect(await options.first().textContent()).toContain('Admin · 2 apps');
    expect(await options.last().textContent()).toContain('Agent · 1 app');
    await screenshot(page, 'switcher-company-open', { fullPage: false });

    await search.fill('glo');
    expect(await options.count()).toBe(1);
    await search.fill('zzz');
    await page.getByText('No companies found.').waitFor();
    await search.fill('Globex');
    await options.first().click();

    await page.waitForFunction(() => localStorage.getItem('company_id') !== null);
    expect(await storage('company_id')).toBe(String(tenant.companies.globex));
    expect(await storage('selected_app_id')).toBe(String(tenant.apps.helpdesk));
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await trigger.textContent()).toContain('Globex');
    // Globex has one app: nothing to choose.
    expect(await page.getByTestId('app-switcher').count()).toBe(0);

    await trigger.click();
    await page.getByRole('option', { name: /Acme Support/ }).click();
    await page.getByTestId('app-switcher').waitFor();
    const current = JSON.parse((await storage('current_company')) ?? '{}');
    expect(current.company_id).toBe(tenant.companies.acme);
    expect(await storage('selected_app_id')).toBe(String(current.apps[0].app_id));
  });

  it('switches app, and leaves an app admin page for Admin', async () => {
    await signIn(page, srv.url, 'ann@example.com');
    const trigger = page.getByTestId('app-switcher');
    await trigger.click();
    const search = page.getByPlaceholder('Search apps...');
    await search.waitFor();
    expect((await page.getByRole('option').allInnerTexts()).sort()).toEqual([
      expect.stringMatching(/Mobile App\s*(Admin|Manager|Agent)/),
      expect.stringMatching(/Web Chat\s*(Admin|Manager|Agent)/),
    ]);
    await search.fill('zzz');
    await page.getByText('No apps found.').waitFor();
    await screenshot(page, 'switcher-app-empty', { fullPage: false });
    await search.fill('Mobile');
    await page.getByRole('option', { name: /Mobile App/ }).click();
    expect(await storage('selected_app_id')).toBe(String(tenant.apps.mobile));
    expect(await trigger.textContent()).toContain('Mobile App');

    await page.goto(`${srv.url}/admin/apps/${tenant.apps.mobile}`);
    await trigger.click();
    await page.getByRole('option', { name: /Web Chat/ }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    expect(await storage('selected_app_id')).toBe(String(tenant.apps.webChat));
  });
});

describe('theme', () => {
  it('applies dark at once, keeps it after a reload, and follows the system when asked', async () => {
    await signIn(page, srv.url, 'ann@example.com');
    await page.goto(`${srv.url}/profile`);
    await page.getByRole('radiogroup', { name: 'Theme' }).waitFor();
    expect(await page.getByRole('radio', { name: 'System' }).getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'profile-light');

    await page.getByRole('radio', { name: 'Dark' }).click();
    expect(await isDark(page)).toBe(true);
    expect(await storage('theme')).toBe('dark');
    await page.reload();
    expect(await isDark(page)).toBe(true);
    await page.getByRole('radio', { name: 'Dark', checked: true }).waitFor();
    await screenshot(page, 'profile-dark');
    await page.goto(`${srv.url}/dashboard`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await screenshot(page, 'shell-dark');

    await page.goto(`${srv.url}/profile`);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('radio', { name: 'System' }).click();
    expect(await isDark(page)).toBe(false);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    await page.getByRole('radio', { name: 'Light' }).click();
    expect(await isDark(page)).toBe(false);
    expect(await storage('theme')).toBe('light');
  });
});

describe('profile', () => {
  it('renames the user, and refuses a short or mismatched new password', async () => {
    await signIn(page, srv.url, 'bob@example.com');
    await page.goto(`${srv.url}/profile`);
    const name = page.getByLabel('Name', { exact: true });
    await name.fill('Bob the Builder');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Profile updated').waitFor();
    await page.getByRole('link', { name: 'Profile: Bob the Builder' }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).isDisabled()).toBe(true);

    await page.getByLabel('Current password', { exact: true }).fill('whatever');
    await page.getByLabel('New password', { exact: true }).fill('abc');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password must be at least 6 characters long').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm new password', { exact: true }).fill('abcdeg');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password', { exact: true }).fill('abcdef');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Current password is incorrect').waitFor();
  });
});

describe('phone', () => {
  it('opens the sidebar as a drawer from the top bar', async () => {
    const phone = await browser.newContext(PHONE);
    const p = await phone.newPage();
    await signIn(p, srv.url, 'ann@example.com');
    await p.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await p.locator('aside[aria-label="Sidebar"]').count()).toBe(0);
    await screenshot(p, 'phone-dashboard');

    await p.getByRole('button', { name: 'Open menu' }).click();
    const drawer = p.getByRole('dialog', { name: 'Navigation' });
    await drawer.waitFor();
    // The drawer slides in: its width is final once the animation ends.
    await expect.poll(() => drawer.evaluate((el) => el.getBoundingClientRect().width)).toBe(288);
    await drawer.getByTestId('company-switcher').waitFor();
    await screenshot(p, 'phone-drawer');

    await drawer.getByRole('link', { name: /Profile/ }).click();
    await p.waitForURL((u) => u.pathname === '/profile');
    await drawer.waitFor({ state: 'detached' });
    await screenshot(p, 'phone-profile');
    await phone.close();
  });
});

describe('session', () => {
  it('shows the impersonation banner and stops impersonating', async () => {
    await signIn(page, srv.url, srv.adminEmail, srv.adminPassword);
    await page.evaluate((id) => localStorage.setItem('impersonate_user_id', String(id)), tenant.users.ann);
    await page.reload();
    await page.getByText('Acting as Ann Agent').waitFor();
    await screenshot(page, 'impersonation-banner');
    await page.getByRole('button', { name: 'Stop impersonating' }).click();
    await page.waitForLoadState('load');
    await nav().getByRole('link', { name: 'Platform Admin' }).waitFor();
    expect(await page.getByText('Acting as').count()).toBe(0);
  });

  it('signs out: the server session ends and the console is closed', async () => {
    await signIn(page, srv.url, 'ann@example.com');
    const token = await storage('auth_token');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    await page.waitForFunction(() => localStorage.getItem('auth_token') === null);
    expect(new URL(page.url()).search).toBe('');
    await expect(srv.api('GET', '/auth/me', { token: token! })).rejects.toThrow(/401/);

    await page.goto(`${srv.url}/dashboard`);
    await page.waitForURL(/\/login\?redirect=%2Fdashboard$/);
  });
});
