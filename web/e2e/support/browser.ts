import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { chooseChromium, chromiumLaunch } from './chromium';

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

/**
 * The Chromium `chooseChromium` picks (Debian's, or the packaged one on a machine without it), with the flags
 * this machine needs: no sandbox as root, no background network. The packaged build runs with these flags
 * alone; its own list's `--single-process` is left out, since it is meant for one page per Lambda call and
 * the tests open several pages and contexts in one browser.
 */
export async function launchBrowser(): Promise<Browser> {
  const target = await chromiumLaunch(chooseChromium());
  return chromium.launch({
    ...target,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

export const DESKTOP: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };
export const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  hasTouch: true,
};

/**
 * Saves a full-page screenshot under web/e2e/screenshots/<name>.png for a person to look at. With an open
 * menu or popover pass `{ fullPage: false }`: a full-page capture resizes the viewport for a moment, which
 * can close the popover under the test (no user's window does that).
 */
export async function screenshot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: opts.fullPage ?? true });
}
