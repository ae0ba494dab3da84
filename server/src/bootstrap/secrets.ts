import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { instanceSettings } from '../db/schema/index.ts';
import { isSealed, type SecretsBox, SecretsError } from '../lib/secrets-box.ts';
import { randomToken } from '../lib/tokens.ts';

/** Where the token secret is bound (AAD): a sealed value copied into another setting does not open. */
export const JWT_SECRET_CONTEXT = 'instance_settings:jwt_secret';

/**
 * The token-signing secret lives in the database so that every process on one PostgreSQL shares it, sealed
 * under the secrets key (decision 038): whoever holds a dump could otherwise sign a session for anyone.
 * The first process to start creates it; a racing second one reads the winner's. One stored in the clear
 * (before decision 038) is sealed here. A key that cannot open it stops the start with the reason: the
 * process would otherwise refuse every session.
 */
export async function loadJwtSecret(db: Db, box: SecretsBox): Promise<string> {
  await db
    .insert(instanceSettings)
    .values({ key: 'jwt_secret', value: box.seal(randomToken(48), JWT_SECRET_CONTEXT) })
    .onConflictDoNothing();
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, 'jwt_secret'));
  const stored = row!.value;
  if (!isSealed(stored)) {
    await db
      .update(instanceSettings)
      .set({ value: box.seal(stored, JWT_SECRET_CONTEXT) })
      .where(and(eq(instanceSettings.key, 'jwt_secret'), eq(instanceSettings.value, stored)));
    return stored;
  }
  try {
    return box.open(stored, JWT_SECRET_CONTEXT);
  } catch (err) {
    if (!(err instanceof SecretsError)) throw err;
    throw new Error(
      `${err.message}. Start every process with the key that sealed the stored secrets: SECRETS_KEY, with ` +
        'the earlier key in SECRETS_KEY_PREVIOUS during a rotation (README, "Secrets at rest").',
    );
  }
}
