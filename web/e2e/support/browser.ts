import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../screenshots');

const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

/** Debian's Chromium, with the flags this machine needs (no sandbox as root, no background network). */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({ ...CHROMIUM, args: [...CHROMIUM.args, ...extraArgs] });
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
  const context = await chromium.launchPersistentContext(dir, { ...CHROMIUM, ...options });
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
