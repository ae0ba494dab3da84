import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { BaseConfig } from '../config.ts';
import { newSecretsKey, parseSecretsKey, type SecretsBox, secretsBox } from '../lib/secrets-box.ts';

export const KEY_FILE = 'secrets.key';

export interface OpenedSecretsKey {
  box: SecretsBox;
  /** Where the key came from, for the start log (a path or the variable's name, never the key). */
  source: string;
  /** The key file was made by this start. */
  created: boolean;
  /** Something the operator must act on: a key generated beside a shared database. */
  warning: string | null;
}

/**
 * The key that seals stored secrets (decision 038): SECRETS_KEY when set; otherwise the key file in DATA_DIR,
 * generated once (mode 0600) so that `npm start` on a fresh clone needs no setting. With DATABASE_URL the key
 * file is still used (the cluster script's processes share DATA_DIR), but processes on other machines would
 * each make their own, so the start log says to set SECRETS_KEY; a process whose key differs refuses to start
 * (it cannot open the token secret, `bootstrap/secrets.ts`).
 */
export async function openSecretsKey(
  base: Pick<BaseConfig, 'secretsKey' | 'secretsKeyPrevious' | 'dataDir' | 'databaseUrl'>,
): Promise<OpenedSecretsKey> {
  if (base.secretsKey) {
    return {
      box: secretsBox(base.secretsKey, base.secretsKeyPrevious),
      source: 'SECRETS_KEY',
      created: false,
      warning: null,
    };
  }
  const file = path.join(base.dataDir, KEY_FILE);
  const { key, created } = await readOrCreateKeyFile(file);
  const box = secretsBox(key, base.secretsKeyPrevious);
  const warning = base.databaseUrl
    ? `SECRETS_KEY is not set: stored secrets are sealed under the key in ${file}. Every process on this ` +
      'database needs the same key: set SECRETS_KEY to that file’s content on each of them.'
    : null;
  return { box, source: file, created, warning };
}

/** The key file's key, made if missing; processes racing to make it all end with the first one's. */
export async function readOrCreateKeyFile(file: string): Promise<{ key: Buffer; created: boolean }> {
  const existing = await readKeyFile(file);
  if (existing) return { key: existing, created: false };
  await fs.mkdir(path.dirname(file), { recursive: true });
  // Written whole under another name, then linked into place: a racing reader never sees half a key, and
  // link fails when another process got there first.
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  await fs.writeFile(tmp, `${newSecretsKey().toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    await fs.chmod(tmp, 0o600);
    await fs.link(tmp, file);
    return { key: (await readKeyFile(file))!, created: true };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return { key: (await readKeyFile(file))!, created: false };
  } finally {
    await fs.rm(tmp, { force: true });
  }
}

async function readKeyFile(file: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  const key = parseSecretsKey(text);
  if (!key)
    throw new Error(`${file} does not hold a secrets key (32 bytes in base64); restore it from a backup`);
  return key;
}
