import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  integrationSecretContext,
  isSealed,
  type SecretsBox,
  SecretsError,
  sealedKeyId,
} from '../lib/secrets-box.ts';
import { VAPID_KEYS_CONTEXT, VAPID_KEYS_SETTING } from '../modules/notifications/vapid.ts';
import { JWT_SECRET_CONTEXT } from './secrets.ts';

/** Sealed rows of `instance_settings`, each with the context it is bound to. */
const INSTANCE_SECRETS = [
  ['jwt_secret', JWT_SECRET_CONTEXT],
  [VAPID_KEYS_SETTING, VAPID_KEYS_CONTEXT],
] as const;

export interface ResealReport {
  /** Values that were stored in the clear and are now sealed. */
  sealed: number;
  /** Values sealed under an earlier key and now under the current one (rotation only). */
  resealed: number;
  /** Values that no key of this process opens: where they are and why. */
  unreadable: string[];
}

/**
 * Seals stored secrets (decision 038). At every start (`rotate: false`) it seals what is still in the clear,
 * such as the secrets of an installation from before encryption, so an upgraded database holds no plain
 * secret; `npm run secrets:rotate` (`rotate: true`) also seals again under the current key what an earlier key
 * sealed, after which SECRETS_KEY_PREVIOUS can go. Each record is read and written under its row lock, so a
 * running server's own writes in between are never lost, and a second run finds nothing to do.
 */
export async function resealSecrets(db: Db, box: SecretsBox, opts: { rotate: boolean }) {
  const report: ResealReport = { sealed: 0, resealed: 0, unreadable: [] };
  // A value needing work: in the clear, or (when rotating) sealed under another key than the current one.
  const fresh = opts.rotate ? `enc:v1:${box.keyId}:` : 'enc:v1:';
  const ids = await db.execute<{ id: number }>(sql`
    select id from integrations
    where exists (select 1 from jsonb_each_text(secrets) e where not starts_with(e.value, ${fresh})) order by id`);
  for (const { id } of ids.rows) {
    await db.transaction(async (tx) => {
      const res = await tx.execute<{ secrets: Record<string, string> }>(
        sql`select secrets from integrations where id = ${id} for update`,
      );
      const current = res.rows[0]?.secrets;
      if (!current) return;
      const next: Record<string, string> = {};
      for (const [name, value] of Object.entries(current)) {
        next[name] = reseal(box, value, integrationSecretContext(Number(id), name), opts.rotate, report);
      }
      if (Object.keys(next).some((name) => next[name] !== current[name]))
        await tx.execute(
          sql`update integrations set secrets = ${JSON.stringify(next)}::jsonb where id = ${id}`,
        );
    });
  }
  // The instance's own sealed settings: the token secret, and the VAPID key pair of browser push (decision 052).
  for (const [key, context] of INSTANCE_SECRETS) {
    await db.transaction(async (tx) => {
      const res = await tx.execute<{ value: string }>(
        sql`select value from instance_settings where key = ${key} for update`,
      );
      const value = res.rows[0]?.value;
      if (value === undefined) return;
      const next = reseal(box, value, context, opts.rotate, report);
      if (next !== value)
        await tx.execute(sql`update instance_settings set value = ${next} where key = ${key}`);
    });
  }
  return report;
}

function reseal(box: SecretsBox, value: string, context: string, rotate: boolean, report: ResealReport) {
  if (!isSealed(value)) {
    report.sealed++;
    return box.seal(value, context);
  }
  if (!rotate || sealedKeyId(value) === box.keyId) return value;
  try {
    const plain = box.open(value, context);
    report.resealed++;
    return box.seal(plain, context);
  } catch (err) {
    if (!(err instanceof SecretsError)) throw err;
    // Left as it is: another run with the right previous key can still open it.
    report.unreadable.push(err.message);
    return value;
  }
}

/** How many stored secrets no key of this process opens (the start log warns about them). */
export async function secretsUnderUnknownKeys(db: Db, box: SecretsBox) {
  const res = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select e.value from integrations, jsonb_each_text(secrets) e
      union all select value from instance_settings where key in ('jwt_secret', 'vapid_keys')
    ) v where v.value like 'enc:v1:%' and split_part(v.value, ':', 3) <> all(${sql.param([...box.keyIds])}::text[])`);
  return Number(res.rows[0]?.n ?? 0);
}

/** How many stored secrets are not sealed under the current key (after a rotation: none). */
export async function secretsNotUnderCurrentKey(db: Db, box: SecretsBox) {
  const res = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from (
      select e.value from integrations, jsonb_each_text(secrets) e
      union all select value from instance_settings where key in ('jwt_secret', 'vapid_keys')
    ) v where not starts_with(v.value, ${`enc:v1:${box.keyId}:`})`);
  return Number(res.rows[0]?.n ?? 0);
}
