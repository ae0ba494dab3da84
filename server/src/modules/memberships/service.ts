import type { AppMember, AppRole, Paging, QueueMember, QueueRole } from '@inbox/contract';
import { and, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { appMembers, companyMembers, queueMembers, users } from '../../db/schema/index.ts';
import { type Page, pageByName, pageOf } from '../../db/sql-helpers.ts';
import { conflict, invalidField, notFound } from '../../http/app-error.ts';
import { type Actor, admitCompany, type CompanyScope } from '../access/context.ts';
import { recordActivity } from '../activities/service.ts';
import { handBackAssignments } from '../conversations/hand-back.ts';

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

/**
 * A `(scope, user, company, role)` membership table. Everything else is named after its kind: the member's
 * `{kind}_id`, the 404 subject (`App member`), the 409 sentence, the activity (`app` / `app_member.added`).
 */
export interface MembershipTable {
  kind: 'app' | 'queue';
  table: PgTable & { userId: AnyPgColumn; role: AnyPgColumn };
  /** The column holding the scope's id, e.g. `appMembers.appId`, and its field name in an insert. */
  scopeColumn: AnyPgColumn;
  scopeField: 'appId' | 'queueId';
}

const notFoundLabel = (t: MembershipTable) => `${t.kind === 'app' ? 'App' : 'Queue'} member`;

const toMember = <Role extends string, Member>(t: MembershipTable, r: MemberRow<Role>) =>
  ({ [`${t.kind}_id`]: r.scopeId, user_id: r.userId, name: r.name, email: r.email, role: r.role }) as Member;

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

const memberColumns = (t: MembershipTable) => ({
  scopeId: t.scopeColumn,
  userId: t.table.userId,
  name: users.name,
  email: users.email,
  role: t.table.role,
});

const oneMember = (t: MembershipTable, scopeId: number, userId: number) =>
  and(eq(t.scopeColumn, scopeId), eq(t.table.userId, userId));

export async function listMembers<Role extends string, Member>(
  db: DbOrTx,
  t: MembershipTable,
  scope: MembershipScope,
  paging: Paging,
): Promise<Page<Member>> {
  const where = eq(t.scopeColumn, scope.id);
  const listed = db
    .select(memberColumns(t))
    .from(t.table)
    .innerJoin(users, eq(users.id, t.table.userId))
    .where(where)
    .$dynamic();
  const { rows, total } = await pageByName(db, listed, [users.name, users.id], paging);
  return pageOf(
    (rows as MemberRow<Role>[]).map((r) => toMember<Role, Member>(t, r)),
    total,
    paging,
  );
}

async function getMember<Role extends string, Member>(
  db: DbOrTx,
  t: MembershipTable,
  scope: MembershipScope,
  userId: number,
): Promise<Member> {
  const [row] = await db
    .select(memberColumns(t))
    .from(t.table)
    .innerJoin(users, eq(users.id, t.table.userId))
    .where(oneMember(t, scope.id, userId))
    .limit(1);
  if (!row) throw notFound(notFoundLabel(t));
  return toMember<Role, Member>(t, row as MemberRow<Role>);
}

async function recordMemberActivity<Role extends string>(
  tx: DbOrTx,
  actor: Actor,
  t: MembershipTable,
  scope: MembershipScope,
  verb: 'added' | 'updated' | 'removed',
  details: { user_id: number; role?: Role },
) {
  await recordActivity(tx, actor, {
    companyId: scope.companyId,
    action: `${t.kind}_member.${verb}`,
    entityType: t.kind,
    entityId: scope.id,
    details,
  });
}

/**
 * Adds a member (`added`: 409 when the user already is one) or changes its role (`updated`: 404 when the user
 * is none), with its activity; answers the member as the list shows it.
 */
async function writeMember<Role extends string, Member>(
  db: DbOrTx,
  actor: Actor,
  t: MembershipTable,
  scope: MembershipScope,
  input: { userId: number; role: Role },
  verb: 'added' | 'updated',
): Promise<Member> {
  return db.transaction(async (tx) => {
    const written =
      verb === 'added'
        ? await insertMember(tx, t, scope, input)
        : await tx
            .update(t.table)
            .set({ role: input.role })
            .where(oneMember(t, scope.id, input.userId))
            .returning({ userId: t.table.userId });
    if (written.length === 0) {
      throw verb === 'added'
        ? conflict(`The user is already a member of this ${t.kind}`)
        : notFound(notFoundLabel(t));
    }
    await recordMemberActivity(tx, actor, t, scope, verb, { user_id: input.userId, role: input.role });
    return getMember<Role, Member>(tx, t, scope, input.userId);
  });
}

async function insertMember(
  tx: DbOrTx,
  t: MembershipTable,
  scope: MembershipScope,
  input: { userId: number; role: string },
) {
  // The app or queue was found under the caller's company scope: its company is admitted.
  await requireCompanyMember(admitCompany({ db: tx, companyId: scope.companyId }), input.userId);
  return tx
    .insert(t.table)
    .values({ [t.scopeField]: scope.id, companyId: scope.companyId, userId: input.userId, role: input.role })
    .onConflictDoNothing()
    .returning({ userId: t.table.userId });
}

export async function removeMember(
  db: DbOrTx,
  actor: Actor,
  t: MembershipTable,
  scope: MembershipScope,
  userId: number,
) {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(t.table)
      .where(oneMember(t, scope.id, userId))
      .returning({ userId: t.table.userId });
    if (removed.length === 0) throw notFound(notFoundLabel(t));
    await recordMemberActivity(tx, actor, t, scope, 'removed', { user_id: userId });
    // Conversations they can no longer work go back to the team, each with a line in its thread.
    // The app or queue was found under the caller's company scope: its company is admitted.
    await handBackAssignments(admitCompany({ db: tx, companyId: scope.companyId }), actor, {
      userId,
      reason: `removed from the ${t.kind}`,
    });
  });
}

/** The four operations bound to one membership table, whose scope column is `{kind}Id` (`appMembers.appId`). */
function membershipService<Role extends string, Member>(
  kind: MembershipTable['kind'],
  table: typeof appMembers | typeof queueMembers,
) {
  const scopeField = `${kind}Id` as const;
  const scopeColumn = (table as unknown as Record<typeof scopeField, AnyPgColumn>)[scopeField];
  const t: MembershipTable = { kind, table, scopeColumn, scopeField };
  const write =
    (verb: 'added' | 'updated') =>
    (db: DbOrTx, actor: Actor, scope: MembershipScope, input: { userId: number; role: Role }) =>
      writeMember<Role, Member>(db, actor, t, scope, input, verb);
  return {
    list: (db: DbOrTx, scope: MembershipScope, paging: Paging): Promise<Page<Member>> =>
      listMembers<Role, Member>(db, t, scope, paging),
    add: write('added'),
    update: write('updated'),
    remove: (db: DbOrTx, actor: Actor, scope: MembershipScope, userId: number): Promise<void> =>
      removeMember(db, actor, t, scope, userId),
  };
}

export type MembershipService<Role extends string> = ReturnType<typeof membershipService<Role, unknown>>;

/** App memberships are only for members of the app's company (checked on add). */
export const appMemberService = membershipService<AppRole, AppMember>('app', appMembers);

/** Any member of the queue's company may join a queue; one without an app role then sees the app as an agent. */
export const queueMemberService = membershipService<QueueRole, QueueMember>('queue', queueMembers);
