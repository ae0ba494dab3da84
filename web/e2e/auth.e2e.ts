import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { isDark, PASSWORD, resetHashFor, seedTenant, signIn } from './support/console';
import type { TestServer } from './support/server';
import { withServerAndBrowser } from './support/stack';

let srv: TestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

withServerAndBrowser((s) => ({ srv, browser } = s));
beforeAll(async () => {
  await seedTenant(srv);
});

beforeEach(async () => {
  context = await browser.newContext(DESKTOP);
  page = await context.newPage();
});

afterEach(async () => {
  await context.close();
});

const alertText = () => page.getByRole('alert').allInnerTexts();

describe('access rule', () => {
  it('sends an anonymous visitor to login and back to the original path with its query', async () => {
    await page.goto(`${srv.url}/admin?tab=users`);
    await page.waitForURL(/\/login\?/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin?tab=users');
    await page.getByLabel('Email', { exact: true }).fill('ann@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/admin');
    expect(new URL(page.url()).search).toBe('?tab=users');
  });

  it('takes / to the dashboard after login', async () => {
    await page.goto(`${srv.url}/`);
    await page.waitForURL(/\/login\?redirect=%2Fdashboard$/);
  });

  it('never follows a redirect to another site', async () => {
    await page.goto(`${srv.url}/login?redirect=${encodeURIComponent('https://evil.example/')}`);
    await page.getByLabel('Email', { exact: true }).fill('ann@example.com');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    expect(new URL(page.url()).host).toBe(new URL(srv.url).host);
  });

  it('sends a signed-in user who opens /login to the redirect target', async () => {
    await signIn(page, srv.url, 'ann@example.com');
    await page.goto(`${srv.url}/login?redirect=%2Fprofile`);
    await page.waitForURL((u) => u.pathname === '/profile');
  });

  it('leads the unbuilt auth paths to the login forms', async () => {
    await page.goto(`${srv.url}/register`);
    await page.waitForURL((u) => u.pathname === '/login');
    await page.goto(`${srv.url}/forgot-password`);
    await page.waitForURL(/\/login\?mode=forgot-password$/);
    await page.getByRole('button', { name: 'Send Reset Link' }).waitFor();
  });
});

describe('login page', () => {
  it('asks for both fields', async () => {
    await page.goto(`${srv.url}/login`);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Email is required').waitFor();
    await page.getByText('Password is required').waitFor();
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('link', { name: /sign up/i }).count()).toBe(0);
    await screenshot(page, 'login-errors-light');
  });

  it("shows the server's sentence for a wrong password", async () => {
    await page.goto(`${srv.url}/login`);
    await page.getByLabel('Email', { exact: true }).fill('ann@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid email or password').waitFor();
    expect(page.url()).toContain('/login');
    expect(await alertText()).toContain('Invalid email or password');
  });

  it('looks right in light and dark', async () => {
    await page.goto(`${srv.url}/login`);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(await isDark(page)).toBe(false);
    await screenshot(page, 'login-light');

    const dark = await browser.newContext({ ...DESKTOP, colorScheme: 'dark' });
    const darkPage = await dark.newPage();
    await darkPage.goto(`${srv.url}/login`);
    await darkPage.getByRole('button', { name: 'Sign In' }).waitFor();
    // No stored theme means 'system', and the system here is dark.
    expect(await isDark(darkPage)).toBe(true);
    await screenshot(darkPage, 'login-dark');
    await dark.close();

    const phone = await browser.newContext(PHONE);
    const phonePage = await phone.newPage();
    await phonePage.goto(`${srv.url}/login`);
    await phonePage.getByRole('button', { name: 'Sign In' }).waitFor();
    await screenshot(phonePage, 'login-phone');
    await phone.close();
  });
});

describe('forgot password', () => {
  it('switches the form, validates, toasts the answer and returns to sign-in', async () => {
    await page.goto(`${srv.url}/login?redirect=%2Fprofile`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/mode=forgot-password/);
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/profile');
    // The router moves the address before React draws the new form: wait for the form, then look for the field.
    await page.getByText('Reset your password', { exact: true }).waitFor();
    expect(await page.getByLabel('Password', { exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Email is required').waitFor();
    await screenshot(page, 'login-forgot-password');

    await page.getByLabel('Email', { exact: true }).fill('ann@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('If the email address exists, a password reset link has been sent').waitFor();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    expect(new URL(page.url()).searchParams.get('mode')).toBeNull();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/profile');
  });

  it("has a 'Sign in' link back", async () => {
    await page.goto(`${srv.url}/login?mode=forgot-password`);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
  });
});

describe('password reset page', () => {
  it('checks length and match, and shows the server text for a bad link', async () => {
    await page.goto(`${srv.url}/password-reset/not-a-real-hash`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Password must be at least 6 characters long').waitFor();
    await page.getByLabel('New Password', { exact: true }).fill('abcdef');
    await page.getByLabel('Confirm Password', { exact: true }).fill('abcdeg');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await screenshot(page, 'password-reset-errors');
    await page.getByLabel('Confirm Password', { exact: true }).fill('abcdef');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Invalid reset link').waitFor();
  });

  it("says 'Invalid reset link' without a hash", async () => {
    await page.goto(`${srv.url}/password-reset`);
    await page.getByText('Invalid reset link').waitFor();
    expect(await page.getByLabel('New Password', { exact: true }).isDisabled()).toBe(true);
  });

  it('sets a new password from the mailed link and asks to log in with it', async () => {
    await page.goto(`${srv.url}/login?mode=forgot-password`);
    await page.getByLabel('Email', { exact: true }).fill('bob@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const hash = await resetHashFor(srv.dataDir, 'bob@example.com');

    await page.goto(`${srv.url}/password-reset/${hash}`);
    await page.getByLabel('New Password', { exact: true }).fill('brand-new-pass');
    await page.getByLabel('Confirm Password', { exact: true }).fill('brand-new-pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.waitForURL((u) => u.pathname === '/login');
    await page.getByText('Password reset successful', { exact: true }).waitFor();
    await page.getByText('Password reset successful! Please log in with your new password.').waitFor();
    await screenshot(page, 'login-after-reset');

    await page.getByLabel('Email', { exact: true }).fill('bob@example.com');
    await page.getByLabel('Password', { exact: true }).fill('brand-new-pass');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
  });
});

describe('preloading', () => {
  // The 1 s and 3 s delays are held to the millisecond on a fake clock in src/app/preload.test.ts; here the
  // real browser shows that the chunks the router will ask for arrive while the sign-in page is open.
  it('preloads Dashboard and Conversations, then Admin, while the sign-in page is open', async () => {
    const seen: string[] = [];
    const chunk = (req: { url(): string }) =>
      /\/assets\/(dashboard-route|conversations-page|admin-page)-[^/]+\.js$/.exec(req.url())?.[1];
    page.on('request', (req) => {
      const name = chunk(req);
      if (name && !seen.includes(name)) seen.push(name);
    });
    const admin = page.waitForRequest((req) => chunk(req) === 'admin-page', { timeout: 15_000 });
    await page.goto(`${srv.url}/login`);
    await admin;
    expect(seen.slice(0, 2).sort()).toEqual(['conversations-page', 'dashboard-route']);
    expect(seen[2]).toBe('admin-page');
    expect(new URL(page.url()).pathname).toBe('/login');
  });
});
