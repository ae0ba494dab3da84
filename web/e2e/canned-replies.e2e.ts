import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, screenshot } from './support/browser';
import { createTenant, PASSWORD, type Tenant } from './support/inbox-tenant';
import { type OpenOptions, signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withServerAndBrowser } from './support/stack';

/**
 * Canned replies in the browser (contract section 13): an agent types `/` in the composer, searches, picks
 * one with the keyboard, and its text lands at the caret with its file; a reply still holding an unfilled
 * placeholder is refused and says which; a company admin keeps the company's replies in Admin.
 */
let srv: TestServer;
let browser: Browser;
let t: Tenant;
let conversationId: number;

withServerAndBrowser((s) => ({ srv, browser } = s));

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n' +
    'trailer<</Root 1 0 R>>\n%%EOF\n',
);

/** A console upload with no conversation: a canned reply's file. */
async function uploadFor(token: string, name: string, data: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)]), name);
  const res = await fetch(`${srv.url}/api/v1/attachments/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}`, 'x-company-id': String(t.companyId) },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { data: { attachment_id: number } }).data.attachment_id;
}

beforeAll(async () => {
  t = await createTenant(srv);
  const ann = await srv.login('ann@northwind.test', PASSWORD);
  const as = { token: ann, companyId: t.companyId };
  const file = await uploadFor(ann, 'returns-policy.pdf', PDF);
  const reply = (body: Record<string, unknown>) => srv.api('POST', '/canned-replies', { ...as, body });
  await reply({
    scope: 'company',
    short_code: 'thanks',
    title: 'Thanks for writing',
    content:
      'Hi {{customer.first_name | "there"}}, thanks for writing to {{app.name}}. Our policy is attached.',
    attachments: [file],
  });
  await reply({
    scope: 'company',
    short_code: 'callback',
    title: 'We will call you back',
    content: 'We will call you on {{customer.phone}} today.',
  });
  await reply({
    scope: 'app',
    app_id: t.appId,
    short_code: 'tracking',
    title: 'Where is my parcel',
    content: 'Your parcel is on its way: thanks for your patience.',
  });
  const started = await srv.api<{ conversation_id: number }>('POST', '/portal/start', {
    body: {
      app_id: t.appId,
      queue_id: t.orders,
      customer_info: { name: 'Maria Lopez', email: 'maria@example.com' },
      initial_message: 'Can I return my order?',
    },
  });
  conversationId = started.conversation_id;
});

const signIn = signedInPages(() => ({ browser, srv }));
const openAs = (email: string, path: string, opts: OpenOptions = {}) => signIn(email, PASSWORD, path, opts);
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]', { hasText: text }).first().waitFor();
const picker = (page: Page) => page.getByTestId('canned-picker');
const option = (page: Page, code: string) =>
  picker(page).getByRole('option', { name: new RegExp(`/${code}`) });
/** The picker has answered what was typed: its first reply, `code`, is highlighted. */
async function settledOn(page: Page, code: string) {
  await page.locator('[data-testid="canned-picker"][data-fresh="true"]').waitFor();
  await expect.poll(() => option(page, code).getAttribute('aria-selected'), { timeout: 10_000 }).toBe('true');
}

