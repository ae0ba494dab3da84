import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { PASSWORD, type Tenant } from './support/inbox-tenant';
import { signedInPages } from './support/pages';
import type { TestServer } from './support/server';
import { withTenantStack } from './support/stack';

/** A long conversation in the console: the thread opens on its latest page and loads earlier ones on demand. */
let srv: TestServer;
let browser: Browser;
let t: Tenant;

withTenantStack((s) => ({ srv, browser, t } = s));

const signIn = signedInPages(() => ({ browser, srv }));

describe('conversation history', () => {
  it('scrolls back through a long conversation: a button, then the wheel, without losing the place', async () => {
    const chat = await srv.api<{ conversation_id: number }>('POST', '/portal/start', {
      body: {
        app_id: t.appId,
        queue_id: t.orders,
        customer_info: { name: 'Early Bird', email: 'early@example.com' },
        initial_message: 'The very first message',
      },
    });
    const sam = await srv.login('sam@northwind.test', PASSWORD);
    for (let i = 1; i <= 110; i++) {
      await srv.api('POST', '/messages', {
        token: sam,
        companyId: t.companyId,
        body: { conversation_id: chat.conversation_id, content: `Update ${i}`, is_private: i % 10 === 0 },
      });
    }
    const page = await signIn('sam@northwind.test', PASSWORD, `/conversations/${chat.conversation_id}`);
    // 'Update 11' is also in 'Update 110': match the whole text.
    const update = (n: number) =>
      page.locator('[data-sender="agent"]', { has: page.getByText(`Update ${n}`, { exact: true }) });
    await update(110).waitFor();
    const first = page.locator('[data-sender="customer"]', { hasText: 'The very first message' });
    expect(await first.count()).toBe(0);
    expect(await page.locator('[data-message-id]').count()).toBe(50);

    // The button loads the 50 before; what the agent was reading stays where it was.
    const earlier = page.getByRole('button', { name: 'Load earlier messages' });
    await earlier.scrollIntoViewIfNeeded();
    await screenshot(page, 'inbox-earlier-button-desktop-light');
    const reading = update(61);
    const top = (await reading.boundingBox())!.y;
    await earlier.click();
    await update(11).waitFor();
    expect(Math.abs((await reading.boundingBox())!.y - top)).toBeLessThan(2);
    expect(await page.locator('[data-message-id]').count()).toBe(100);

    // Scrolling up to the top brings the rest; then there is nothing more to load.
    const log = page.getByRole('log', { name: 'Messages' });
    await log.hover();
    await page.mouse.wheel(0, -100_000);
    await first.waitFor({ timeout: 10_000 });
    await earlier.waitFor({ state: 'detached' });
    const ids = await page
      .locator('[data-message-id]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-message-id'))));
    // The first message, 110 updates, and the line assigning the conversation to Sam on his first reply.
    expect(ids).toHaveLength(112);
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    // Only the thread scrolls: the page under the window stays one screen tall.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(800);
    await first.scrollIntoViewIfNeeded();
    await screenshot(page, 'inbox-earlier-messages-desktop-light');
  });
});
