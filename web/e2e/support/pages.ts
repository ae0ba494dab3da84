import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { DESKTOP, screenshot } from './browser';
import type { TestServer } from './server';
import { storeSession } from './session';

export interface OpenOptions {
  theme?: 'light' | 'dark';
  device?: BrowserContextOptions;
}

/**
 * Pages of signed-in users for one test file: each in a context of its own, closed after every test, and a
 * failed test leaves a picture of every page where it stood. `get` answers the browser and server the file
 * started in `beforeAll`.
 */
export function signedInPages(get: () => { browser: Browser; srv: TestServer }) {
  const contexts: BrowserContext[] = [];
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') {
      const open = contexts.flatMap((c) => c.pages());
      for (const [i, p] of open.entries())
        await screenshot(p, `failed-${task.name.slice(0, 40)}-${i}`).catch(() => {});
    }
    while (contexts.length) await contexts.pop()?.close();
  });
  /** Signs in through the API, stores the session as the login page would, then opens `path`. */
  return async (email: string, password: string, path: string, opts: OpenOptions = {}): Promise<Page> => {
    const { browser, srv } = get();
    const context = await browser.newContext(opts.device ?? DESKTOP);
    contexts.push(context);
    const page = await context.newPage();
    await storeSession(page, srv, email, password, opts.theme);
    await page.goto(`${srv.url}${path}`);
    return page;
  };
}
