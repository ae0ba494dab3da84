import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot } from './support/browser';
import { PASSWORD, type Tenant } from './support/inbox-tenant';
import { type OpenOptions, signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withTenantStack } from './support/stack';

/**
 * Notifications in the console (contract section 14): the header's bell counts one's unread notifications,
 * a new one arrives over the live stream (count, list, tab title, chime), opening one goes to its
 * conversation and marks it read (as opening it any other way does), and "Mark all as read" clears the count.
 */
let srv: TestServer;
let t: Tenant;
let browser: Browser;
let ann: string;

withTenantStack((s) => ({ srv, browser, t } = s));

beforeAll(async () => {
  ann = await srv.login('ann@northwind.test', PASSWORD);
});

const signIn = signedInPages(() => ({ browser, srv }));
const openAs = (email: string, path: string, opts: OpenOptions = {}) => signIn(email, PASSWORD, path, opts);

/** A customer's new conversation in Orders, which Sam can see. */
async function startConversation(name: string, text: string) {
  const started = await srv.api<{ conversation_id: number }>('POST', '/portal/start', {
    body: {
      app_id: t.appId,
      queue_id: t.orders,
      customer_info: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.com` },
      initial_message: text,
    },
  });
  return started.conversation_id;
}

/** Ann assigns the conversation to Sam: Sam is notified (`assigned`, by Ann). */
const assignToSam = (conversationId: number) =>
  srv.api('POST', '/conversation/assign', {
    token: ann,
    companyId: t.companyId,
    body: { conversation_id: conversationId, user_id: t.users.sam },
  });

/** Ann mentions Sam in a note: Sam is notified (`mentioned`, by Ann). */
const mentionSam = (conversationId: number) =>
  srv.api('POST', '/messages', {
    token: ann,
    companyId: t.companyId,
    body: {
      conversation_id: conversationId,
      content: '@Sam Rivera can you look?',
      is_private: true,
      mentions: [t.users.sam],
    },
  });

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });
const count = (page: Page) => page.getByTestId('notification-count');
const rows = (page: Page) => page.getByTestId('notification');

/** The console's live stream is up (it opens after the page's first data), so an event now reaches it. */
async function live(page: Page) {
  await page.waitForResponse((r) => r.url().includes('/api/v1/events/ticket') && r.ok(), { timeout: 20_000 });
  // The stream itself opens right after the ticket; give the server its moment to register it.
  await page.waitForTimeout(500);
}

/** Counts the oscillators the page's Web Audio makes: each chime's notes. */
async function listenForChimes(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __notes: number[]; AudioContext: typeof AudioContext };
    w.__notes = [];
    const Real = w.AudioContext;
    w.AudioContext = class extends Real {
      override createOscillator() {
        const osc = super.createOscillator();
        queueMicrotask(() => w.__notes.push(osc.frequency.value));
        return osc;
      }
    };
  });
}
const notesPlayed = (page: Page) => page.evaluate(() => (window as unknown as { __notes: number[] }).__notes);

describe('the notification bell', () => {
  it('starts empty, takes a new one live with its count, title and chime, and opens it', async () => {
    const page = await openAs('sam@northwind.test', '/conversations');
    await listenForChimes(page);
    const ready = live(page);
    await page.reload();
    await ready;
    await bell(page).waitFor();
    expect(await count(page).count()).toBe(0);
    await expect.poll(() => page.title()).toBe('Conversations · Support Inbox');
    await bell(page).click();
    await page.getByText('No notifications yet').waitFor();
    await screenshot(page, 'notifications-empty-desktop-light', { fullPage: false });
    await page.keyboard.press('Escape');

    const first = await startConversation('Maria Lopez', 'Where is my parcel?');
    await assignToSam(first);
    await expect.poll(() => count(page).textContent(), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => page.title()).toBe('(1) Conversations · Support Inbox');
    // The chime: three rising notes, made in the page.
    await expect.poll(() => notesPlayed(page)).toEqual([660, 880, 1100]);

    const second = await startConversation('Omar Haddad', 'I want to change my address');
    await mentionSam(second);
    await expect.poll(() => count(page).textContent(), { timeout: 15_000 }).toBe('2');
    await expect.poll(() => page.title()).toBe('(2) Conversations · Support Inbox');
    await expect.poll(() => notesPlayed(page)).toEqual([660, 880, 1100, 660, 880, 1100]);

    await bell(page).click();
    // Newest first: the mention, then the assignment; both unread.
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await rows(page).nth(0).textContent()).toContain('mentioned');
    expect(await rows(page).nth(1).textContent()).toContain('assigned');
    expect(await page.locator('[data-testid="notification"][data-unread]').count()).toBe(2);
    await screenshot(page, 'notifications-list-desktop-light', { fullPage: false });

    // Opening one goes to its conversation and marks it read.
    await rows(page).nth(1).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/conversations/${first}`);
    await expect.poll(() => count(page).textContent()).toBe('1');
    await page.getByText('Where is my parcel?').first().waitFor();

    // Opened from the list instead, a conversation's notifications are read too: Omar's mention.
    await page.locator('[data-row]', { hasText: 'Omar Haddad' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/conversations/${second}`);
    await count(page).waitFor({ state: 'detached' });
    // One about the conversation on screen is read at once, without a chime.
    await mentionSam(second);
    await page.getByText('@Sam Rivera can you look?').nth(1).waitFor();
    await page.waitForTimeout(500);
    expect(await count(page).count()).toBe(0);
    expect(await notesPlayed(page)).toHaveLength(6);
    await bell(page).click();
    await expect.poll(() => rows(page).count()).toBe(3);
    expect(await page.locator('[data-testid="notification"][data-unread]').count()).toBe(0);
    await page.keyboard.press('Escape');

    // The chime can be turned off; the next one is silent but still counts.
    await bell(page).click();
    expect(await page.locator('[data-testid="notification"][data-unread]').count()).toBe(0);
    const sound = page.getByRole('switch', { name: 'Play a sound for new notifications' });
    expect(await sound.getAttribute('aria-checked')).toBe('true');
    await sound.click();
    expect(await sound.getAttribute('aria-checked')).toBe('false');
    await page.keyboard.press('Escape');
    const third = await startConversation('Priya Shah', 'Charged twice');
    await assignToSam(third);
    await expect.poll(() => count(page).textContent(), { timeout: 15_000 }).toBe('1');
    await page.waitForTimeout(300);
    expect(await notesPlayed(page)).toHaveLength(6);

    // Mark all as read: no count, a plain title; the rows stay, read.
    await bell(page).click();
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await count(page).waitFor({ state: 'detached' });
    await expect.poll(() => page.locator('[data-testid="notification"][data-unread]').count()).toBe(0);
    expect(await rows(page).count()).toBe(4);
    await expect.poll(() => page.title()).not.toMatch(/^\(/);
    // The choice is kept for Sam in this browser.
    expect(await page.evaluate((id) => localStorage.getItem(`notification_sound:${id}`), t.users.sam)).toBe(
      'off',
    );
  });

  it('looks right in dark mode and on a phone, read and unread together', async () => {
    const fourth = await startConversation('Lena Novak', 'My coupon does not work');
    await mentionSam(fourth);
    const dark = await openAs('sam@northwind.test', '/conversations', { theme: 'dark' });
    await expect.poll(() => count(dark).textContent(), { timeout: 15_000 }).toBe('1');
    await expect.poll(() => dark.title()).toBe('(1) Conversations · Support Inbox');
    await bell(dark).click();
    await expect.poll(() => rows(dark).count()).toBe(5);
    await screenshot(dark, 'notifications-list-desktop-dark', { fullPage: false });

    const phone = await openAs('sam@northwind.test', '/conversations', { device: PHONE });
    await bell(phone).click();
    await expect.poll(() => rows(phone).count()).toBe(5);
    // The list fits the narrow screen: nothing sticks out at the sides.
    const box = await phone.getByRole('list', { name: 'Notifications' }).boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await screenshot(phone, 'notifications-list-phone-light', { fullPage: false });
  });
});