describe('canned replies', () => {
  it('an agent picks one with the keyboard: its text lands at the caret with its file, and goes out', async () => {
    const page = await openAs('sam@northwind.test', `/conversations/${conversationId}`);
    const box = page.getByRole('textbox', { name: 'Reply', exact: true });
    await box.waitFor();
    // Text after the caret stays where it is: the reply goes in front of it, in place of the `/query`.
    await box.fill(' See you soon.');
    await box.press('Home');
    await box.pressSequentially('/th');
    await option(page, 'tracking').waitFor();
    await settledOn(page, 'thanks');
    // "th" is a prefix of thanks only; "tracking" holds it in its content, so it is listed after.
    const codes = await picker(page).getByRole('option').allTextContents();
    expect(codes[0]).toContain('/thanks');
    expect(codes.some((c) => c.includes('/tracking'))).toBe(true);
    await screenshot(page, 'canned-picker-desktop-light', { fullPage: false });
    await box.press('ArrowDown');
    expect(await option(page, 'tracking').getAttribute('aria-selected')).toBe('true');
    await box.press('ArrowUp');
    expect(await option(page, 'thanks').getAttribute('aria-selected')).toBe('true');
    await box.press('Enter');
    await picker(page).waitFor({ state: 'detached' });
    await expect
      .poll(() => box.inputValue())
      .toBe('Hi Maria, thanks for writing to Northwind Store. Our policy is attached. See you soon.');
    await page
      .locator('[data-testid="upload-chip"][data-status="done"]', { hasText: 'returns-policy.pdf' })
      .waitFor();
    // The caret sits after the inserted text.
    expect(await box.evaluate((el: HTMLTextAreaElement) => el.selectionStart)).toBe(
      'Hi Maria, thanks for writing to Northwind Store. Our policy is attached.'.length,
    );
    await screenshot(page, 'canned-inserted-desktop-light', { fullPage: false });
    await box.press('Enter');
    const sent = page.locator('[data-sender="agent"]', { hasText: 'thanks for writing to Northwind Store' });
    await sent.waitFor();
    await sent.getByRole('button', { name: /Download returns-policy\.pdf/ }).waitFor();
  });

  it('Escape closes the picker; a reply holding an unfilled placeholder is refused and says which', async () => {
    const page = await openAs('sam@northwind.test', `/conversations/${conversationId}`);
    const box = page.getByRole('textbox', { name: 'Reply', exact: true });
    await box.waitFor();
    await box.pressSequentially('/');
    await picker(page).waitFor();
    await box.press('Escape');
    await picker(page).waitFor({ state: 'detached' });
    await box.fill('');

    await box.pressSequentially('/callb');
    await settledOn(page, 'callback');
    await box.press('Tab');
    await expect.poll(() => box.inputValue()).toBe('We will call you on {{customer.phone}} today.');
    const error = page.getByTestId('unfilled-placeholders');
    await error.getByText('Fill in or remove this placeholder before sending:').waitFor();
    await error.getByRole('button', { name: '{{customer.phone}}' }).waitFor();
    expect(await box.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    const agentLines = page.locator('[data-sender="agent"]');
    const before = await agentLines.count();
    await box.press('Enter');
    await page.waitForTimeout(500);
    expect(await agentLines.count()).toBe(before);
    // The button selects the placeholder in the text, to type over it.
    await error.getByRole('button', { name: '{{customer.phone}}' }).click();
    const selected = await box.evaluate((el: HTMLTextAreaElement) =>
      el.value.slice(el.selectionStart, el.selectionEnd),
    );
    expect(selected).toBe('{{customer.phone}}');
    await screenshot(page, 'canned-unfilled-desktop-light', { fullPage: false });
    await page.keyboard.type('+1 555 0100');
    await error.waitFor({ state: 'detached' });
    await box.press('Enter');
    await page
      .locator('[data-sender="agent"]', { hasText: 'We will call you on +1 555 0100 today.' })
      .waitFor();
  });

  it('looks right in dark mode and on a phone', async () => {
    for (const [name, opts] of [
      ['desktop-dark', { theme: 'dark' }],
      ['phone-light', { device: PHONE }],
      ['phone-dark', { device: PHONE, theme: 'dark' }],
    ] as [string, OpenOptions][]) {
      const page = await openAs('sam@northwind.test', `/conversations/${conversationId}`, opts);
      const box = page.getByRole('textbox', { name: 'Reply', exact: true });
      await box.waitFor();
      await box.fill('');
      await box.pressSequentially('/t');
      await option(page, 'thanks').waitFor();
      await screenshot(page, `canned-picker-${name}`, { fullPage: false });
      await box.press('Escape');
      await box.fill('Call {{customer.phone}}');
      await page.getByTestId('unfilled-placeholders').waitFor();
      await screenshot(page, `canned-unfilled-${name}`, { fullPage: false });
    }
  });

  it('a company admin adds a company reply in Admin, and an agent can then pick it', async () => {
    const admin = await openAs('ann@northwind.test', '/admin?tab=canned-replies');
    const list = admin.getByRole('list', { name: 'Canned replies' });
    await list.getByText('/thanks').waitFor();
    await admin.getByRole('button', { name: 'Add company reply' }).click();
    const dialog = admin.getByRole('dialog', { name: 'New company reply' });
    await dialog.getByLabel('Short code').fill('Thanks');
    await dialog.getByLabel('Title').fill('Refund sent');
    await dialog.getByLabel('Content').fill('Your refund is on its way, {{customer.first_name | "there"}}.');
    await dialog.getByRole('button', { name: 'Save canned reply' }).click();
    // "thanks" is taken in the company's scope, whatever the case.
    await dialog.getByText(/already used/).waitFor();
    await dialog.getByLabel('Short code').fill('refund');
    await screenshot(admin, 'canned-admin-dialog-light', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save canned reply' }).click();
    await toast(admin, 'Canned reply /refund saved');
    await list.getByText('/refund').waitFor();
    await screenshot(admin, 'canned-admin-light');
    const dark = await openAs('ann@northwind.test', '/admin?tab=canned-replies', { theme: 'dark' });
    await dark.getByRole('list', { name: 'Canned replies' }).getByText('/refund').waitFor();
    await screenshot(dark, 'canned-admin-dark');
    const phone = await openAs('ann@northwind.test', '/admin?tab=canned-replies', { device: PHONE });
    await phone.getByRole('list', { name: 'Canned replies' }).getByText('/refund').waitFor();
    await screenshot(phone, 'canned-admin-phone-light');

    const agent = await openAs('sam@northwind.test', `/conversations/${conversationId}`);
    const box = agent.getByRole('textbox', { name: 'Reply', exact: true });
    await box.waitFor();
    await box.fill('');
    await box.pressSequentially('/refu');
    await settledOn(agent, 'refund');
    await box.press('Enter');
    await expect.poll(() => box.inputValue()).toBe('Your refund is on its way, Maria.');
  });

  it('an agent keeps their own replies on the profile page', async () => {
    const page = await openAs('sam@northwind.test', '/profile');
    await page.getByText('No canned replies yet').waitFor();
    await page.getByRole('button', { name: 'Add personal reply' }).click();
    const dialog = page.getByRole('dialog', { name: 'New personal reply' });
    await dialog.getByLabel('Short code').fill('sig');
    await dialog.getByLabel('Title').fill('My sign-off');
    await dialog.getByLabel('Content').fill('Best, {{agent.first_name}}');
    await dialog.getByRole('button', { name: 'Save canned reply' }).click();
    await toast(page, 'Canned reply /sig saved');
    await page.getByRole('list', { name: 'Canned replies' }).getByText('/sig').waitFor();
    await screenshot(page, 'canned-profile-light');
  });
});
