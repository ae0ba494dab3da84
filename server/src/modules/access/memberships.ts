import type { Paging } from '@inbox/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { companyMembers, users } from '../../db/schema/index.ts';
import { type Page, pageOf } from '../../db/sql-helpers.ts';
import { conflict, invalidField, notFound } from '../../http/app-error.ts';
import { recordActivity } from '../activities/service.ts';
import { type Actor, admitCompany, type CompanyScope } from './context.ts';

/** The scope a membership hangs off (an app or a queue), and the company it belongs to. */
export interface MembershipScope {
  id: number;
  companyId: number;
}

export interface MemberRow<Role extends string> {
  scopeId: number;
  userId: number;
  name: string;
  email: string;
  role: Role;
}

/** A `(scope, user, company, role)` membership table and how its rows are named and shown. */
export interface MembershipTable<Role extends string, Member> {
  table: PgTable & { userId: AnyPgColumn; role: AnyPgColumn };
  /** The column holding the scope's id, e.g. `appMembers.appId`. */
  scopeColumn: AnyPgColumn;
  /** The row to insert for a new member. */
  values: (scope: MembershipScope, userId: number, role: Role) => Record<string, unknown>;
  toMember: (row: MemberRow<Role>) => Member;
  /** The 404 subject, e.g. `App member`. */
  notFoundLabel: string;
  /** The 409 sentence when the user already is a member. */
  alreadyMember: string;
  /** The activity entity type (`app`) and action prefix (`app_member`). */
  entityType: string;
  actionPrefix: string;
  /** Run in the removal's transaction once the row is gone (app and queue members hand back their work). */
  afterRemove?: (tx: DbOrTx, actor: Actor, scope: MembershipScope, userId: number) => Promise<unknown>;
}

/** App and queue memberships are only for members of the scope's company. */
export async function requireCompanyMember(scope: CompanyScope, userId: number) {
  const { db, companyId } = scope;
  const [row] = await db
    .select({ userId: companyMembers.userId })
    .from(companyMembers)
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .limit(1);
  if (!row) throw invalidField('user_id', 'The user is not a member of this company');
}

const memberColumns = <Role extends string, Member>(t: MembershipTable<Role, Member>) => ({
  scopeId: t.scopeColumn,
  userId: t.table.userId,
  name: users.name,
  email: users.email,
  role: t.table.role,
});

const oneMember = <Role extends string, Member>(
  t: MembershipTable<Role, Member>,
  scopeId: number,
  userId: number,
) => and(eq(t.scopeColumn, scopeId), eq(t.table.userId, userId));

export async function listMembers<Role extends string, Member>(
  db: DbOrTx,
  t: MembershipTable<Role, Member>,
  scope: MembershipScope,
  paging: Paging,
): Promise<Page<Member>> {
  const where = eq(t.scopeColumn, scope.id);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(t.table).where(where);
  const rows = await db
    .select(memberColumns(t))
    .from(t.table)
    .innerJoin(users, eq(users.id, t.table.userId))
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(paging.limit)
    .offset(paging.offset);
  return pageOf((rows as MemberRow<Role>[]).map(t.toMember), total, paging);
}

async function getMember<Role extends string, Member>(
  db: DbOrTx,
  t: MembershipTable<Role, Member>,
  scope: MembershipScope,
  userId: number,
): Promise<Member> {
  const [row] = await db
    .select(memberColumns(t))
    .from(t.table)
    .innerJoin(users, eq(users.id, t.table.userId))
    .where(oneMember(t, scope.id, userId))
    .limit(1);
  if (!row) throw notFound(t.notFoundLabel);
  return t.toMember(row as MemberRow<Role>);
}

async function recordMemberActivity<Role extends string, Member>(
  tx: DbOrTx,
  actor: Actor,
  t: MembershipTable<Role, Member>,
  scope: MembershipScope,
  verb: 'added' | 'updated' | 'removed',
  details: { user_id: number; role?: Role },
) {
  await recordActivity(tx, actor, {
    companyId: scope.companyId,
    action: `${t.actionPrefix}.${verb}`,
    entityType: t.entityType,
    entityId: scope.id,
    details,
  });
}

export async function addMember<Role extends string, Member>(
  db: DbOrTx,
  actor: Actor,
  t: MembershipTable<Role, Member>,
  scope: MembershipScope,
  input: { userId: number; role: Role },
): Promise<Member> {
  return db.transaction(async (tx) => {
    // The app or queue was found under the caller's company scope: its company is admitted.
    await requireCompanyMember(admitCompany({ db: tx, companyId: scope.companyId }), input.userId);
    const inserted = await tx
      .insert(t.table)
      .values(t.values(scope, input.userId, input.role))
      .onConflictDoNothing()
      .returning({ userId: t.table.userId });
    if (inserted.length === 0) throw conflict(t.alreadyMember);
    await recordMemberActivity(tx, actor, t, scope, 'added', { user_id: input.userId, role: input.role });
    return getMember(tx, t, scope, input.userId);
  });
}

export async function updateMember<Role extends string, Member>(
  db: DbOrTx,
  actor: Actor,
  t: MembershipTable<Role, Member>,
  scope: MembershipScope,
  input: { userId: number; role: Role },
): Promise<Member> {
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(t.table)
      .set({ role: input.role })
      .where(oneMember(t, scope.id, input.userId))
      .returning({ userId: t.table.userId });
    if (updated.length === 0) throw notFound(t.notFoundLabel);
    await recordMemberActivity(tx, actor, t, scope, 'updated', { user_id: input.userId, role: input.role });
    return getMember(tx, t, scope, input.userId);
  });
}

export async function removeMember<Role extends string, Member>(
  db: DbOrTx,
  actor: Actor,
  t: MembershipTable<Role, Member>,
  scope: MembershipScope,
  userId: number,
) {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(t.table)
      .where(oneMember(t, scope.id, userId))
      .returning({ userId: t.table.userId });
    if (removed.length === 0) throw notFound(t.notFoundLabel);
    await recordMemberActivity(tx, actor, t, scope, 'removed', { user_id: userId });
    await t.afterRemove?.(tx, actor, scope, userId);
  });
}

/** The four operations bound to one membership table, for a module to export under its own names. */
export function membershipService<Role extends string, Member, Scope extends MembershipScope>(
  t: MembershipTable<Role, Member>,
) {
  return {
    list: (db: DbOrTx, scope: Scope, paging: Paging): Promise<Page<Member>> =>
      listMembers(db, t, scope, paging),
    add: (db: DbOrTx, actor: Actor, scope: Scope, input: { userId: number; role: Role }): Promise<Member> =>
      addMember(db, actor, t, scope, input),
    update: (
      db: DbOrTx,
      actor: Actor,
      scope: Scope,
      input: { userId: number; role: Role },
    ): Promise<Member> => updateMember(db, actor, t, scope, input),
    remove: (db: DbOrTx, actor: Actor, scope: Scope, userId: number): Promise<void> =>
      removeMember(db, actor, t, scope, userId),
  };
}
