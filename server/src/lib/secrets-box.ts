import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (decision 038): AES-256-GCM under `SECRETS_KEY`, as one text value
 * `enc:v1:<key id>:<iv>:<tag>:<ciphertext>` (base64url), so a database dump alone reveals no secret.
 * The key id names the key that sealed a value, so after a rotation the previous key opens what it sealed
 * until `npm run secrets:rotate` has sealed everything again under the current one. Every value is bound to
 * where it lives (its context, such as `integration:12:auth_token`, as additional authenticated data): a
 * ciphertext copied into another record does not open there.
 */

const PREFIX = 'enc:v1:';
const IV_BYTES = 12;
export const SECRETS_KEY_BYTES = 32;

/** A secret that cannot be opened: an unknown key, or a value altered or moved from elsewhere. */
export class SecretsError extends Error {
  override name = 'SecretsError';
}

/** A short, public name of a key (not reversible): which key sealed a value, and which one a process holds. */
export const keyIdOf = (key: Buffer) =>
  createHash('sha256').update('support-inbox secrets key id\0').update(key).digest('base64url').slice(0, 11);

export const isSealed = (value: string) => value.startsWith(PREFIX);

/** The id of the key that sealed a value; null for a value that is not sealed. */
export function sealedKeyId(value: string): string | null {
  return isSealed(value) ? (value.slice(PREFIX.length).split(':')[0] ?? null) : null;
}

export interface SecretsBox {
  /** The current key's id: new values are sealed under it. */
  readonly keyId: string;
  /** Every key id this box can open (current first). */
  readonly keyIds: readonly string[];
  seal(plain: string, context: string): string;
  /** The plain value; throws `SecretsError` saying why it cannot. */
  open(sealed: string, context: string): string;
}

const aadOf = (keyId: string, context: string) => Buffer.from(`v1\0${keyId}\0${context}`);

export function secretsBox(current: Buffer, previous: readonly Buffer[] = []): SecretsBox {
  for (const key of [current, ...previous]) {
    if (key.length !== SECRETS_KEY_BYTES) throw new Error(`A secrets key must be ${SECRETS_KEY_BYTES} bytes`);
  }
  const keys = new Map<string, Buffer>();
  for (const key of [current, ...previous]) {
    const id = keyIdOf(key);
    if (!keys.has(id)) keys.set(id, key);
  }
  const keyId = keyIdOf(current);
  return {
    keyId,
    keyIds: [...keys.keys()],
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      cipher.setAAD(aadOf(keyId, context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return `${PREFIX}${keyId}:${parts.join(':')}`;
    },
    open(sealed, context) {
      if (!isSealed(sealed)) throw new SecretsError(`The secret ${context} is stored unencrypted`);
      const [id, iv, tag, body, ...rest] = sealed.slice(PREFIX.length).split(':');
      if (!id || !iv || !tag || body === undefined || rest.length > 0)
        throw new SecretsError(`The secret ${context} is not a sealed value`);
      const key = keys.get(id);
      if (!key) {
        throw new SecretsError(
          `The secret ${context} was sealed under key ${id}, which is neither the current key (${keyId}) ` +
            'nor in SECRETS_KEY_PREVIOUS',
        );
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(aadOf(id, context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        throw new SecretsError(`The secret ${context} does not open: altered, or moved from another record`);
      }
    },
  };
}

/**
 * A key as configured: 64 hex digits or base64 (url-safe too) of exactly 32 bytes; null for anything else,
 * so a mistyped key stops the start instead of sealing secrets under a key nobody can give again.
 */
export function parseSecretsKey(text: string): Buffer | null {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(t)) return null;
  const key = Buffer.from(t, 'base64');
  return key.length === SECRETS_KEY_BYTES ? key : null;
}

export const newSecretsKey = () => randomBytes(SECRETS_KEY_BYTES);

/** Where an integration's secret lives: the AAD that binds it to its row and name. */
export const integrationSecretContext = (integrationId: number, name: string) =>
  `integration:${integrationId}:${name}`;

/** One of an integration's stored secrets, opened; undefined when it has none by that name. */
export function openIntegrationSecret(
  box: SecretsBox,
  integrationId: number,
  secrets: Record<string, string> | null | undefined,
  name: string,
): string | undefined {
  const sealed = secrets?.[name];
  return sealed === undefined ? undefined : box.open(sealed, integrationSecretContext(integrationId, name));
}

/** Plain secrets sealed for an integration's row (even one that looks sealed: what a client sends is plain). */
export function sealIntegrationSecrets(
  box: SecretsBox,
  integrationId: number,
  plain: Record<string, string>,
) {
  return Object.fromEntries(
    Object.entries(plain).map(([name, v]) => [
      name,
      box.seal(v, integrationSecretContext(integrationId, name)),
    ]),
  );
}
