import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions } from '../../db/schema/index.ts';
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken } from '../../lib/tokens.ts';

export interface SessionOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** A session row plus the JWT naming it; the row is what logout, suspension and resets revoke. */
export async function openSession(db: DbOrTx, secret: string, userId: number, origin: SessionOrigin) {
  const id = randomUUID();
  await db.insert(sessions).values({
    id,
    userId,
    expiresAt: new Date(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000),
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 500) ?? null,
  });
  return signAccessToken(secret, { userId, sessionId: id });
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Every live session of the user, except `keep` (the one making a password change). */
export async function revokeUserSessions(db: DbOrTx, userId: number, keep?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keep ? ne(sessions.id, keep) : undefined),
    );
}
