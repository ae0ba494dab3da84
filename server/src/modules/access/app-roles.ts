import type { AppRole, CompanyRole } from '@inbox/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appMembers, apps, queueMembers, queues } from '../../db/schema/index.ts';
import { forbidden, notFound } from '../../http/app-error.ts';
import { type CompanyCtx, type CompanyScope, inTx } from './context.ts';

const RANK: Record<AppRole, number> = { agent: 1, manager: 2, admin: 3 };

/**
 * A user's role in an app: company admins are app admins everywhere, company managers at least managers;
 * others hold their app membership, or `agent` when they only belong to one of the app's queues.
 */
export function effectiveAppRole(
  companyRole: CompanyRole,
  memberRole: AppRole | null,
  inAppQueue: boolean,
): AppRole | null {
  if (companyRole === 'admin') return 'admin';
  if (companyRole === 'manager') return memberRole === 'admin' ? 'admin' : 'manager';
  return memberRole ?? (inAppQueue ? 'agent' : null);
}

export interface VisibleApp {
  id: number;
  name: string;
  isActive: boolean;
  role: AppRole;
}

/** The apps of one company a user can see, with the role in each, in name order. Three queries, no N+1. */
export async function visibleApps(
  scope: CompanyScope,
  userId: number,
  companyRole: CompanyRole,
): Promise<VisibleApp[]> {
  const { db, companyId } = scope;
  const all = await db
    .select({ id: apps.id, name: apps.name, isActive: apps.isActive })
    .from(apps)
    .where(eq(apps.companyId, companyId))
    .orderBy(asc(apps.name), asc(apps.id));
  if (all.length === 0) return [];
  const memberships = await db
    .select({ appId: appMembers.appId, role: appMembers.role })
    .from(appMembers)
    .where(and(eq(appMembers.companyId, companyId), eq(appMembers.userId, userId)));
  const queueApps =
    companyRole === 'agent'
      ? await db
          .selectDistinct({ appId: queues.appId })
          .from(queueMembers)
          .innerJoin(queues, eq(queues.id, queueMembers.queueId))
          .where(and(eq(queueMembers.companyId, companyId), eq(queueMembers.userId, userId)))
      : [];
  const memberRole = new Map(memberships.map((m) => [m.appId, m.role]));
  const inQueue = new Set(queueApps.map((q) => q.appId));
  return all.flatMap((a) => {
    const role = effectiveAppRole(companyRole, memberRole.get(a.id) ?? null, inQueue.has(a.id));
    return role ? [{ ...a, role }] : [];
  });
}

/** The caller's role in one app of its company, or null when the app is out of its sight. */
export async function appRoleOf(ctx: CompanyCtx, db: DbOrTx, appId: number): Promise<AppRole | null> {
  const [row] = await db
    .select({ id: apps.id, memberRole: appMembers.role })
    .from(apps)
    .leftJoin(appMembers, and(eq(appMembers.appId, apps.id), eq(appMembers.userId, ctx.actor.user.id)))
    .where(and(eq(apps.id, appId), eq(apps.companyId, ctx.companyId)))
    .limit(1);
  if (!row) return null;
  let inQueue = false;
  if (ctx.role === 'agent' && !row.memberRole) {
    const [q] = await db
      .select({ id: queueMembers.queueId })
      .from(queueMembers)
      .innerJoin(queues, eq(queues.id, queueMembers.queueId))
      .where(and(eq(queues.appId, appId), eq(queueMembers.userId, ctx.actor.user.id)))
      .limit(1);
    inQueue = !!q;
  }
  return effectiveAppRole(ctx.role, row.memberRole, inQueue);
}

/**
 * Guards an app-scoped action: an app of another company, or one the caller cannot see, is 404;
 * a visible app with too low a role is 403.
 */
export async function requireAppRole(
  ctx: CompanyCtx,
  db: DbOrTx,
  appId: number,
  atLeast: AppRole,
): Promise<AppRole> {
  const role = await appRoleOf(ctx, db, appId);
  if (!role) throw notFound('App');
  if (RANK[role] < RANK[atLeast]) throw forbidden(`This requires the app ${atLeast} role`);
  return role;
}

export function requireCompanyAdmin(ctx: CompanyCtx) {
  if (ctx.role !== 'admin') throw forbidden('This requires the company admin role');
}

/** Ids of apps (of the listed ones) where the caller is at least `atLeast`. */
export async function appsWithRole(ctx: CompanyCtx, db: DbOrTx, atLeast: AppRole, appIds?: number[]) {
  const list = await visibleApps(inTx(ctx, db), ctx.actor.user.id, ctx.role);
  return list
    .filter((a) => RANK[a.role] >= RANK[atLeast] && (!appIds || appIds.includes(a.id)))
    .map((a) => a.id);
}
