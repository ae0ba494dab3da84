import type { TestServer } from './server';

/** Every Northwind user's password in the inbox browser tests. */
export const PASSWORD = 'inbox-e2e-pass';

export interface Tenant {
  companyId: number;
  appId: number;
  orders: number;
  billing: number;
  users: { sam: number; lee: number; ann: number };
}

/**
 * Northwind: one app with two public queues. Sam and Lee are agents (Sam in both queues, Lee in Billing);
 * Ann is the company admin.
 */
export async function createTenant(srv: TestServer): Promise<Tenant> {
  const token = await srv.login(srv.adminEmail, srv.adminPassword);
  const call = (method: string, p: string, body: unknown) => srv.api(method, p, { token, body });
  const company = await call('POST', '/admin/companies', { company_name: 'Northwind Co', timezone: 'UTC' });
  const app = await call('POST', '/admin/apps', {
    company_id: company.company_id,
    app_name: 'Northwind Store',
  });
  const queue = async (queue_name: string) =>
    (await call('POST', '/admin/queues', { app_id: app.app_id, queue_name })).queue_id as number;
  const orders = await queue('Orders & Shipping');
  const billing = await queue('Billing');
  const user = async (name: string, email: string, role: 'admin' | 'agent', queues: number[]) => {
    const u = await call('POST', '/admin/users', { name, email, password: PASSWORD });
    await call('POST', '/admin/user-company', {
      user_id: u.user_id,
      company_id: company.company_id,
      company_role: role,
    });
    await call('POST', '/admin/user-app', { user_id: u.user_id, app_id: app.app_id, app_role: role });
    for (const queue_id of queues) {
      await call('POST', '/admin/user-queue', { user_id: u.user_id, queue_id, queue_role: 'member' });
    }
    return u.user_id as number;
  };
  const sam = await user('Sam Rivera', 'sam@northwind.test', 'agent', [orders, billing]);
  const lee = await user('Lee Park', 'lee@northwind.test', 'agent', [billing]);
  const ann = await user('Ann Admin', 'ann@northwind.test', 'admin', []);
  return { companyId: company.company_id, appId: app.app_id, orders, billing, users: { sam, lee, ann } };
}

/** An integration of Northwind's app, added by Ann (its admin) through the API; answers the new id. */
export async function addIntegration(
  srv: TestServer,
  tenant: Tenant,
  body: { type: string; name: string; settings?: Record<string, unknown>; secrets?: Record<string, string> },
) {
  const token = await srv.login('ann@northwind.test', PASSWORD);
  const created = await srv.api('POST', '/integrations', {
    token,
    companyId: tenant.companyId,
    body: { app_id: tenant.appId, ...body },
  });
  return created.integration_id as number;
}
