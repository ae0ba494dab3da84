import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, screenshot } from './support/browser';
import { PASSWORD } from './support/inbox-tenant';
import { type OpenOptions, signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withTenantStack } from './support/stack';

/**
 * Notification preferences on the profile page (contract section 14): a switch per type and medium, the
 * email delay with the server's field error, and "Browser notifications", which registers the console's
 * service worker and subscribes (this Chromium reaches no push service, so the refusal must read as a
 * sentence, not a crash).
 */
let srv: TestServer;
let browser: Browser;

withTenantStack((s) => ({ srv, browser } = s));

const signIn = signedInPages(() => ({ browser, srv }));
const openAs = (email: string, path: string, opts: OpenOptions = {}) => signIn(email, PASSWORD, path, opts);

const toggle = (page: Page, name: string) => page.getByRole('switch', { name, exact: true });
const checked = async (page: Page, name: string) =>
  (await toggle(page, name).getAttribute('aria-checked')) === 'true';
const card = (page: Page) => page.locator('[data-slot="card"]', { hasText: 'Notification preferences' });

describe('notification preferences', () => {
  it('start at the defaults, refuse a delay out of range with its sentence, and save', async () => {
    const page = await openAs('sam@northwind.test', '/profile');
    await toggle(page, 'Assigned to me: Email').waitFor();
    // The defaults: all in the app but new conversations; email for assignments, mentions and missed levels.
    expect(await checked(page, 'Assigned to me: In app')).toBe(true);
    expect(await checked(page, 'Assigned to me: Email')).toBe(true);
    expect(await checked(page, 'Customer replied: Email')).toBe(false);
    expect(await checked(page, 'New conversation in my queues: In app')).toBe(false);
    expect(await checked(page, 'New conversation in my queues: Push')).toBe(false);
    const delay = page.getByLabel('Email delay (minutes)');
    expect(await delay.inputValue()).toBe('5');

    await toggle(page, 'New conversation in my queues: In app').click();
    await toggle(page, 'Customer replied: Email').click();
    await delay.fill('2000');
    await card(page).getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Email delay must be a whole number of minutes from 0 to 1440').waitFor();
    expect(await delay.getAttribute('aria-invalid')).toBe('true');
    await card(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'notification-preferences-error-desktop-light', { fullPage: false });

    await delay.fill('15');
    await card(page).getByRole('button', { name: 'Save changes' }).click();
    await page.locator('[data-sonner-toast]', { hasText: 'Notification preferences saved' }).waitFor();
    await page.reload();
    await toggle(page, 'New conversation in my queues: In app').waitFor();
    expect(await checked(page, 'New conversation in my queues: In app')).toBe(true);
    expect(await checked(page, 'Customer replied: Email')).toBe(true);
    expect(await page.getByLabel('Email delay (minutes)').inputValue()).toBe('15');
  });

  it('look right in dark mode and on a phone', async () => {
    const dark = await openAs('lee@northwind.test', '/profile', { theme: 'dark' });
    await card(dark).scrollIntoViewIfNeeded();
    await toggle(dark, 'Assigned to me: Email').waitFor();
    await screenshot(dark, 'notification-preferences-desktop-dark', { fullPage: false });

    const phone = await openAs('lee@northwind.test', '/profile', { device: PHONE });
    await toggle(phone, 'Service level missed: Push').waitFor();
    await card(phone).scrollIntoViewIfNeeded();
    // The table fits the narrow screen: its last switch is within it.
    const last = await toggle(phone, 'Service level missed: Push').boundingBox();
    expect(last!.x + last!.width).toBeLessThanOrEqual(390);
    await screenshot(phone, 'notification-preferences-phone-light', { fullPage: false });
  });
});

describe('browser notifications', () => {
  const pushSwitch = (page: Page) => page.getByRole('switch', { name: 'Browser notifications' });

  it('register the console’s worker, which shows a push; a refused subscription reads as a sentence', async () => {
    const page = await openAs('sam@northwind.test', '/profile');
    await page.context().grantPermissions(['notifications'], { origin: srv.url });
    await pushSwitch(page).click();
    const error = card(page).getByRole('alert');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.textContent()).toBe(
      'Your browser could not subscribe to push notifications (its push service did not answer). Try again later.',
    );
    expect(await pushSwitch(page).getAttribute('aria-checked')).toBe('false');
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      return registration?.active?.scriptURL ?? null;
    });
    expect(worker).toBe(`${srv.url}/sw.js`);
    await screenshot(page, 'browser-push-refused-desktop-light', { fullPage: false });

    // A push as the server sends it, handed to the worker through the browser's DevTools protocol: the worker
    // shows it with the summary, and keeps the conversation's address for the click.
    const cdp = await page.context().newCDPSession(page);
    const registered = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${srv.url}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const payload = {
      notification_id: 1,
      type: 'mentioned',
      conversation_id: 12,
      company_id: 3,
      summary: 'Ann Admin mentioned you in conversation #12',
      url: '/conversations/12?company_id=3',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: srv.url,
      registrationId: await registered,
      data: JSON.stringify(payload),
    });
    const shown = async () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration('/');
        const list = (await registration?.getNotifications()) ?? [];
        return list.map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: n.data?.url }));
      });
    await expect.poll(shown, { timeout: 10_000 }).toEqual([
      {
        title: 'Support Inbox',
        body: payload.summary,
        tag: 'conversation-12',
        url: payload.url,
      },
    ]);
  });

  it('say how to allow them when the browser blocks notifications for the site', async () => {
    const page = await openAs('sam@northwind.test', '/profile');
    await pushSwitch(page).click();
    const error = card(page).getByRole('alert');
    await error.waitFor({ timeout: 20_000 });
    expect(await error.textContent()).toBe(
      'Notifications are blocked for this site: allow them in your browser’s site settings, then try again.',
    );
    expect(await pushSwitch(page).getAttribute('aria-checked')).toBe('false');
  });
});
