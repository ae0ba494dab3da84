import { createHmac, timingSafeEqual } from 'node:crypto';
import { IDENTITY_NOT_VERIFIED } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { invalidField } from '../../http/app-error.ts';
import { openIntegrationSecret, type SecretsBox } from '../../lib/secrets-box.ts';
import { emailKey } from '../customers/identities.ts';

/** The hash a host site's server computes for its signed-in visitor: hex HMAC-SHA256 of the lower-case email. */
export const identityHash = (secret: string, email: string) =>
  createHmac('sha256', secret).update(emailKey(email)).digest('hex');

/**
 * The app's active `web` integration (the website widget), if any: its id, and its identity secret (opened
 * when asked) when one is set.
 */
export async function widgetIntegration(db: DbOrTx, box: SecretsBox, appId: number) {
  const res = await db.execute<{ id: number; secrets: Record<string, string> }>(sql`
    select id, secrets from integrations
    where app_id = ${appId} and type = 'web' and is_active order by id limit 1`);
  const row = res.rows[0];
  if (!row) return null;
  const id = Number(row.id);
  // Opened only for a visitor who brought a hash (decision 038): a key problem spares everyone else.
  return { id, identitySecret: () => openIntegrationSecret(box, id, row.secrets, 'identity_secret') ?? null };
}

/**
 * Whether a widget visitor proved who they are. No hash: not verified (the visitor is a new customer even
 * when the email is known). A hash that does not match, or an app with no identity secret: 422, so the host
 * site learns its signing is wrong instead of its visitors silently losing their history.
 */
export function verifiedVisitor(secret: string | null | undefined, email: string, hash: string | undefined) {
  if (!hash) return false;
  const expected = secret ? Buffer.from(identityHash(secret, email)) : null;
  const given = Buffer.from(hash.toLowerCase());
  if (!expected || expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw invalidField('identity_hash', IDENTITY_NOT_VERIFIED);
  }
  return true;
}
