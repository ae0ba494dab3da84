import type {
  UserAppBody,
  UserAppLink,
  UserCompanyBody,
  UserCompanyLink,
  UserQueueBody,
  UserQueueLink,
} from '@inbox/contract';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { invalidField, notFound } from '../../http/app-error.ts';
import { type PlatformCtx, scopeOf } from '../access/context.ts';
import { findAnyApp } from '../apps/service.ts';
import { getCompany } from '../companies/service.ts';
import { appMemberService, queueMemberService } from '../memberships/service.ts';
import { findAnyQueue } from '../queues/service.ts';
import { addCompanyMember, removeCompanyMember, setCompanyRole } from '../users/membership-service.ts';

/**
 * The platform admin's membership links. Ids the installation does not know are 404; a user outside the
 * company of an app or queue is a 422 on user_id (the same rule the company side applies).
 */
async function requireUser(db: DbOrTx, userId: number) {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw notFound('User');
}

export async function linkUserCompany(
  ctx: PlatformCtx,
  body: UserCompanyBody,
  mode: 'add' | 'update',
): Promise<UserCompanyLink> {
  const company = scopeOf(ctx, body.company_id);
  await getCompany(company);
  await requireUser(ctx.db, body.user_id);
  const input = { userId: body.user_id, role: body.company_role };
  if (mode === 'add') await addCompanyMember(company, ctx.actor, input);
  else await setCompanyRole(company, ctx.actor, { ...input, keepAnAdmin: false });
  return { user_id: body.user_id, company_id: body.company_id, company_role: body.company_role };
}

/** The app decides the company; a company_id that names another company is a contradiction, not a choice. */
async function appOfBody(ctx: PlatformCtx, body: UserAppBody) {
  const app = await findAnyApp(ctx, body.app_id);
  if (body.company_id !== undefined && body.company_id !== app.companyId) {
    throw invalidField('company_id', 'The app does not belong to this company');
  }
  await requireUser(ctx.db, body.user_id);
  return app;
}

export async function linkUserApp(
  ctx: PlatformCtx,
  body: UserAppBody,
  mode: 'add' | 'update',
): Promise<UserAppLink> {
  const { db, actor } = ctx;
  const app = await appOfBody(ctx, body);
  const input = { userId: body.user_id, role: body.app_role };
  const member = await appMemberService[mode](db, actor, app, input);
  return { user_id: member.user_id, app_id: app.id, company_id: app.companyId, app_role: member.role };
}

export async function linkUserQueue(
  ctx: PlatformCtx,
  body: UserQueueBody,
  mode: 'add' | 'update',
): Promise<UserQueueLink> {
  const { db, actor } = ctx;
  const queue = await findAnyQueue(ctx, body.queue_id);
  await requireUser(db, body.user_id);
  const input = { userId: body.user_id, role: body.queue_role };
  const member = await queueMemberService[mode](db, actor, queue, input);
  return {
    user_id: member.user_id,
    queue_id: queue.id,
    company_id: queue.companyId,
    queue_role: member.role,
  };
}

/** Removing a user from a company takes its app and queue memberships there too; the last admin may go. */
export const unlinkUserCompany = (ctx: PlatformCtx, q: { user_id: number; company_id: number }) =>
  removeCompanyMember(scopeOf(ctx, q.company_id), ctx.actor, { userId: q.user_id, keepAnAdmin: false });

export const unlinkUserApp = async (ctx: PlatformCtx, q: { user_id: number; app_id: number }) =>
  appMemberService.remove(ctx.db, ctx.actor, await findAnyApp(ctx, q.app_id), q.user_id);

export const unlinkUserQueue = async (ctx: PlatformCtx, q: { user_id: number; queue_id: number }) =>
  queueMemberService.remove(ctx.db, ctx.actor, await findAnyQueue(ctx, q.queue_id), q.user_id);
