import type { UpdateMeBody } from '@inbox/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { invalidField } from '../../http/app-error.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AuthUser, Ctx } from '../access/context.ts';
import { recordChange } from '../activities/service.ts';
import { revokeUserSessions } from './sessions.ts';

/**
 * Only the name and the password are one's own to change. A new password needs the current one and
 * signs out every other session of the user, keeping the one that made the change.
 */
export async function updateMe({ ctx, input }: { ctx: Ctx; input: UpdateMeBody }): Promise<AuthUser> {
  const me = ctx.actor.user;
  const changes: { name?: string; passwordHash?: string } = {};
  if (input.name !== undefined && input.name !== me.name) changes.name = input.name;
  if (input.password) {
    const [row] = await ctx.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.id, me.id));
    if (!row || !(await verifyPassword(row.passwordHash, input.current_password ?? ''))) {
      throw invalidField('current_password', 'Current password is incorrect');
    }
    changes.passwordHash = await hashPassword(input.password);
  }
  const fields = [...(changes.name ? ['name'] : []), ...(changes.passwordHash ? ['password'] : [])];
  if (fields.length === 0) return me;

  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, me.id));
    if (changes.passwordHash) await revokeUserSessions(tx, me.id, ctx.actor.sessionId);
    await recordChange(tx, ctx.actor, null, 'user.updated', me.id, { fields });
  });
  return { ...me, name: changes.name ?? me.name };
}
