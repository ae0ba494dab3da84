import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { createTenant, type Tenant } from './inbox-tenant';
import { startServer, type TestServer } from './server';

/**
 * The product and a Chromium for one test file: both started together before its tests and closed after
 * them. `take` hands them to the file's own variables; `env` is read when the file starts, so it may name a
 * stand-in an earlier hook started. Hooks run in declaration order before and in reverse after (Vitest's
 * `stack` order), so the file's own setup comes after this one and its teardown before. `browserArgs` are
 * Chromium flags the file needs beyond the usual ones.
 */
export function withServerAndBrowser(
  take: (stack: { srv: TestServer; browser: Browser }) => void,
  env?: () => Record<string, string>,
  browserArgs?: string[],
) {
  let stack: { srv: TestServer; browser: Browser } | undefined;
  beforeAll(async () => {
    const [srv, browser] = await Promise.allSettled([startServer(env?.()), launchBrowser(browserArgs)]);
    if (srv.status === 'rejected' || browser.status === 'rejected') {
      // One failed (Chromium missing, say): the other is closed, not left running past the file.
      if (srv.status === 'fulfilled') await srv.value.stop();
      if (browser.status === 'fulfilled') await browser.value.close();
      throw srv.status === 'rejected' ? srv.reason : (browser as PromiseRejectedResult).reason;
    }
    stack = { srv: srv.value, browser: browser.value };
    take(stack);
  });
  afterAll(async () => {
    await stack?.browser.close();
    await stack?.srv.stop();
  });
}

/**
 * The same with the test tenant (`createTenant`: Northwind, its app, queue and people) made once the server is
 * up, before the file's own `beforeAll`, for files whose tests all work in it.
 */
export function withTenantStack(
  take: (stack: { srv: TestServer; browser: Browser; t: Tenant }) => void,
  env?: () => Record<string, string>,
  browserArgs?: string[],
) {
  let stack: { srv: TestServer; browser: Browser } | undefined;
  withServerAndBrowser((s) => (stack = s), env, browserArgs);
  beforeAll(async () => take({ ...stack!, t: await createTenant(stack!.srv) }));
}
