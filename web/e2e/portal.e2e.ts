import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { startServer, type TestServer } from './support/server';
import { withServerAndBrowser } from './support/stack';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

const LOOKS = [
  { name: 'phone-light', opts: { ...PHONE, colorScheme: 'light' } },
  { name: 'phone-dark', opts: { ...PHONE, colorScheme: 'dark' } },
  { name: 'desktop-light', opts: { ...DESKTOP, colorScheme: 'light' } },
  { name: 'desktop-dark', opts: { ...DESKTOP, colorScheme: 'dark' } },
] satisfies { name: string; opts: BrowserContextOptions }[];

interface Tenant {
  companyId: number;
  appId: number;
  queues: { queue_id: number; queue_name: string }[];
  agentToken: string;
}

/** A company with an app, two public queues and an agent in them, made through the platform-admin API. */
async function createTenant(srv: TestServer): Promise<Tenant> {
  const admin = await srv.login(srv.adminEmail, srv.adminPassword);
  const as = { token: admin };
  const company = await srv.api('POST', '/admin/companies', {
    ...as,
    body: { company_name: 'Northwind Co' },
  });
  const app = await srv.api('POST', '/admin/apps', {
    ...as,
    body: { company_id: company.company_id, app_name: 'Northwind Store' },
  });
  const queues = [];
  for (const queue_name of ['Orders & Shipping', 'Billing']) {
    queues.push(await srv.api('POST', '/admin/queues', { ...as, body: { app_id: app.app_id, queue_name } }));
  }
  const agent = await srv.api('POST', '/admin/users', {
    ...as,
    body: { name: 'Sam Rivera', email: 'sam@northwind.test', password: 'agent-pass-123' },
  });
  await srv.api('POST', '/admin/user-company', {
    ...as,
    body: { user_id: agent.user_id, company_id: company.company_id, company_role: 'agent' },
  });
  await srv.api('POST', '/admin/user-app', {
    ...as,
    body: { user_id: agent.user_id, app_id: app.app_id, app_role: 'agent' },
  });
  for (const q of queues) {
    await srv.api('POST', '/admin/user-queue', {
      ...as,
      body: { user_id: agent.user_id, queue_id: q.queue_id, queue_role: 'member' },
    });
  }
  const agentToken = await srv.login('sam@northwind.test', 'agent-pass-123');
  return { companyId: company.company_id, appId: app.app_id, queues, agentToken };
}

/**
 * The agent's side of the chat, through the console API of contract section 6 (`POST /messages`,
 * `/conversation/typing`, `/conversation/resolve`), the same calls the agent inbox makes.
 */
function agentOf(srv: TestServer, t: Tenant) {
  const as = { token: t.agentToken, companyId: t.companyId };
  return {
    typing: (conversationId: number) =>
      srv.api('POST', '/conversation/typing', { ...as, body: { conversation_id: conversationId } }),
    reply: (conversationId: number, content: string) =>
      srv.api('POST', '/messages', {
        ...as,
        body: { conversation_id: conversationId, content, content_type: 'text' },
      }),
    resolve: (conversationId: number) =>
      srv.api('POST', '/conversation/resolve', { ...as, body: { conversation_id: conversationId } }),
  };
}

