import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { addIntegration, createTenant, PASSWORD, type Tenant } from './support/inbox-tenant';
import { signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withServerAndBrowser } from './support/stack';
import { startStandIn } from './support/stand-in';

/**
 * Customer satisfaction (contract section 14) as customers meet it: the portal chat asks in place of its
 * composer once the agent resolves, and an SMS customer gets a link to the rate page.
 */
const ACCOUNT = `AC${'5'.repeat(32)}`;
const TOKEN = 'e2e-twilio-csat-token';
const CUSTOMER = '+447700900789';

let srv: TestServer;
let browser: Browser;
let tenant: Tenant;
let sam: string;
/** Maria's chat, rated 4 in the first test: the console shows it. */
let rated = 0;
let stand: Awaited<ReturnType<typeof startStandIn>>;
const texts: Record<string, string>[] = [];

beforeAll(async () => {
  stand = await startStandIn(({ body }) => {
    texts.push(Object.fromEntries(new URLSearchParams(body)));
    return { status: 201, json: { sid: `SM${String(texts.length).padStart(32, '0')}`, status: 'queued' } };
  });
});
withServerAndBrowser(
  (s) => ({ srv, browser } = s),
  () => ({ TWILIO_API_URL: stand.url }),
);
beforeAll(async () => {
  tenant = await createTenant(srv);
  const ann = await srv.login('ann@northwind.test', PASSWORD);
  await srv.api('PUT', `/apps?id=${tenant.appId}`, {
    token: ann,
    companyId: tenant.companyId,
    body: { csat: { enabled: true, question: 'How would you rate our support?' } },
  });
  sam = await srv.login('sam@northwind.test', PASSWORD);
});
afterAll(() => stand?.close());

const resolve = (conversationId: number) =>
  srv.api('POST', '/conversation/resolve', {
    token: sam,
    companyId: tenant.companyId,
    body: { conversation_id: conversationId },
  });

async function chatPage(opts: BrowserContextOptions, name: string) {
  const started = await srv.api('POST', '/portal/start', {
    body: {
      app_id: tenant.appId,
      queue_id: tenant.orders,
      customer_info: { name, email: `${name.split(' ')[0]!.toLowerCase()}@example.test` },
      initial_message: 'My parcel has not arrived yet.',
    },
  });
  const page = await (await browser.newContext(opts)).newPage();
  await page.goto(`${srv.url}/portal/chat?token=${started.portal_token}`);
  await page.getByText('My parcel has not arrived yet.').waitFor();
  return { page, conversationId: started.conversation_id as number, token: started.portal_token as string };
}

const rating = (page: Page) => page.getByTestId('rating-form');
const openAs = signedInPages(() => ({ browser, srv }));

