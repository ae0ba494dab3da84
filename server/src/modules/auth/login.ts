import type { LoginBody, LoginResult } from '@inbox/contract';
import { LOGIN_FAILED_MESSAGE } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { AppError, invalidField } from '../../http/app-error.ts';
import { timingSafeMiss, verifyPassword } from '../../lib/passwords.ts';
import { companySummaries, pickCurrentCompany, toUser } from './company-summary.ts';
import { type AuthLimiters, emailKey, tooManyAttempts } from './limits.ts';
import { openSession, type SessionOrigin } from './sessions.ts';

/** Uses the users_email_lower_key index: emails match whatever their case. */
export const byEmail = (email: string) => sql`lower(${users.email}) = ${emailKey(email)}`;

interface LoginArgs {
  db: Db;
  config: Config;
  limiters: AuthLimiters;
  input: LoginBody;
  origin: SessionOrigin;
}

/**
 * Unknown email and wrong password fail alike, in alike time. Suspension is told only to someone who
 * knows the password, so it reveals nothing to a guesser. Limits are checked before the password is.
 */
export async function login({ db, config, limiters, input, origin }: LoginArgs): Promise<LoginResult> {
  const ipKey = origin.ip ?? 'unknown';
  const mailKey = emailKey(input.email);
  const [byIp, byMail] = await Promise.all([
    limiters.loginIp.retryAfter(ipKey),
    limiters.loginEmail.retryAfter(mailKey),
  ]);
  const wait = Math.max(byIp, byMail);
  if (wait > 0) throw tooManyAttempts(wait);

  const [user] = await db.select().from(users).where(byEmail(input.email)).limit(1);
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, input.password)
    : await timingSafeMiss(input.password);
  if (!user || !passwordOk) {
    await Promise.all([limiters.loginIp.hit(ipKey), limiters.loginEmail.hit(mailKey)]);
    throw new AppError('UNAUTHENTICATED', LOGIN_FAILED_MESSAGE);
  }
  if (user.status !== 'active') throw new AppError('USER_SUSPENDED', 'Your account is suspended');

  const authUser = { id: user.id, name: user.name, email: user.email, isPlatformAdmin: user.isPlatformAdmin };
  const list = await companySummaries(db, authUser);
  if (input.company_id !== undefined) {
    const wanted = list.find((c) => c.company_id === input.company_id);
    if (!wanted) throw invalidField('company_id', 'You are not a member of this company');
    if (wanted.status === 'suspended' && !user.isPlatformAdmin) {
      throw new AppError('COMPANY_SUSPENDED', 'This company is suspended');
    }
  }
  const current = pickCurrentCompany(list, input.company_id);
  const accessToken = await openSession(db, config.jwtSecret, user.id, origin);
  await limiters.loginEmail.reset(mailKey);
  return {
    access_token: accessToken,
    current_company: current,
    companies: list,
    user: toUser(authUser, list, current),
  };
}
