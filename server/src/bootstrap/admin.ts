import { count, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';
import { randomToken } from '../lib/tokens.ts';

export interface AdminBootstrap {
  created: boolean;
  email: string;
  /** Set only when the password was generated now; it is printed once and never stored in clear. */
  generatedPassword?: string;
}

/** On an empty database, creates the platform admin from ADMIN_EMAIL / ADMIN_PASSWORD. */
export async function ensurePlatformAdmin(
  db: Db,
  email: string,
  password: string | undefined,
): Promise<AdminBootstrap> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(users);
  if (Number(n) > 0) {
    const [admin] = await db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.isPlatformAdmin, true))
      .limit(1);
    return { created: false, email: admin?.email ?? email };
  }
  const generatedPassword = password ? undefined : randomToken(12);
  await db.insert(users).values({
    name: 'Platform Admin',
    email,
    passwordHash: await hashPassword(password ?? generatedPassword!),
    isPlatformAdmin: true,
  });
  return { created: true, email, generatedPassword };
}
