import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type LaunchOptions,
  type Page,
} from 'playwright-core';
import { chooseChromium, chromiumLaunch } from './chromium';

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

const FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The Chromium `chooseChromium` picks (Debian's, or the packaged one on a machine without it), with the flags
 * this machine needs: no sandbox as root, no background network. The packaged build runs with these flags
 * alone; its own list's `--single-process` is left out, since it is meant for one page per Lambda call and
 * the tests open several pages and contexts in one browser.
 */
async function launchOptions(extraArgs: string[] = []): Promise<LaunchOptions> {
  const target = await chromiumLaunch(chooseChromium());
  return { ...target, headless: true, args: [...FLAGS, ...extraArgs] };
}

/** A browser as `launchOptions` gives it, with `extraArgs` after the usual flags. */
export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch(await launchOptions(extraArgs));
}

/**
 * The same Chromium on a profile whose settings (`Default/Preferences`, as a user's choices in Settings are
 * saved) are `preferences`, such as "block all cookies", which no command-line flag sets. `close` closes
 * that browser and removes the profile.
 */
export async function launchWithPreferences(
  preferences: Record<string, unknown>,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-e2e-profile-'));
  fs.mkdirSync(path.join(dir, 'Default'));
  fs.writeFileSync(path.join(dir, 'Default', 'Preferences'), JSON.stringify(preferences));
  const context = await chromium.launchPersistentContext(dir, { ...(await launchOptions()), ...options });
  return {
    context,
    async close() {
      await context.close();
      // Chromium may still be writing the profile as it exits.
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
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
