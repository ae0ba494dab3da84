import { INVITATION_TTL_SECONDS } from '@inbox/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { passwordResets } from '../../db/schema/index.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { escapeHtml } from './reset-mail.ts';

/**
 * The stored hash for an account created without a password: of a random secret nobody holds, so the
 * account cannot sign in until its owner sets a password from the invitation link.
 */
export const unusablePasswordHash = () => hashPassword(randomToken(32));

export function invitationMail(
  user: { name: string; email: string },
  link: string,
  invitedBy: string,
  where: string,
): Mail {
  const days = Math.round(INVITATION_TTL_SECONDS / 86_400);
  const text = [
    `Hello ${user.name},`,
    '',
    `${invitedBy} has given you an account on ${where}. Open this link to choose your password and sign in:`,
    '',
    link,
    '',
    `The link works once and expires in ${days} days. Your email address, ${user.email}, is your login.`,
  ].join('\n');
  const html =
    `<p>Hello ${escapeHtml(user.name)},</p>` +
    `<p>${escapeHtml(invitedBy)} has given you an account on ${escapeHtml(where)}. Open this link to choose your password and sign in:</p>` +
    `<p><a href="${escapeHtml(link)}">Set your password</a></p>` +
    `<p>The link works once and expires in ${days} days. Your email address, ${escapeHtml(user.email)}, is your login.</p>`;
  return { to: user.email, subject: `You are invited to ${where}`, text, html };
}

/**
 * Mails a new user a set-password link: a password-reset token that lives for days instead of an hour, on
 * the same single-use page. Called after the account's transaction committed; a failed mail is logged, not
 * thrown, since the account exists and "Forgot password?" sends a fresh link.
 */
export async function sendInvitation(args: {
  db: Db;
  config: Config;
  mailer: Mailer;
  log: FastifyBaseLogger;
  user: { id: number; name: string; email: string };
  invitedBy: string;
  where: string;
}): Promise<void> {
  const token = randomToken(32);
  await args.db.insert(passwordResets).values({
    userId: args.user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + INVITATION_TTL_SECONDS * 1000),
  });
  const link = `${args.config.publicUrl}/password-reset/${token}`;
  args.mailer
    .send(invitationMail(args.user, link, args.invitedBy, args.where))
    .catch((err) => args.log.error({ err, userId: args.user.id }, 'invitation mail failed'));
}
