import type {
  AdminCreateUserBody,
  AdminUser,
  AdminUserDetail,
  AdminUsersQuery,
  AppRole,
  CompanyRole,
} from '@inbox/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  appMembers,
  apps,
  companies,
  companyMembers,
  conversations,
  queueMembers,
  queues,
  users,
} from '../../db/schema/index.ts';
import { contains, countOf, pageByName, qualified } from '../../db/sql-helpers.ts';
import { invalidField, notFound } from '../../http/app-error.ts';
import { initials } from '../../lib/initials.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { type Ctx, inTx, type PlatformCtx, scopeOf } from '../access/context.ts';
import { recordChange } from '../activities/service.ts';
import { unusablePasswordHash } from '../auth/invitation.ts';
import { byEmail } from '../auth/login.ts';
import { handBackAssignments } from '../conversations/hand-back.ts';

export const DUPLICATE_EMAIL = 'A user with this email already exists';

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  isPlatformAdmin: users.isPlatformAdmin,
  status: users.status,
  createdAt: users.createdAt,
  companiesCount: countOf(companyMembers.userId, users.id),
};

interface Row {
  id: number;
  name: string;
  email: string;
  isPlatformAdmin: boolean;
  status: 'active' | 'suspended';
  createdAt: Date;
  companiesCount: number;
}

const toAdminUser = (r: Row): AdminUser => ({
  user_id: r.id,
  name: r.name,
  email: r.email,
  initials: initials(r.name),
  is_platform_admin: r.isPlatformAdmin,
  status: r.status,
  companies_count: r.companiesCount,
  created_at: r.createdAt.toISOString(),
});

/**
 * Every user, or with `company_id` / `app_id` only that company's or app's members, each carrying its role
 * there (the platform admin's member lists).
 */
export async function listUsers(db: DbOrTx, query: AdminUsersQuery) {
  const companyRole = query.company_id
    ? sql<CompanyRole | null>`(select ${companyMembers.role} from ${companyMembers} where ${qualified(companyMembers.userId)} = ${qualified(users.id)} and ${qualified(companyMembers.companyId)} = ${query.company_id})`
    : sql<null>`null`;
  const appRole = query.app_id
    ? sql<AppRole | null>`(select ${appMembers.role} from ${appMembers} where ${qualified(appMembers.userId)} = ${qualified(users.id)} and ${qualified(appMembers.appId)} = ${query.app_id})`
    : sql<null>`null`;
  const where = and(
    contains(query.search, users.name, users.email),
    query.company_id ? sql`${companyRole} is not null` : undefined,
    query.app_id ? sql`${appRole} is not null` : undefined,
  );
  const listed = db
    .select({ ...columns, companyRole, appRole })
    .from(users)
    .where(where)
    .$dynamic();
  const { rows, total } = await pageByName(db, listed, [users.name, users.id], query);
  return {
    rows: rows.map((r) => ({
      ...toAdminUser(r),
      ...(r.companyRole ? { company_role: r.companyRole } : {}),
      ...(r.appRole ? { app_role: r.appRole } : {}),
    })),
    meta: { total: Number(total), limit: query.limit, offset: query.offset },
  };
}

export async function getAdminUser(db: DbOrTx, id: number): Promise<AdminUser> {
  const [row] = await db.select(columns).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound('User');
  return toAdminUser(row);
}

/** One user with every company, app and queue it belongs to, across the whole installation. */
export async function getUserDetail(db: DbOrTx, id: number): Promise<AdminUserDetail> {
  const user = await getAdminUser(db, id);
  const companyRows = await db
    .select({ company_id: companies.id, company_name: companies.name, role: companyMembers.role })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, id))
    .orderBy(asc(companies.name), asc(companies.id));
  const appRows = await db
    .select({ app_id: apps.id, app_name: apps.name, company_id: apps.companyId, role: appMembers.role })
    .from(appMembers)
    .innerJoin(apps, eq(apps.id, appMembers.appId))
    .where(eq(appMembers.userId, id))
    .orderBy(asc(apps.name), asc(apps.id));
  const queueRows = await db
    .select({ queue_id: queues.id, queue_name: queues.name, app_id: queues.appId, role: queueMembers.role })
    .from(queueMembers)
    .innerJoin(queues, eq(queues.id, queueMembers.queueId))
    .where(eq(queueMembers.userId, id))
    .orderBy(asc(queues.name), asc(queues.id));
  return { ...user, companies: companyRows, apps: appRows, queues: queueRows };
}

const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: string; cause?: unknown } | null;
  return e?.code === '23505' || (!!e?.cause && isUniqueViolation(e.cause));
};

export async function createUser({
  ctx,
  input,
}: {
  ctx: Ctx;
  input: AdminCreateUserBody;
}): Promise<AdminUser> {
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(byEmail(input.email)).limit(1);
  if (taken) throw invalidField('email', DUPLICATE_EMAIL);
  const passwordHash = input.password ? await hashPassword(input.password) : await unusablePasswordHash();
  try {
    const id = await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash })
        .returning({ id: users.id });
      await recordChange(tx, ctx.actor, null, 'user.created', created!.id, {
        name: input.name,
        email: input.email,
      });
      return created!.id;
    });
    return await getAdminUser(ctx.db, id);
  } catch (err) {
    // Two admins creating the same address at once: the unique index decides, with the same answer.
    if (isUniqueViolation(err)) throw invalidField('email', DUPLICATE_EMAIL);
    throw err;
  }
}

/**
 * Memberships and sessions go with the user (foreign keys cascade); its messages keep no author. Every
 * conversation it still holds, in any company and whatever its status, goes back to its team first, each
 * with a line in its thread and a `conversation.unassigned` event: the foreign key no longer clears the
 * assignee silently (decision 044), and reports keep who handled what in their facts.
 */
export async function deleteUser({ ctx, id }: { ctx: PlatformCtx; id: number }): Promise<void> {
  if (isSelf(ctx, id)) throw invalidField('id', 'You cannot delete your own account');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(companyMembers).where(eq(companyMembers.userId, id));
    for (const companyId of await companiesHeldIn(tx, id)) {
      await handBackAssignments(inTx(scopeOf(ctx, companyId), tx), ctx.actor, {
        userId: id,
        reason: 'account deleted',
        which: 'all',
      });
    }
    const [gone] = await tx
      .delete(users)
      .where(eq(users.id, id))
      .returning({ name: users.name, email: users.email });
    if (!gone) throw notFound('User');
    await recordChange(tx, ctx.actor, null, 'user.deleted', id, { name: gone.name, email: gone.email });
  });
}

/** The companies where a user holds conversations, members or not (a holder may have left the company). */
export async function companiesHeldIn(tx: DbOrTx, userId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ companyId: conversations.companyId })
    .from(conversations)
    .where(eq(conversations.assignedUserId, userId));
  return rows.map((r) => r.companyId);
}

/** The admin acting, directly or through impersonation, may not lock themself out. */
export const isSelf = (ctx: Ctx, id: number) => ctx.actor.user.id === id || ctx.actor.impersonator?.id === id;
