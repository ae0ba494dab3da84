import type { AdminUser } from '@inbox/contract';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';
import { invalidField, notFound } from '../../http/app-error.ts';
import { inTx, type PlatformCtx, scopeOf } from '../access/context.ts';
import { recordActivity } from '../activities/service.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { handBackAssignments } from '../conversations/hand-back.ts';
import { companiesHeldIn, getAdminUser, isSelf } from './users-service.ts';

interface FlagChange {
  set: { status?: 'active' | 'suspended'; isPlatformAdmin?: boolean };
  action: string;
  /** Refused on one's own account, with this sentence. */
  notOnSelf?: string;
}

export const FLAG_CHANGES = {
  suspend: {
    set: { status: 'suspended' },
    action: 'user.suspended',
    notOnSelf: 'You cannot suspend your own account',
  },
  activate: { set: { status: 'active' }, action: 'user.activated' },
  'make-platform-admin': { set: { isPlatformAdmin: true }, action: 'user.platform_admin_granted' },
  'remove-platform-admin': {
    set: { isPlatformAdmin: false },
    action: 'user.platform_admin_removed',
    notOnSelf: 'You cannot remove your own platform admin access',
  },
} as const satisfies Record<string, FlagChange>;

export type FlagVerb = keyof typeof FLAG_CHANGES;

/**
 * Suspension revokes every session in the same transaction, so the user's tokens stop at once (the auth
 * plugin also refuses any token of a suspended user), and hands the user's open and pending conversations
 * back to their teams, each with a line and an event. Admins cannot suspend or demote themselves, which
 * also keeps at least one platform admin in the installation.
 */
export async function changeUserFlag({
  ctx,
  id,
  verb,
}: {
  ctx: PlatformCtx;
  id: number;
  verb: FlagVerb;
}): Promise<AdminUser> {
  const change: FlagChange = FLAG_CHANGES[verb];
  if (change.notOnSelf && isSelf(ctx, id)) throw invalidField('id', change.notOnSelf);
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ ...change.set, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    if (!row) throw notFound('User');
    if (change.set.status === 'suspended') {
      await revokeUserSessions(tx, id);
      // A suspended account works nothing: its open and pending conversations go back to their teams.
      for (const companyId of await companiesHeldIn(tx, id)) {
        await handBackAssignments(inTx(scopeOf(ctx, companyId), tx), ctx.actor, {
          userId: id,
          reason: 'account suspended',
          which: 'active',
        });
      }
    }
    await recordActivity(tx, ctx.actor, {
      companyId: null,
      action: change.action,
      entityType: 'user',
      entityId: id,
    });
  });
  return getAdminUser(ctx.db, id);
}
