import type { App, AppRole, AppStats, CreateAppBody, Paging, UpdateAppBody } from '@inbox/contract';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { appMembers, apps, attachments, conversations, customerApps, queues } from '../../db/schema/index.ts';
import { contains, countOf, type Page, pageByName, pageOf } from '../../db/sql-helpers.ts';
import { notFound } from '../../http/app-error.ts';
import { requireAppRole, visibleApps } from '../access/app-roles.ts';
import { type Actor, type CompanyCtx, type CompanyScope, inTx, type PlatformCtx } from '../access/context.ts';
import { recordChange } from '../activities/service.ts';
import { type AttachmentStorage, removeFiles } from '../attachments/storage.ts';
import { deleteConversationsWhere } from '../conversations/delete.ts';
import { eventActorOf, recordEvent } from '../events/record.ts';

/** An app as the verbs below need it: which company it belongs to decides everything else. */
export interface AppRef {
  id: number;
  companyId: number;
  name: string;
}

const appColumns = {
  id: apps.id,
  companyId: apps.companyId,
  name: apps.name,
  description: apps.description,
  isActive: apps.isActive,
  csatEnabled: apps.csatEnabled,
  csatQuestion: apps.csatQuestion,
  createdAt: apps.createdAt,
  updatedAt: apps.updatedAt,
  queuesCount: countOf(queues.appId, apps.id),
  membersCount: countOf(appMembers.appId, apps.id),
};

type AppRow = {
  id: number;
  companyId: number;
  name: string;
  description: string;
  isActive: boolean;
  csatEnabled: boolean;
  csatQuestion: string;
  createdAt: Date;
  updatedAt: Date;
  queuesCount: number;
  membersCount: number;
};

const toApp = (r: AppRow, role: AppRole | null): App => ({
  app_id: r.id,
  company_id: r.companyId,
  app_name: r.name,
  description: r.description,
  is_active: r.isActive,
  csat: { enabled: r.csatEnabled, question: r.csatQuestion },
  role,
  queues_count: r.queuesCount,
  members_count: r.membersCount,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

export interface AppFilters extends Paging {
  search?: string;
  isActive?: boolean;
  /** Restrict to these apps (the caller's visible ones), each with the caller's role in it. */
  roles?: Map<number, AppRole>;
}

/**
 * The one app-list query, for the company side (visible apps, with roles) and the platform side (all, or
 * one company's). Only a platform call may name a company: a company scope always lists its own.
 */
export async function listApps(scope: CompanyScope, f: AppFilters): Promise<Page<App>>;
export async function listApps(p: PlatformCtx, f: AppFilters & { companyId?: number }): Promise<Page<App>>;
export async function listApps(
  scope: CompanyScope | PlatformCtx,
  f: AppFilters & { companyId?: number },
): Promise<Page<App>> {
  if (f.roles && f.roles.size === 0) return pageOf([], 0, f);
  const { db } = scope;
  const companyId = 'companyId' in scope ? scope.companyId : f.companyId;
  const where = and(
    companyId === undefined ? undefined : eq(apps.companyId, companyId),
    f.roles ? inArray(apps.id, [...f.roles.keys()]) : undefined,
    f.isActive === undefined ? undefined : eq(apps.isActive, f.isActive),
    contains(f.search, apps.name, apps.description),
  );
  const query = db.select(appColumns).from(apps).where(where).$dynamic();
  const { rows, total } = await pageByName(db, query, [apps.name, apps.id], f);
  return pageOf(
    rows.map((r) => toApp(r, f.roles?.get(r.id) ?? null)),
    Number(total),
    f,
  );
}

/** The apps the caller can see in its company, each with its effective role. */
export async function listVisibleApps(ctx: CompanyCtx, f: Omit<AppFilters, 'roles'>) {
  const visible = await visibleApps(ctx, ctx.actor.user.id, ctx.role);
  return listApps(ctx, {
    ...f,
    roles: new Map(visible.map((a) => [a.id, a.role])),
  });
}

const findRef = async (db: DbOrTx, where: SQL | undefined): Promise<AppRef> => {
  const [row] = await db
    .select({ id: apps.id, companyId: apps.companyId, name: apps.name })
    .from(apps)
    .where(where)
    .limit(1);
  if (!row) throw notFound('App');
  return row;
};

/** One app of the scope's company; another company's app is "not found". */
export const findApp = (scope: CompanyScope, appId: number) =>
  findRef(scope.db, and(eq(apps.id, appId), eq(apps.companyId, scope.companyId)));

/** A platform admin's lookup in any company; its `companyId` is the scope for what follows. */
export const findAnyApp = (ctx: PlatformCtx, appId: number) => findRef(ctx.db, eq(apps.id, appId));

/** The company-side guard: an app out of the caller's sight is 404, too low a role 403. */
export async function appInReach(ctx: CompanyCtx, appId: number, atLeast: AppRole) {
  const role = await requireAppRole(ctx, ctx.db, appId, atLeast);
  return { app: await findApp(ctx, appId), role };
}

export async function getApp(scope: CompanyScope, appId: number, role: AppRole | null): Promise<App> {
  const [row] = await scope.db
    .select(appColumns)
    .from(apps)
    .where(and(eq(apps.id, appId), eq(apps.companyId, scope.companyId)))
    .limit(1);
  if (!row) throw notFound('App');
  return toApp(row, role);
}

export async function createApp(
  scope: CompanyScope,
  actor: Actor,
  input: CreateAppBody,
  role: AppRole | null,
): Promise<App> {
  const { companyId } = scope;
  return scope.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apps)
      .values({
        companyId,
        name: input.app_name,
        description: input.description,
        isActive: input.is_active,
        csatEnabled: input.csat?.enabled,
        csatQuestion: input.csat?.question,
      })
      .returning({ id: apps.id });
    await recordChange(tx, actor, companyId, 'app.created', row!.id, { app_name: input.app_name });
    return getApp(inTx(scope, tx), row!.id, role);
  });
}

