import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { instanceSettings } from '../db/schema/index.ts';
import { randomToken } from '../lib/tokens.ts';

/**
 * The token-signing secret lives in the database so that every process on one PostgreSQL shares it.
 * The first process to start creates it; a racing second one reads the winner's.
 */
export async function loadJwtSecret(db: Db): Promise<string> {
  await db
    .insert(instanceSettings)
    .values({ key: 'jwt_secret', value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(instanceSettings).where(eq(instanceSettings.key, 'jwt_secret'));
  return row!.value;
}
