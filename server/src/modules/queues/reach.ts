import type { AppRole } from '@inbox/contract';
import { and, eq } from 'drizzle-orm';
import { queueMembers } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../http/app-error.ts';
import { appRoleOf, visibleApps } from '../access/app-roles.ts';
import type { CompanyCtx } from '../access/context.ts';
import { findQueue, queueSightCondition } from './service.ts';

const manages = (role: AppRole) => role === 'admin' || role === 'manager';

/** The caller's sight over the queues of its company (optionally of one app), as a SQL condition. */
export async function visibleQueues(ctx: CompanyCtx) {
  const apps = await visibleApps(ctx, ctx.actor.user.id, ctx.role);
  const full = apps.filter((a) => manages(a.role)).map((a) => a.id);
  const agent = apps.filter((a) => !manages(a.role)).map((a) => a.id);
  return queueSightCondition(ctx.actor.user.id, full, agent);
}

/**
 * Guards a queue action on the company side: another company's queue, a queue of an app out of sight, or a
 * private queue an agent is not in, is 404; managing it needs the app manager role or above (403).
 */
export async function queueInReach(ctx: CompanyCtx, queueId: number, need: 'see' | 'manage') {
  const queue = await findQueue(ctx, queueId);
  const role = await appRoleOf(ctx, ctx.db, queue.appId);
  if (!role) throw notFound('Queue');
  if (!manages(role)) {
    if (queue.isPrivate) {
      const [member] = await ctx.db
        .select({ userId: queueMembers.userId })
        .from(queueMembers)
        .where(and(eq(queueMembers.queueId, queue.id), eq(queueMembers.userId, ctx.actor.user.id)))
        .limit(1);
      if (!member) throw notFound('Queue');
    }
    if (need === 'manage') throw forbidden('This requires the app manager role');
  }
  return { queue, role };
}
