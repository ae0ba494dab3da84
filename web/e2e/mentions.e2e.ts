import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot } from './support/browser';
import { PASSWORD, type Tenant } from './support/inbox-tenant';
import { type OpenOptions, signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withTenantStack } from './support/stack';

/**
 * Mentions in an internal note (contract section 14): `@` lists the people who can see the conversation, typing
 * narrows it, the keyboard picks, Escape closes; the note names them, marks them, and notifies them.
 */
let srv: TestServer;
let browser: Browser;
let t: Tenant;
let conversationId: number;

withTenantStack((s) => ({ srv, browser, t } = s));

beforeAll(async () => {
  const started = await srv.api<{ conversation_id: number }>('POST', '/portal/start', {
    body: {
      app_id: t.appId,
      queue_id: t.orders,
      customer_info: { name: 'Maria Lopez', email: 'maria@example.com' },
      initial_message: 'My parcel arrived damaged',
    },
  });
  conversationId = started.conversation_id;
  // Assigned to Sam, it leaves Lee's sight (an agent sees the unassigned ones of a public queue, and their own).
  await srv.api('POST', '/conversation/assign', {
    token: await srv.login('ann@northwind.test', PASSWORD),
    companyId: t.companyId,
    body: { conversation_id: conversationId, user_id: t.users.sam },
  });
});

const signIn = signedInPages(() => ({ browser, srv }));
const openAs = (email: string, path: string, opts: OpenOptions = {}) => signIn(email, PASSWORD, path, opts);
const picker = (page: Page) => page.getByTestId('mention-picker');
const options = (page: Page) => picker(page).getByRole('option');

async function noteBox(page: Page) {
  await page.getByRole('radio', { name: 'Internal note' }).click();
  const box = page.getByRole('textbox', { name: 'Internal note', exact: true });
  await box.waitFor();
  return box;
}

describe('mentions in a note', () => {
  it('offers who can see the conversation, picks by keyboard, and notifies the one mentioned', async () => {
    const page = await openAs('ann@northwind.test', `/conversations/${conversationId}`);
    const box = await noteBox(page);
    await box.pressSequentially('Could @');
    await picker(page).waitFor();
    // Sam sees the conversation; Lee does not, and Ann does not mention herself.
    await expect.poll(() => options(page).allTextContents()).toEqual([expect.stringContaining('Sam Rivera')]);
    await screenshot(page, 'mention-picker-desktop-light', { fullPage: false });
    await box.press('Escape');
    await picker(page).waitFor({ state: 'detached' });
    // Typing on after the closed `@`: it stays closed until a new `@`.
    await box.pressSequentially('s');
    expect(await picker(page).count()).toBe(0);
    await box.fill('Could ');
    await box.pressSequentially('@ri');
    await expect.poll(() => options(page).count()).toBe(1);
    expect(await options(page).first().getAttribute('aria-selected')).toBe('true');
    await box.press('Tab');
    await picker(page).waitFor({ state: 'detached' });
    await expect.poll(() => box.inputValue()).toBe('Could @Sam Rivera ');
    await box.pressSequentially('check the photos?');
    await box.press('Enter');

    const note = page.locator('[data-note]', { hasText: 'check the photos?' });
    await note.waitFor();
    const mark = note.getByTestId('mention');
    expect(await mark.textContent()).toBe('@Sam Rivera');
    expect(await mark.getAttribute('data-user-id')).toBe(String(t.users.sam));
    await screenshot(page, 'mention-note-desktop-light', { fullPage: false });

    // Sam has the notification, over the one of the assignment.
    const sam = await openAs('sam@northwind.test', '/conversations', { theme: 'dark' });
    await expect
      .poll(() => sam.getByTestId('notification-count').textContent(), { timeout: 15_000 })
      .toBe('2');
    await sam.getByRole('button', { name: /^Notifications/ }).click();
    expect(await sam.getByTestId('notification').first().textContent()).toContain('mentioned you');
    await sam.getByTestId('notification').first().click();
    await expect.poll(() => new URL(sam.url()).pathname).toBe(`/conversations/${conversationId}`);
    await sam.locator('[data-note]', { hasText: 'check the photos?' }).getByTestId('mention').waitFor();
    await screenshot(sam, 'mention-note-desktop-dark', { fullPage: false });
  });

  it('works on a phone, and a name edited away is not mentioned', async () => {
    const page = await openAs('ann@northwind.test', `/conversations/${conversationId}`, { device: PHONE });
    const box = await noteBox(page);
    await box.pressSequentially('@sam');
    await expect.poll(() => options(page).count()).toBe(1);
    await screenshot(page, 'mention-picker-phone-light', { fullPage: false });
    await box.press('Enter');
    await expect.poll(() => box.inputValue()).toBe('@Sam Rivera ');
    // The name is changed by hand: no one is mentioned any more.
    await box.fill('@Sam R. is away, no need');
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/messages') && r.method() === 'POST');
    await box.press('Enter');
    const body = (await sent).postDataJSON() as { mentions?: number[]; is_private: boolean };
    expect(body.is_private).toBe(true);
    expect(body.mentions).toBeUndefined();
    const note = page.locator('[data-note]', { hasText: 'is away, no need' });
    await note.waitFor();
    expect(await note.getByTestId('mention').count()).toBe(0);
  });
});
