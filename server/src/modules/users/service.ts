import type { CompanyUser, CreateCompanyUserBody, ListUsersQuery } from '@inbox/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companyMembers, users } from '../../db/schema/index.ts';
import { contains, type Page, pageByName, pageOf } from '../../db/sql-helpers.ts';
import { notFound } from '../../http/app-error.ts';
import { initials } from '../../lib/initials.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { type Actor, type CompanyScope, inTx } from '../access/context.ts';
import { unusablePasswordHash } from '../auth/invitation.ts';
import { addCompanyMember } from './membership-service.ts';

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  status: users.status,
  createdAt: users.createdAt,
  role: companyMembers.role,
};

type UserRow = {
  id: number;
  name: string;
  email: string;
  status: 'active' | 'suspended';
  createdAt: Date;
  role: 'admin' | 'manager' | 'agent';
};

const toCompanyUser = (r: UserRow): CompanyUser => ({
  user_id: r.id,
  name: r.name,
  email: r.email,
  initials: initials(r.name),
  company_role: r.role,
  status: r.status,
  created_at: r.createdAt.toISOString(),
});

export async function listCompanyUsers(
  scope: CompanyScope,
  query: ListUsersQuery,
): Promise<Page<CompanyUser>> {
  const { db, companyId } = scope;
  const where = and(eq(companyMembers.companyId, companyId), contains(query.search, users.name, users.email));
  const listed = db
    .select(userColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(where)
    .$dynamic();
  const { rows, total } = await pageByName(db, listed, [users.name, users.id], query);
  return pageOf(rows.map(toCompanyUser), total, query);
}

export async function getCompanyUser(scope: CompanyScope, userId: number): Promise<CompanyUser> {
  const { db, companyId } = scope;
  const [row] = await db
    .select(userColumns)
    .from(companyMembers)
    .innerJoin(users, eq(users.id, companyMembers.userId))
    .where(and(eq(companyMembers.companyId, companyId), eq(companyMembers.userId, userId)))
    .limit(1);
  if (!row) throw notFound('User');
  return toCompanyUser(row);
}

const findUserIdByEmail = async (db: DbOrTx, email: string) => {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row?.id;
};

/**
 * An existing account (matched by email) joins the company as it is: its name and password stay its own.
 * An unknown email becomes a new account, which then needs a password.
 */
export async function createCompanyUser(
  scope: CompanyScope,
  actor: Actor,
  input: CreateCompanyUserBody,
): Promise<{ user: CompanyUser; created: boolean }> {
  const { db } = scope;
  const existing = await findUserIdByEmail(db, input.email);
  // Without a password a new account cannot sign in until its owner sets one from the invitation mail.
  const passwordHash =
    existing === undefined
      ? input.password
        ? await hashPassword(input.password)
        : await unusablePasswordHash()
      : null;
  let created = false;
  const user = await db.transaction(async (tx) => {
    let userId = existing;
    if (userId === undefined) {
      const [inserted] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash: passwordHash! })
        .onConflictDoNothing()
        .returning({ id: users.id });
      // A concurrent request created the same email first: join that account instead.
      userId = inserted?.id ?? (await findUserIdByEmail(tx, input.email))!;
      created = inserted !== undefined;
    }
    const inScope = inTx(scope, tx);
    await addCompanyMember(inScope, actor, {
      userId,
      role: input.company_role,
      created: existing === undefined,
    });
    return getCompanyUser(inScope, userId);
  });
  return { user, created };
}