export async function updateApp(
  scope: CompanyScope,
  actor: Actor,
  app: AppRef,
  input: UpdateAppBody,
  role: AppRole | null,
): Promise<App> {
  return scope.db.transaction(async (tx) => {
    await tx
      .update(apps)
      .set({
        name: input.app_name,
        description: input.description,
        isActive: input.is_active,
        csatEnabled: input.csat?.enabled,
        csatQuestion: input.csat?.question,
        updatedAt: new Date(),
      })
      .where(and(eq(apps.id, app.id), eq(apps.companyId, scope.companyId)));
    await recordChange(tx, actor, scope.companyId, 'app.updated', app.id, { ...input });
    return getApp(inTx(scope, tx), app.id, role);
  });
}

/**
 * Its conversations are deleted first (`deleteConversationsWhere`, each with its `conversation.deleted`), then
 * the app: queues, memberships, customer links and reporting facts go with it (foreign keys cascade), and then
 * the conversations' files. The app gets its `app.deleted`
 * the app its `app.deleted`, in the same transaction: the features above apps hear of it from the event log
 * (reporting counts again the days the app's numbers were on), so apps import none of them (ARCHITECTURE.md,
 * "Bands"). Answers the file keys that could not be removed.
 */
export async function deleteApp(scope: CompanyScope, storage: AttachmentStorage, actor: Actor, app: AppRef) {
  const { companyId } = scope;
  const keys = await scope.db.transaction(async (tx) => {
    const files = await tx
      .select({ key: attachments.storageKey })
      .from(attachments)
      .innerJoin(conversations, eq(conversations.id, attachments.conversationId))
      .where(and(eq(conversations.appId, app.id), eq(attachments.companyId, companyId)));
    await deleteConversationsWhere(tx, companyId, eq(conversations.appId, app.id), eventActorOf(actor));
    await tx.delete(apps).where(and(eq(apps.id, app.id), eq(apps.companyId, companyId)));
    await recordEvent(tx, {
      type: 'app.deleted',
      companyId,
      appId: app.id,
      actor: eventActorOf(actor),
      data: { app_name: app.name },
    });
    await recordChange(tx, actor, companyId, 'app.deleted', app.id, { app_name: app.name });
    return files.map((f) => f.key);
  });
  return removeFiles(storage, keys);
}

/** All of an app's counts in one round trip. */
export async function appStats(scope: CompanyScope, app: AppRef): Promise<AppStats> {
  const n = (expr: SQL) => sql<number>`${expr}::int`;
  const [row] = await scope.db
    .select({
      queues: sql<number>`(select count(*)::int from ${queues} where ${queues.appId} = ${app.id})`,
      members: sql<number>`(select count(*)::int from ${appMembers} where ${appMembers.appId} = ${app.id})`,
      customers: sql<number>`(select count(*)::int from ${customerApps} where ${customerApps.appId} = ${app.id})`,
      total: n(sql`count(*)`),
      open: n(sql`count(*) filter (where ${conversations.status} = 'open')`),
      pending: n(sql`count(*) filter (where ${conversations.status} = 'pending')`),
      resolved: n(sql`count(*) filter (where ${conversations.status} = 'resolved')`),
      closed: n(sql`count(*) filter (where ${conversations.status} = 'closed')`),
      snoozed: n(sql`count(*) filter (where ${conversations.status} = 'snoozed')`),
      unassigned: n(
        sql`count(*) filter (where ${conversations.assignedUserId} is null and ${conversations.status} in ('open', 'pending'))`,
      ),
    })
    .from(conversations)
    .where(and(eq(conversations.appId, app.id), eq(conversations.companyId, scope.companyId)));
  const r = row!;
  return {
    app_id: app.id,
    queues_count: r.queues,
    members_count: r.members,
    customers_count: r.customers,
    conversations: {
      total: r.total,
      open: r.open,
      pending: r.pending,
      resolved: r.resolved,
      closed: r.closed,
      snoozed: r.snoozed,
      unassigned: r.unassigned,
    },
  };
}
