import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { instanceSettings } from '../../db/schema/index.ts';
import { perDbMemo } from '../../lib/per-db-memo.ts';
import type { SecretsBox } from '../../lib/secrets-box.ts';

/** Where the VAPID key pair is bound (AAD), as the token secret is: a sealed value moved elsewhere does not open. */
export const VAPID_KEYS_CONTEXT = 'instance_settings:vapid_keys';
export const VAPID_KEYS_SETTING = 'vapid_keys';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const memo = perDbMemo<VapidKeys>(1);

/**
 * The installation's VAPID key pair (Web Push, RFC 8292): made by the first process to start and kept in the
 * database, sealed under the secrets key (decision 038) like the token secret, so every process signs with
 * the same key and browsers' subscriptions outlive restarts. A racing second process reads the winner's.
 */
export async function loadVapidKeys(db: Db, box: SecretsBox): Promise<VapidKeys> {
  const known = memo.get(db, 'keys');
  if (known) return known;
  const made = webpush.generateVAPIDKeys();
  await db
    .insert(instanceSettings)
    .values({ key: VAPID_KEYS_SETTING, value: box.seal(JSON.stringify(made), VAPID_KEYS_CONTEXT) })
    .onConflictDoNothing();
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, VAPID_KEYS_SETTING));
  const keys = JSON.parse(box.open(row!.value, VAPID_KEYS_CONTEXT)) as VapidKeys;
  memo.set(db, 'keys', keys);
  return keys;
}

/** Who push services may contact about our pushes (RFC 8292 `sub`): the site when on https, else the mail sender. */
export function vapidSubject(config: Config) {
  if (config.publicUrl.startsWith('https://')) return config.publicUrl;
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  return `mailto:${address.includes('@') ? address.trim() : 'support@example.com'}`;
}
