import type { App, CompanyUser, Queue } from '@inbox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, loginAs, type Session, useTestApp } from '../../../test/app.ts';
import { platformAdmin } from '../../../test/tenants.ts';

const t = useTestApp();
let pa: Session;
beforeAll(async () => {
  pa = (await platformAdmin(t)).session;
});

/** A platform-admin call that must succeed; answers its data. */
async function admin(method: 'POST' | 'PUT', path: string, body: Record<string, unknown>) {
  const res = await call(t.app, method, path, { as: pa, body });
  expect(res.status, `${method} ${path} ${JSON.stringify(res.body)}`).toBe(201);
  return res.body.data;
}

describe('a platform admin building an installation through the API alone', () => {
  it('sets up two companies with users, apps and queues, and each user then sees only its own company', async () => {
    const acme = await admin('POST', '/admin/companies', { company_name: 'Acme', timezone: 'Europe/London' });
    const globex = await admin('POST', '/admin/companies', {
      company_name: 'Globex',
      timezone: 'Asia/Tokyo',
    });

    const person = async (name: string, email: string) =>
      admin('POST', '/admin/users', { name, email, password: 'build-pass-1' });
    const acmeAdmin = await person('Alice Acme', 'alice@acme.test');
    const acmeAgent = await person('Arno Acme', 'arno@acme.test');
    const globexAdmin = await person('Greta Globex', 'greta@globex.test');
    const globexAgent = await person('Gus Globex', 'gus@globex.test');
    const join = (user: { user_id: number }, company: { company_id: number }, company_role: string) =>
      admin('POST', '/admin/user-company', {
        user_id: user.user_id,
        company_id: company.company_id,
        company_role,
      });
    await join(acmeAdmin, acme, 'admin');
    await join(acmeAgent, acme, 'agent');
    await join(globexAdmin, globex, 'admin');
    await join(globexAgent, globex, 'agent');

    const shop = await admin('POST', '/admin/apps', { company_id: acme.company_id, app_name: 'Acme Shop' });
    const blog = await admin('POST', '/admin/apps', { company_id: acme.company_id, app_name: 'Acme Blog' });
    const portal = await admin('POST', '/admin/apps', {
      company_id: globex.company_id,
      app_name: 'Globex Portal',
    });
    const sales = await admin('POST', '/admin/queues', { app_id: shop.app_id, queue_name: 'Sales' });
    await admin('POST', '/admin/queues', { app_id: blog.app_id, queue_name: 'Editors', is_private: true });
    const support = await admin('POST', '/admin/queues', { app_id: portal.app_id, queue_name: 'Support' });
    await admin('POST', '/admin/user-app', {
      user_id: acmeAgent.user_id,
      app_id: shop.app_id,
      app_role: 'agent',
    });
    await admin('POST', '/admin/user-queue', {
      user_id: acmeAgent.user_id,
      queue_id: sales.queue_id,
      queue_role: 'member',
    });
    await admin('POST', '/admin/user-app', {
      user_id: globexAgent.user_id,
      app_id: portal.app_id,
      app_role: 'manager',
      company_id: globex.company_id,
    });

    const sessionOf = (email: string, company: { company_id: number }) =>
      loginAs(t.app, email, 'build-pass-1', company.company_id);
    const appsOf = async (as: Session) =>
      ((await call(t.app, 'GET', '/apps', { as })).body.data as App[]).map((x) => [x.app_name, x.role]);

    const alice = await sessionOf('alice@acme.test', acme);
    const arno = await sessionOf('arno@acme.test', acme);
    const greta = await sessionOf('greta@globex.test', globex);
    const gus = await sessionOf('gus@globex.test', globex);
    expect(await appsOf(alice)).toEqual([
      ['Acme Blog', 'admin'],
      ['Acme Shop', 'admin'],
    ]);
    expect(await appsOf(arno)).toEqual([['Acme Shop', 'agent']]);
    expect(await appsOf(greta)).toEqual([['Globex Portal', 'admin']]);
    expect(await appsOf(gus)).toEqual([['Globex Portal', 'manager']]);

    const queuesOf = async (as: Session) =>
      ((await call(t.app, 'GET', '/queues', { as })).body.data as Queue[]).map((q) => q.queue_name).sort();
    expect(await queuesOf(alice)).toEqual(['Editors', 'Sales']);
    expect(await queuesOf(arno)).toEqual(['Sales']);
    expect(await queuesOf(gus)).toEqual(['Support']);
    const usersOf = async (as: Session) =>
      ((await call(t.app, 'GET', '/users', { as })).body.data as CompanyUser[]).map((u) => u.email).sort();
    expect(await usersOf(arno)).toEqual(['alice@acme.test', 'arno@acme.test']);
    expect(await usersOf(greta)).toEqual(['greta@globex.test', 'gus@globex.test']);

    // Across the line: another company's header is refused, its ids are unknown.
    expect(
      (await call(t.app, 'GET', '/apps', { as: { ...alice, companyId: globex.company_id } })).status,
    ).toBe(403);
    expect((await call(t.app, 'GET', '/apps', { as: alice, query: { id: portal.app_id } })).status).toBe(404);
    expect(
      (await call(t.app, 'GET', '/queue/users', { as: alice, query: { id: support.queue_id } })).status,
    ).toBe(404);
  });
});
