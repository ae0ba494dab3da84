import { call, loginAs, type Session, type TestContext } from './app.ts';
import { createTenant, createUser, PASSWORD } from './factories.ts';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** Signs a factory user in through the API, acting in the given company. */
export const signIn = (t: TestContext, user: { email: string }, company?: { id: number }) =>
  loginAs(t.app, user.email, PASSWORD, company?.id);

/** A tenant with a session for each of its role holders, acting in that tenant's company. */
export async function tenantWithSessions(t: TestContext) {
  const tenant = await createTenant(t.db);
  const [admin, manager, agent] = await Promise.all([
    signIn(t, tenant.admin, tenant.company),
    signIn(t, tenant.manager, tenant.company),
    signIn(t, tenant.agent, tenant.company),
  ]);
  return { ...tenant, as: { admin, manager, agent } };
}
export type TenantWithSessions = Tenant & { as: Record<'admin' | 'manager' | 'agent', Session> };

/** A platform admin's session, outside any company (as /admin calls are made). */
export async function platformAdmin(t: TestContext) {
  const user = await createUser(t.db, { name: 'Pat Platform', isPlatformAdmin: true });
  return { user, session: await signIn(t, user) };
}

/** Reads an endpoint as the given session and returns just the data, for before/after comparisons. */
export async function snapshot(
  t: TestContext,
  as: Session,
  path: string,
  query: Record<string, string | number>,
) {
  const res = await call(t.app, 'GET', path, { as, query });
  return res.body?.data;
}