describe('satisfaction ratings', () => {
  it('asks in the chat in place of the composer, then thanks and gives the composer back', async () => {
    const { page, conversationId } = await chatPage({ ...PHONE, colorScheme: 'light' }, 'Maria Lopez');
    rated = conversationId;
    await expect(page.getByPlaceholder('Type your message...').isVisible()).resolves.toBe(true);
    await resolve(conversationId);
    await rating(page).waitFor();
    expect(await page.getByPlaceholder(/Type your message|Conversation ended/).count()).toBe(0);
    await expect(page.getByText('How would you rate our support?').isVisible()).resolves.toBe(true);
    await screenshot(page, 'csat-chat-asked-phone');
    const send = page.getByRole('button', { name: 'Send rating' });
    expect(await send.isDisabled()).toBe(true);
    await page.getByLabel('4 out of 5: Good').check({ force: true });
    await page.getByLabel('Comment (optional)').fill('Quick and friendly, thank you!');
    await screenshot(page, 'csat-chat-chosen-phone');
    await send.click();
    await page.getByText('Thank you for your rating!').waitFor();
    expect(await rating(page).count()).toBe(0);
    // The composer is back, in its ended state (the agent resolved the chat).
    await page.getByPlaceholder('Conversation ended').waitFor();
    await screenshot(page, 'csat-chat-thanks-phone');

    const thread = await srv.api('GET', `/conversation/poll?conversation_id=${conversationId}`, {
      token: sam,
      companyId: tenant.companyId,
    });
    expect(thread.conversation.rating).toMatchObject({ score: 4, comment: 'Quick and friendly, thank you!' });
    // Opened again, the chat no longer asks.
    await page.reload();
    await page.getByText('My parcel has not arrived yet.').waitFor();
    expect(await rating(page).count()).toBe(0);
  });

  it('looks right in the dark and on a desktop', async () => {
    const dark = await chatPage({ ...PHONE, colorScheme: 'dark' }, 'Dana Dark');
    await resolve(dark.conversationId);
    await rating(dark.page).waitFor();
    await dark.page.getByLabel('5 out of 5: Excellent').check({ force: true });
    await screenshot(dark.page, 'csat-chat-asked-phone-dark');
    const wide = await chatPage({ ...DESKTOP, colorScheme: 'light' }, 'Wes Wide');
    await resolve(wide.conversationId);
    await rating(wide.page).waitFor();
    await screenshot(wide.page, 'csat-chat-asked-desktop');
  });

  it('texts an SMS customer a link whose page takes the rating once', async () => {
    const integrationId = await addIntegration(srv, tenant, {
      type: 'sms',
      name: 'Store texts',
      settings: { account_sid: ACCOUNT, phone_number: '+15005550008', queue_id: tenant.orders },
      secrets: { auth_token: TOKEN },
    });
    const path = `/api/v1/channels/sms/${integrationId}`;
    const params = {
      MessageSid: `SM${'7'.repeat(32)}`,
      AccountSid: ACCOUNT,
      From: CUSTOMER,
      To: '+15005550008',
      Body: 'Where is my order?',
      NumMedia: '0',
    };
    const signature = twilio.getExpectedTwilioSignature(
      TOKEN,
      `http://localhost:${new URL(srv.url).port}${path}`,
      params,
    );
    const inbound = await fetch(`${srv.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      body: new URLSearchParams(params).toString(),
    });
    expect(inbound.status).toBe(200);
    const list = await srv.api('GET', '/conversation/poll', { token: sam, companyId: tenant.companyId });
    const sms = list.conversations.find((c: { channel: string }) => c.channel === 'sms');
    const conversationId = sms?.conversation_id as number;
    expect(conversationId).toBeGreaterThan(0);
    await resolve(conversationId);
    let body = '';
    for (let i = 0; i < 100 && !body; i++) {
      body = texts.find((x) => x.To === CUSTOMER && x.Body?.includes('/rate/'))?.Body ?? '';
      if (!body) await new Promise((r) => setTimeout(r, 100));
    }
    expect(body).toContain('How would you rate our support?');
    const token = /\/rate\/([\w-]+)/.exec(body)![1]!;

    for (const [name, opts] of [
      ['phone', { ...PHONE, colorScheme: 'light' }],
      ['phone-dark', { ...PHONE, colorScheme: 'dark' }],
    ] as const) {
      const page = await (await browser.newContext(opts)).newPage();
      await page.goto(`${srv.url}/rate/${token}`);
      await rating(page).waitFor();
      await expect(page.getByText('Northwind Store support').isVisible()).resolves.toBe(true);
      await screenshot(page, `csat-rate-page-${name}`);
      await page.context().close();
    }
    const page = await (await browser.newContext({ ...DESKTOP, colorScheme: 'light' })).newPage();
    await page.goto(`${srv.url}/rate/${token}`);
    await page.getByLabel('2 out of 5: Poor').check({ force: true });
    await page.getByRole('button', { name: 'Send rating' }).click();
    await page.getByText('Thank you for your rating!').waitFor();
    await expect(page.getByText('You rated us 2 out of 5.').isVisible()).resolves.toBe(true);
    await screenshot(page, 'csat-rate-page-thanks-desktop');
    // Opened again: already rated, no second form.
    await page.reload();
    await page.getByText('You rated us 2 out of 5.').waitFor();
    expect(await rating(page).count()).toBe(0);

    await page.goto(`${srv.url}/rate/not-a-real-token`);
    await page.getByText('This rating link is not valid.').waitFor();
    await screenshot(page, 'csat-rate-page-unknown');
  });

  it('shows the rating in the thread header and in the reports, and the app settings switch', async () => {
    for (const [name, opts] of [
      ['light', {}],
      ['dark', { theme: 'dark' as const }],
      ['phone', { device: PHONE }],
    ] as const) {
      const page = await openAs('sam@northwind.test', PASSWORD, `/conversations/${rated}`, opts);
      const line = page.getByTestId('conversation-rating');
      await line.waitFor();
      expect(await line.textContent()).toContain('4/5');
      expect(await line.textContent()).toContain('Quick and friendly, thank you!');
      await screenshot(page, `csat-thread-${name}`, { fullPage: false });
    }

    const reports = await openAs('ann@northwind.test', PASSWORD, '/reports');
    const card = (label: string) =>
      reports.getByRole('list', { name: 'Metrics' }).getByRole('listitem').filter({ hasText: label }).first();
    await card('Average rating').getByText('/ 5').waitFor();
    expect(await card('Ratings').textContent()).toMatch(/Ratings.*[1-9]/);
    const agents = reports.getByRole('table', { name: 'Agent performance' });
    await agents.getByRole('columnheader', { name: 'Satisfied' }).waitFor();
    const samRow = agents.getByRole('row').filter({ hasText: 'Sam Rivera' });
    expect(await samRow.textContent()).toMatch(/%/);
    await screenshot(reports, 'csat-reports');
    const darkReports = await openAs('ann@northwind.test', PASSWORD, '/reports', { theme: 'dark' });
    await darkReports.getByRole('table', { name: 'Agent performance' }).waitFor();
    await screenshot(darkReports, 'csat-reports-dark');

    const settings = await openAs('ann@northwind.test', PASSWORD, `/admin/apps/${tenant.appId}`);
    const question = settings.getByLabel('Rating question');
    await question.waitFor();
    expect(await settings.getByRole('switch', { name: 'Customer satisfaction survey' }).isChecked()).toBe(
      true,
    );
    await question.fill('How did we do today?');
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await settings.getByRole('button', { name: 'Save changes' }).isDisabled();
    await screenshot(settings, 'csat-app-settings');
    const ann = await srv.login('ann@northwind.test', PASSWORD);
    for (let i = 0; i < 50; i++) {
      const app = await srv.api('GET', `/apps?id=${tenant.appId}`, {
        token: ann,
        companyId: tenant.companyId,
      });
      if (app.csat.question === 'How did we do today?') break;
      if (i === 49) throw new Error(`question not saved: ${JSON.stringify(app.csat)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    // Switched off, the question field goes.
    await settings.getByRole('switch', { name: 'Customer satisfaction survey' }).click();
    expect(await settings.getByLabel('Rating question').count()).toBe(0);
  });
});