/** A form field by its label, which shows a required mark (*) or an '(optional)' hint after the text. */
/** A real PNG, drawn on a canvas: a small receipt. */
async function receiptPng(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 300;
    const g = canvas.getContext('2d')!;
    const bg = g.createLinearGradient(0, 0, 480, 300);
    bg.addColorStop(0, '#e0f2fe');
    bg.addColorStop(1, '#fef3c7');
    g.fillStyle = bg;
    g.fillRect(0, 0, 480, 300);
    g.fillStyle = '#ffffff';
    g.fillRect(140, 30, 200, 240);
    g.fillStyle = '#334155';
    g.font = 'bold 20px sans-serif';
    g.fillText('RECEIPT #1042', 160, 70);
    g.font = '14px sans-serif';
    ['Desk lamp      $39.00', 'Shipping        $5.00', 'Total          $44.00'].forEach((line, i) => {
      g.fillText(line, 160, 120 + i * 36);
    });
    return canvas.toDataURL('image/png');
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

const field = (page: Page, label: string) =>
  page.getByLabel(new RegExp(`^${label.replace(/[?*()]/g, '\\$&')}\\*?( \\(optional\\))?$`));

/** Fills and sends the entry form the way a customer does. */
async function startChat(page: Page, opts: { topic?: string; message: string }) {
  await field(page, 'Name').fill('Maria Lopez');
  await field(page, 'Email').fill('maria@example.com');
  if (opts.topic) await field(page, 'What area do you need help?').selectOption({ label: opts.topic });
  await field(page, 'How can we help you?').fill(opts.message);
  await page.getByRole('button', { name: 'Start Conversation' }).click();
  await page.waitForURL(/\/portal\/chat\?token=/);
  await page.getByText(opts.message).waitFor();
}

describe('customer portal', () => {
  let srv: TestServer;
  let browser: Browser;
  let tenant: Tenant;
  const contexts: BrowserContext[] = [];

  const open = async (opts: BrowserContextOptions = PHONE) => {
    const ctx = await browser.newContext({ ...opts, baseURL: srv.url });
    contexts.push(ctx);
    return ctx.newPage();
  };

  /** Opens the same URL in phone and desktop, light and dark, waits for `ready`, and saves a screenshot each. */
  async function shootAll(name: string, url: string, ready: (page: Page) => Promise<unknown>) {
    for (const look of LOOKS) {
      const page = await open(look.opts);
      await page.goto(url);
      await ready(page);
      await page.waitForFunction(() => [...document.images].every((img) => img.complete));
      await screenshot(page, `portal-${name}-${look.name}`);
      await page.context().close();
    }
  }

  withServerAndBrowser((s) => ({ srv, browser } = s));
  beforeAll(async () => {
    tenant = await createTenant(srv);
  });

  afterAll(async () => {
    for (const ctx of contexts) await ctx.close().catch(() => {});
  });

  it('loads the portal bundle and none of the console code', async () => {
    const consoleEntry = fs
      .readFileSync(path.join(DIST, 'index.html'), 'utf8')
      .match(/\/assets\/index-[\w-]+\.js/)?.[0];
    expect(consoleEntry).toBeTruthy();
    const page = await open();
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' || r.url().endsWith('.js')) scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`/portal?app_id=${tenant.appId}`);
    await page.getByRole('button', { name: 'Start Conversation' }).waitFor();
    await startChat(page, { topic: 'Billing', message: 'Checking the bundle' });

    expect(scripts.some((s) => /^\/assets\/portal-[\w-]+\.js$/.test(s))).toBe(true);
    expect(scripts).not.toContain(consoleEntry);
    expect(scripts.filter((s) => /\/assets\/index-/.test(s))).toEqual([]);
    for (const script of scripts.filter((s) => s.startsWith('/assets/'))) {
      const code = fs.readFileSync(path.join(DIST, script), 'utf8');
      // The console's API client and shell: their strings must never reach a customer's browser.
      expect(code, script).not.toContain('X-Company-Id');
      expect(code, script).not.toContain('Sign Out');
    }
  });

  it('says a link without app_id is invalid, and an unknown app too', async () => {
    const page = await open();
    await page.goto('/portal');
    await page.getByText('Invalid Support Link').waitFor();
    await page.getByText('This support link is invalid. Please check the URL and try again.').waitFor();
    await page.goto('/portal?app_id=999999');
    await page.getByText('Invalid Support Link').waitFor();
    await shootAll('invalid-link', '/portal', (p) => p.getByText('Invalid Support Link').waitFor());
  });

  it('shows every validation sentence of the entry form', async () => {
    const page = await open();
    await page.goto(`/portal?app_id=${tenant.appId}&new=true`);
    await page.getByRole('heading', { name: 'Contact Support' }).waitFor();
    await page.getByText('Northwind Co').waitFor();
    await page.getByText('Northwind Store').waitFor();
    await field(page, 'Name').fill('   ');
    await page.getByRole('button', { name: 'Start Conversation' }).click();
    for (const text of [
      'Name is required',
      'Email is required',
      'Please select what area you need help with',
      'Please describe how we can help you',
    ]) {
      await page.getByText(text).waitFor();
    }
    await field(page, 'Email').fill('maria@');
    await page.getByRole('button', { name: 'Start Conversation' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    expect(page.url()).toContain('/portal?');

    const url = `/portal?app_id=${tenant.appId}`;
    await shootAll('entry', url, (p) => p.getByText('Northwind Store').waitFor());
    await shootAll('validation', url, async (p) => {
      await p.getByText('Northwind Store').waitFor();
      await field(p, 'Email').fill('maria@');
      await p.getByRole('button', { name: 'Start Conversation' }).click();
      await p.getByText('Please enter a valid email address').waitFor();
    });
  });

  it('shows the topic selector only when the link names no queue', async () => {
    const page = await open();
    await page.goto(`/portal?app_id=${tenant.appId}`);
    await page.getByText('Northwind Store').waitFor();
    const topic = field(page, 'What area do you need help?');
    expect(await topic.count()).toBe(1);
    const options = await topic.locator('option').allTextContents();
    expect(options[0]).toBe('Select a topic');
    expect(options.slice(1).sort()).toEqual(['Billing', 'Orders & Shipping']);
    await page.goto(`/portal?app_id=${tenant.appId}&queue_id=${tenant.queues[0]!.queue_id}`);
    await page.getByText('Northwind Store').waitFor();
    expect(await field(page, 'What area do you need help?').count()).toBe(0);
    const labels = await page.locator('form label').allTextContents();
    expect(labels).toEqual(['Name*', 'Email*', 'Phone (optional)', 'How can we help you?*']);
  });

  it('a customer chats with an agent: text, a file, typing, a reply, the end, and a new start', async () => {
    const agent = agentOf(srv, tenant);
    const page = await open();
    await page.goto(`/portal?app_id=${tenant.appId}&queue_id=${tenant.queues[0]!.queue_id}`);
    await startChat(page, { message: 'Hi, my order #1042 has not arrived yet.' });
    const token = new URL(page.url()).searchParams.get('token')!;
    const conversationId = Number(await page.evaluate(() => localStorage.getItem('conversation_id')));
    expect(await page.evaluate(() => sessionStorage.getItem('portal_app_id'))).toBe(String(tenant.appId));
    await page.getByRole('heading', { name: 'Northwind Store' }).waitFor();
    await page.getByText('Northwind Co · Orders & Shipping').waitFor();

    const composer = page.getByLabel('Message', { exact: true });
    await composer.fill('It was due on Monday.');
    await composer.press('Enter');
    await page.locator('[data-sender="customer"]', { hasText: 'It was due on Monday.' }).waitFor();
    expect(await composer.inputValue()).toBe('');

    const png = await receiptPng(page);
    // A program renamed to look harmless is refused by the server: its chip says so and can be removed.
    const program = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(512, 0x90)]);
    await page.getByTestId('file-input').setInputFiles([
      { name: 'receipt.png', mimeType: 'image/png', buffer: png },
      { name: 'setup.pdf', mimeType: 'application/pdf', buffer: program },
    ]);
    const chip = (status: string, name: string) =>
      page.locator(`[data-testid="upload-chip"][data-status="${status}"]`, { hasText: name });
    await chip('done', 'receipt.png').waitFor();
    await chip('failed', 'setup.pdf').waitFor();
    await page.getByText('Failed to upload').waitFor();
    await composer.fill('Here is my receipt.');
    await screenshot(page, 'portal-uploads-phone-light');
    await page.getByRole('button', { name: 'Remove setup.pdf' }).click();
    expect(await page.getByTestId('upload-chip').count()).toBe(1);
    await page.getByRole('button', { name: 'Send message' }).click();
    const link = page.getByRole('link', { name: /receipt\.png/ });
    await link.waitFor();
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.textContent()).toMatch(/\d+\.\d KB/);
    const download = await page.request.get(new URL((await link.getAttribute('href'))!, srv.url).href);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('image/png');
    expect(await page.getByTestId('upload-chip').count()).toBe(0);

    await agent.typing(conversationId);
    await page.getByText('typing...').waitFor({ timeout: 8000 });
    await screenshot(page, 'portal-typing-phone-light');
    await agent.reply(conversationId, 'Sorry about that, Maria! I am checking with the courier now.');
    const reply = page.locator('[data-sender="agent"]', { hasText: 'checking with the courier' });
    await reply.waitFor({ timeout: 8000 });
    await page.getByText('Sam Rivera').waitFor();
    expect(await page.locator('[data-message-id]').count()).toBe(4);
    await shootAll('chat', `/portal/chat?token=${token}`, (p) =>
      p.getByText('checking with the courier', { exact: false }).waitFor(),
    );

    await agent.resolve(conversationId);
    await page.getByText('Conversation Ended').waitFor({ timeout: 8000 });
    await page.getByText('The agent has resolved this conversation').waitFor();
    expect(await composer.getAttribute('placeholder')).toBe('Conversation ended');
    expect(await composer.isDisabled()).toBe(true);
    await shootAll('ended', `/portal/chat?token=${token}`, (p) =>
      p.getByText('Conversation Ended').waitFor(),
    );

    await page.getByRole('button', { name: 'Start New Conversation' }).click();
    await page.waitForURL(`**/portal?app_id=${tenant.appId}&new=true`);
    await page.getByRole('button', { name: 'Start Conversation' }).waitFor();
    expect(await field(page, 'Name').inputValue()).toBe('Maria Lopez');
    expect(await field(page, 'Email').inputValue()).toBe('maria@example.com');
    expect(await page.evaluate(() => localStorage.getItem('portal_token'))).toBeNull();
    await startChat(page, { topic: 'Billing', message: 'One more question about my invoice.' });
    expect(new URL(page.url()).searchParams.get('token')).not.toBe(token);
  });

  it('sends a customer with a dead token back to the entry form of the same app', async () => {
    const page = await open();
    await page.goto(`/portal?app_id=${tenant.appId}`);
    await page.getByText('Northwind Store').waitFor();
    // A customer who chatted with this app before, holding a token the server no longer knows.
    await page.evaluate((appId) => {
      localStorage.setItem('portal_token', 'not-a-real-token');
      localStorage.setItem('portal_app_id', String(appId));
    }, tenant.appId);
    await page.goto('/portal/chat?token=not-a-real-token');
    await page.waitForURL(`**/portal?app_id=${tenant.appId}`);
    await page.getByRole('button', { name: 'Start Conversation' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('portal_token'))).toBeNull();
  });

  describe('with a 2-second session', () => {
    let short: TestServer;
    let shortTenant: Tenant;

    beforeAll(async () => {
      short = await startServer({ PORTAL_SESSION_TTL_SECONDS: '2' });
      shortTenant = await createTenant(short);
    });
    afterAll(async () => {
      await short?.stop();
    });

    it('shows Session Expired once the idle session runs out', async () => {
      const ctx = await browser.newContext({ ...PHONE, baseURL: short.url });
      contexts.push(ctx);
      const page = await ctx.newPage();
      await page.goto(`/portal?app_id=${shortTenant.appId}&queue_id=${shortTenant.queues[1]!.queue_id}`);
      await startChat(page, { message: 'Is anyone there?' });
      const token = new URL(page.url()).searchParams.get('token')!;
      await page.getByText('Session Expired').waitFor({ timeout: 10_000 });
      const composer = page.getByLabel('Message', { exact: true });
      expect(await composer.getAttribute('placeholder')).toBe('Session expired');
      expect(await composer.isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Start New Conversation' }).waitFor();

      const url = `${short.url}/portal/chat?token=${token}`;
      await shootAll('expired', url, (p) => p.getByText('Session Expired').waitFor());

      await page.getByRole('button', { name: 'Start New Conversation' }).click();
      await page.waitForURL(`**/portal?app_id=${shortTenant.appId}&new=true`);
    });
  });
});
