import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { keyIdOf } from '../lib/secrets-box.ts';
import { KEY_FILE, openSecretsKey } from './secrets-key.ts';

const dirs: string[] = [];
const freshDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-key-'));
  dirs.push(dir);
  return path.join(dir, 'data');
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const embedded = (dataDir: string) => ({
  dataDir,
  databaseUrl: undefined,
  secretsKey: undefined,
  secretsKeyPrevious: [],
});

describe('the secrets key of an installation', () => {
  it('on the embedded default is generated once into DATA_DIR, readable by its owner only, and reused', async () => {
    const dataDir = freshDir();
    const first = await openSecretsKey(embedded(dataDir));
    const file = path.join(dataDir, KEY_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first).toMatchObject({ source: file, created: true });
    expect(first.warning).toBeNull();
    // The log line names the file, never the key.
    const key = fs.readFileSync(file, 'utf8').trim();
    expect(first.source).not.toContain(key);

    const sealed = first.box.seal('kept across restarts', 'integration:1:auth_token');
    const again = await openSecretsKey(embedded(dataDir));
    expect(again).toMatchObject({ source: file, created: false });
    expect(again.box.keyId).toBe(first.box.keyId);
    expect(again.box.open(sealed, 'integration:1:auth_token')).toBe('kept across restarts');
    expect(fs.readFileSync(file, 'utf8').trim()).toBe(key);
  });

  it('is one key for processes that start together on one DATA_DIR', async () => {
    const dataDir = freshDir();
    const opened = await Promise.all(Array.from({ length: 6 }, () => openSecretsKey(embedded(dataDir))));
    expect(new Set(opened.map((o) => o.box.keyId)).size).toBe(1);
    expect(fs.readdirSync(dataDir)).toEqual([KEY_FILE]);
  });

  it('beside DATABASE_URL without SECRETS_KEY, says every process needs the same key', async () => {
    const dataDir = freshDir();
    const opened = await openSecretsKey({ ...embedded(dataDir), databaseUrl: 'postgres://db/inbox' });
    expect(opened.warning).toMatch(
      /SECRETS_KEY is not set.*Every process on this database needs the same key/,
    );
  });

  it('is SECRETS_KEY when set, and no file is made', async () => {
    const dataDir = freshDir();
    const key = randomBytes(32);
    const opened = await openSecretsKey({ ...embedded(dataDir), secretsKey: key });
    expect(opened).toMatchObject({ source: 'SECRETS_KEY', warning: null });
    expect(opened.box.keyId).toBe(keyIdOf(key));
    expect(fs.existsSync(path.join(dataDir, KEY_FILE))).toBe(false);
  });

  it('refuses a damaged key file instead of making a new key that opens nothing', async () => {
    const dataDir = freshDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, KEY_FILE), 'not a key\n');
    await expect(openSecretsKey(embedded(dataDir))).rejects.toThrow(/does not hold a secrets key/);
  });
});
