import { PASSWORD_RESET_TTL_SECONDS } from '@inbox/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { passwordResets, users } from '../../db/schema/index.ts';
import { invalidField } from '../../http/app-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { tryOnce } from '../../lib/rate-limiter.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { recordActivity } from '../activities/service.ts';
import { type AuthLimiters, emailKey, tooManyAttempts } from './limits.ts';
import { byEmail } from './login.ts';
import { resetMail } from './reset-mail.ts';
import { revokeUserSessions } from './sessions.ts';

export const INVALID_RESET_LINK = 'Invalid reset link';
export const EXPIRED_RESET_LINK = 'This reset link has expired. Please request a new one.';

interface RequestArgs {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  limiters: AuthLimiters;
  email: string;
  ip: string;
}

/**
 * The caller always gets the same answer: whether a mail left depends on the address existing and on
 * its per-address limit, neither of which is revealed. The mail goes out after the answer, so its
 * SMTP round trip does not time-stamp the existing addresses.
 */
export async function requestPasswordReset(args: RequestArgs): Promise<void> {
  const { db, config, limiters, ip } = args;
  const wait = await tryOnce(limiters.resetIp, ip);
  if (wait > 0) throw tooManyAttempts(wait);
  const key = emailKey(args.email);
  const overLimit = (await limiters.resetEmail.retryAfter(key)) > 0;
  await limiters.resetEmail.hit(key);
  if (overLimit) return;

  const [user] = await db
    .select({ id: users.id, name: users.name, email: users.email, status: users.status })
    .from(users)
    .where(byEmail(args.email))
    .limit(1);
  if (user?.status !== 'active') return;
  const token = randomToken(32);
  await db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_SECONDS * 1000),
  });
  const link = `${config.publicUrl}/password-reset/${token}`;
  args.mailer
    .send(resetMail(user, link))
    .catch((err) => args.log.error({ err, userId: user.id }, 'password reset mail failed'));
}

/** Single use: the link is spent in the same statement that checks it, so two racing uses cannot both pass. */
export async function completePasswordReset(db: Db, hash: string, password: string): Promise<void> {
  const tokenHash = sha256(hash);
  const passwordHash = await hashPassword(password);
  const now = new Date();
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, tokenHash),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!spent) {
      const [seen] = await tx
        .select({ usedAt: passwordResets.usedAt })
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, tokenHash))
        .limit(1);
      throw invalidField('hash', seen && !seen.usedAt ? EXPIRED_RESET_LINK : INVALID_RESET_LINK);
    }
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(and(eq(users.id, spent.userId), eq(users.status, 'active')))
      .returning({
        id: users.id,
        name: users.name,
        email: users.email,
        isPlatformAdmin: users.isPlatformAdmin,
      });
    if (!user) throw invalidField('hash', INVALID_RESET_LINK);
    // Whoever held the old password, or a session, is out; other links mailed earlier die too.
    await revokeUserSessions(tx, user.id);
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await recordActivity(
      tx,
      { type: 'system', name: 'Password reset', onBehalfOf: { id: user.id, name: user.name } },
      { companyId: null, action: 'user.password_reset', entityType: 'user', entityId: user.id },
    );
  });
}
