import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Which Chromium the browser tests drive, decided here only (`launchBrowser` and `npm test`'s message).
 * `CHROMIUM_PATH` names a binary, or `packaged`; unset, Debian's `/usr/bin/chromium` comes first, and on a
 * machine without it the Chromium that `npm install` brought with `@sparticuz/chromium` (its binary ships
 * brotli-compressed inside the package), so a fresh clone's `npm test` runs without a system package.
 */
export type ChromiumChoice =
  | { kind: 'system'; path: string; why: string }
  | { kind: 'packaged'; why: string }
  | { kind: 'missing'; path: string; why: string };

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

export function chooseChromium(
  env: NodeJS.ProcessEnv = process.env,
  exists: (p: string) => boolean = fs.existsSync,
): ChromiumChoice {
  const wanted = env.CHROMIUM_PATH;
  if (wanted === 'packaged') return { kind: 'packaged', why: 'CHROMIUM_PATH=packaged' };
  if (wanted) {
    return exists(wanted)
      ? { kind: 'system', path: wanted, why: 'CHROMIUM_PATH' }
      : { kind: 'missing', path: wanted, why: 'CHROMIUM_PATH' };
  }
  if (exists(SYSTEM_CHROMIUM)) return { kind: 'system', path: SYSTEM_CHROMIUM, why: 'installed' };
  return { kind: 'packaged', why: `${SYSTEM_CHROMIUM} is not installed` };
}

/** One line for a person: which browser the tests are about to use, and why. */
export function describeChromium(choice: ChromiumChoice): string {
  switch (choice.kind) {
    case 'system':
      return `Browser tests on ${choice.path} (${choice.why}).`;
    case 'packaged':
      return `Browser tests on the Chromium packaged in @sparticuz/chromium (${choice.why}).`;
    case 'missing':
      return `Chromium was not found at ${choice.path} (CHROMIUM_PATH): unset it to use ${SYSTEM_CHROMIUM} or the packaged Chromium.`;
  }
}

/** What `chromium.launch` needs for a choice: the binary, and for the packaged one its own fonts. */
export async function chromiumLaunch(
  choice: ChromiumChoice,
): Promise<{ executablePath: string; env?: Record<string, string | undefined> }> {
  if (choice.kind === 'missing') throw new Error(describeChromium(choice));
  if (choice.kind === 'system') return { executablePath: choice.path };
  // Unpacks the binary, its fonts and SwiftShader into the temporary folder on first use (about 2 s), then
  // reuses them. Imported here so a machine with Debian's Chromium never loads the package.
  const { default: packaged } = await import('@sparticuz/chromium');
  const executablePath = await packaged.executablePath();
  // The packaged fonts (Open Sans) with the fontconfig file beside them: text renders on a machine that has
  // no fonts installed at all, and the same way on every machine.
  return { executablePath, env: { ...process.env, FONTCONFIG_PATH: path.join(os.tmpdir(), 'fonts') } };
}
