import type { CompanySummary, User } from '@inbox/contract';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, companyMembers } from '../../db/schema/index.ts';
import { initials } from '../../lib/initials.ts';
import { visibleApps } from '../access/app-roles.ts';
import { type AuthUser, admitCompany } from '../access/context.ts';

/**
 * The companies a user belongs to, in name order, each with the apps the user can see in it.
 * The role is the effective one (platform admins act as company admins, as `requireCompany` decides).
 */
export async function companySummaries(db: DbOrTx, user: AuthUser): Promise<CompanySummary[]> {
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      timezone: companies.timezone,
      status: companies.status,
      role: companyMembers.role,
    })
    .from(companyMembers)
    .innerJoin(companies, eq(companies.id, companyMembers.companyId))
    .where(eq(companyMembers.userId, user.id))
    .orderBy(asc(companies.name), asc(companies.id));
  const out: CompanySummary[] = [];
  for (const c of rows) {
    const role = user.isPlatformAdmin ? 'admin' : c.role;
    // The company comes from the user's own membership rows (or a platform admin's list): admitted.
    const apps = await visibleApps(admitCompany({ db, companyId: c.id }), user.id, role);
    out.push({
      company_id: c.id,
      company_name: c.name,
      timezone: c.timezone,
      role,
      status: c.status,
      apps: apps.map((a) => ({ app_id: a.id, app_name: a.name, role: a.role })),
      apps_count: apps.length,
    });
  }
  return out;
}

/** The wanted company when the user belongs to it; otherwise the first active one, else the first. */
export function pickCurrentCompany(list: CompanySummary[], wantedId?: number): CompanySummary | null {
  const wanted = wantedId === undefined ? undefined : list.find((c) => c.company_id === wantedId);
  return wanted ?? list.find((c) => c.status === 'active') ?? list[0] ?? null;
}

export function toUser(user: AuthUser, list: CompanySummary[], current: CompanySummary | null): User {
  return {
    user_id: user.id,
    name: user.name,
    email: user.email,
    initials: initials(user.name),
    is_platform_admin: user.isPlatformAdmin,
    company_role: current?.role ?? null,
    companies: list,
    current_company: current,
  };
}

/** The User answer of /auth/me and PUT /auth/me: companies, with the wanted one as current. */
export async function describeUser(db: DbOrTx, user: AuthUser, wantedCompanyId?: number): Promise<User> {
  const list = await companySummaries(db, user);
  return toUser(user, list, pickCurrentCompany(list, wantedCompanyId));
}
