import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { keyIdOf, parseSecretsKey, SecretsError, sealedKeyId, secretsBox } from './secrets-box.ts';

const A = randomBytes(32);
const B = randomBytes(32);
const CONTEXT = 'integration:7:auth_token';

describe('the secrets box', () => {
  it('seals a value so that only its key, in its own place, opens it', () => {
    const box = secretsBox(A);
    const sealed = box.seal('twilio-token-123', CONTEXT);
    expect(sealed).toMatch(/^enc:v1:[\w-]{11}:[\w-]+:[\w-]+:[\w-]+$/);
    expect(sealed).not.toContain('twilio-token-123');
    expect(Buffer.from(sealed.split(':').at(-1)!, 'base64url').toString()).not.toContain('twilio');
    expect(sealedKeyId(sealed)).toBe(keyIdOf(A));
    expect(box.open(sealed, CONTEXT)).toBe('twilio-token-123');
    // A fresh IV each time: equal secrets do not look equal in a dump.
    expect(box.seal('twilio-token-123', CONTEXT)).not.toBe(sealed);
  });

  it('refuses a value moved to another record or name, or altered, saying so', () => {
    const box = secretsBox(A);
    const sealed = box.seal('s3cret', CONTEXT);
    expect(() => box.open(sealed, 'integration:8:auth_token')).toThrow(/altered, or moved/);
    expect(() => box.open(sealed, 'integration:7:access_token')).toThrow(SecretsError);
    const parts = sealed.split(':');
    const body = Buffer.from(parts[5]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[5] = body.toString('base64url');
    expect(() => box.open(parts.join(':'), CONTEXT)).toThrow(/altered/);
    expect(() => box.open('s3cret', CONTEXT)).toThrow(/stored unencrypted/);
  });

  it('opens what an earlier key sealed while it is given as previous, and names the key it lacks', () => {
    const underA = secretsBox(A).seal('old', CONTEXT);
    const rotating = secretsBox(B, [A]);
    expect(rotating.keyId).toBe(keyIdOf(B));
    expect(rotating.open(underA, CONTEXT)).toBe('old');
    expect(sealedKeyId(rotating.seal('new', CONTEXT))).toBe(keyIdOf(B));
    expect(() => secretsBox(B).open(underA, CONTEXT)).toThrow(
      `sealed under key ${keyIdOf(A)}, which is neither the current key (${keyIdOf(B)}) nor in SECRETS_KEY_PREVIOUS`,
    );
  });

  it('takes a key as 64 hex digits or base64 of 32 bytes, and nothing else', () => {
    expect(parseSecretsKey(A.toString('hex'))).toEqual(A);
    expect(parseSecretsKey(A.toString('base64'))).toEqual(A);
    expect(parseSecretsKey(` ${A.toString('base64url')}\n`)).toEqual(A);
    for (const bad of [
      '',
      'secret',
      randomBytes(16).toString('base64'),
      randomBytes(33).toString('hex'),
      'x'.repeat(44),
    ])
      expect(parseSecretsKey(bad)).toBeNull();
  });
});

describe('SECRETS_KEY in the configuration', () => {
  it('is read as bytes, with the previous keys comma-separated', () => {
    const c = loadConfig({
      SECRETS_KEY: A.toString('base64'),
      SECRETS_KEY_PREVIOUS: `${B.toString('hex')}, ${A.toString('base64url')}`,
    } as NodeJS.ProcessEnv);
    expect(c.secretsKey).toEqual(A);
    expect(c.secretsKeyPrevious).toEqual([B, A]);
    expect(loadConfig({} as NodeJS.ProcessEnv)).toMatchObject({
      secretsKey: undefined,
      secretsKeyPrevious: [],
    });
  });

  it('stops the start on a bad key, naming the variable and never echoing the value', () => {
    const tooShort = randomBytes(16).toString('base64');
    const start = () => loadConfig({ SECRETS_KEY: tooShort } as NodeJS.ProcessEnv);
    expect(start).toThrow(/SECRETS_KEY: must be 32 bytes as 64 hex digits or base64/);
    expect(start).not.toThrow(tooShort);
    expect(() =>
      loadConfig({
        SECRETS_KEY: A.toString('hex'),
        SECRETS_KEY_PREVIOUS: `${B.toString('hex')},nope`,
      } as NodeJS.ProcessEnv),
    ).toThrow(/SECRETS_KEY_PREVIOUS: key 2 must be 32 bytes/);
  });
});
