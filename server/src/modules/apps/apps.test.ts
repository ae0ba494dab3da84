import { App, AppStats } from '@inbox/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, fieldErrorsOf } from '../../../test/answers.ts';
import { before, call, change, type Session, useTestApp } from '../../../test/app.ts';
import * as make from '../../../test/factories.ts';
import { signIn, tenantWithSessions } from '../../../test/tenants.ts';
import { apps, conversations, customerApps, customers } from '../../db/schema/index.ts';

const t = useTestApp();
const a = before(() => tenantWithSessions(t));
const b = before(() => tenantWithSessions(t));
let hidden: Awaited<ReturnType<typeof make.createApp>>;
let appAdmin: Session;
let appManager: Session;

beforeAll(async () => {
  hidden = await make.createApp(t.db, a.company.id, { name: 'Zeta hidden', isActive: false });
  // Company agents who hold a higher role in the tenant's one app.
  for (const role of ['admin', 'manager'] as const) {
    const user = await make.createUser(t.db);
    await make.addCompanyMember(t.db, a.company.id, user.id, 'agent');
    await make.addAppMember(t.db, a.app, user.id, role);
    const session = await signIn(t, user, a.company);
    if (role === 'admin') appAdmin = session;
    else appManager = session;
  }
});

const getApps = (as: Session, query: Record<string, string | number> = {}) =>
  call(t.app, 'GET', '/apps', { as, query });

describe('GET /apps', () => {
  it('lists every app of the company for a company admin, with role admin and counts', async () => {
    const res = await getApps(a.as.admin);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 2, limit: 50, offset: 0 });
    expect(res.body.data.map((x: App) => [x.app_id, x.role])).toEqual([
      [a.app.id, 'admin'],
      [hidden.id, 'admin'],
    ]);
    expect(App.parse(res.body.data[0])).toMatchObject({
      company_id: a.company.id,
      queues_count: 1,
      members_count: 3,
    });
  });

  it('lists for a company manager every app as manager', async () => {
    const res = await getApps(a.as.manager);
    expect(res.body.data.map((x: App) => x.role)).toEqual(['manager', 'manager']);
  });

  it('lists for an agent only the apps it belongs to, with its own role', async () => {
    expect((await getApps(a.as.agent)).body.data.map((x: App) => [x.app_id, x.role])).toEqual([
      [a.app.id, 'agent'],
    ]);
    expect((await getApps(appAdmin)).body.data.map((x: App) => x.role)).toEqual(['admin']);
  });

  it('filters by search and is_active, and pages with meta', async () => {
    const search = await getApps(a.as.admin, { search: 'zeta' });
    expect(search.body.data.map((x: App) => x.app_id)).toEqual([hidden.id]);
    const inactive = await getApps(a.as.admin, { is_active: 'false' });
    expect(inactive.body.data.map((x: App) => x.app_id)).toEqual([hidden.id]);
    const paged = await getApps(a.as.admin, { limit: 1, offset: 1 });
    expect(paged.body.meta).toEqual({ total: 2, limit: 1, offset: 1 });
    expect(paged.body.data).toHaveLength(1);
    const wild = await getApps(a.as.admin, { search: '%' });
    expect(wild.body.data).toEqual([]);
  });

  it('answers 422 for a limit above 100', async () => {
    const res = await getApps(a.as.admin, { limit: 500 });
    expect(fieldErrorsOf(res).limit).toBeDefined();
  });

  it('never shows another company’s apps', async () => {
    const res = await getApps(b.as.admin);
    expect(res.body.data.map((x: App) => x.app_id)).toEqual([b.app.id]);
  });

  it('answers 403 when X-Company-Id names a company the caller is not in', async () => {
    const res = await getApps({ ...b.as.admin, companyId: a.company.id });
    expect(res.status).toBe(403);
  });
});

describe('GET /apps?id=', () => {
  it('answers one app object with the caller’s role', async () => {
    const res = await getApps(a.as.agent, { id: a.app.id });
    expect(res.status).toBe(200);
    expect(res.body.meta).toBeUndefined();
    expect(res.body.data).toMatchObject({ app_id: a.app.id, role: 'agent' });
  });

  it('answers 404 for an app the agent cannot see and for another company’s app', async () => {
    expect((await getApps(a.as.agent, { id: hidden.id })).status).toBe(404);
    expect((await getApps(b.as.admin, { id: a.app.id })).status).toBe(404);
  });
});

describe('POST /apps', () => {
  it('creates the app in the caller’s company, ignoring a company_id in the body, and records it', async () => {
    const res = await call(t.app, 'POST', '/apps', {
      as: b.as.admin,
      body: { app_name: '  Help Desk ', company_id: a.company.id, role: 'agent', members_count: 7 },
    });
    expect(dataOf(res, 201)).toMatchObject({
      company_id: b.company.id,
      app_name: 'Help Desk',
      description: '',
      is_active: true,
      role: 'admin',
      members_count: 0,
    });
    const [row] = await t.db.select().from(apps).where(eq(apps.id, res.body.data.app_id));
    expect(row!.companyId).toBe(b.company.id);
    const logged = await t.db.query.activities.findFirst({
      where: (x, { and, eq }) => and(eq(x.action, 'app.created'), eq(x.entityId, String(row!.id))),
    });
    expect(logged?.companyId).toBe(b.company.id);
  });

  it('refuses company managers, app admins and agents with 403', async () => {
    for (const as of [a.as.manager, appAdmin, a.as.agent]) {
      const res = await call(t.app, 'POST', '/apps', { as, body: { app_name: 'Nope' } });
      expect(res.status).toBe(403);
    }
  });

  it('answers 422 "App name is required" for a blank name', async () => {
    const res = await call(t.app, 'POST', '/apps', { as: a.as.admin, body: { app_name: ' ' } });
    expect(fieldErrorsOf(res)).toEqual({ app_name: ['App name is required'] });
  });
});

describe('PUT /apps?id=', () => {
  it('lets an app admin change its app', async () => {
    const res = await change(t.app, '/apps', appAdmin, a.app.id, {
      description: 'Our shop',
      is_active: true,
      company_id: b.company.id,
    });
    expect(dataOf(res)).toMatchObject({
      app_id: a.app.id,
      company_id: a.company.id,
      description: 'Our shop',
    });
  });

  it('refuses app managers, company managers and agents with 403', async () => {
    for (const as of [appManager, a.as.manager, a.as.agent]) {
      const res = await call(t.app, 'PUT', '/apps', { as, query: { id: a.app.id }, body: { app_name: 'X' } });
      expect(res.status).toBe(403);
    }
  });

  it('answers 404 to another company’s admin and leaves the app unchanged', async () => {
    const before = (await getApps(a.as.admin, { id: a.app.id })).body.data;
    const res = await change(t.app, '/apps', b.as.admin, a.app.id, { app_name: 'Hijacked' });
    expect(res.status).toBe(404);
    expect((await getApps(a.as.admin, { id: a.app.id })).body.data).toEqual(before);
  });
});

describe('GET /app/stats?id=', () => {
  it('counts queues, members, linked customers and conversations by status', async () => {
    const [customer] = await t.db
      .insert(customers)
      .values({ companyId: a.company.id, name: 'Cora Customer', email: 'cora@example.test' })
      .returning();
    await t.db
      .insert(customerApps)
      .values({ customerId: customer!.id, appId: a.app.id, companyId: a.company.id });
    const base = { companyId: a.company.id, appId: a.app.id, customerId: customer!.id };
    await t.db.insert(conversations).values([
      { ...base, number: 1, status: 'open' },
      { ...base, number: 2, status: 'open', assignedUserId: a.agent.id },
      { ...base, number: 3, status: 'pending' },
      { ...base, number: 4, status: 'resolved' },
      { ...base, number: 5, status: 'closed' },
    ]);
    const res = await call(t.app, 'GET', '/app/stats', { as: a.as.agent, query: { id: a.app.id } });
    expect(res.status).toBe(200);
    expect(AppStats.parse(res.body.data)).toEqual({
      app_id: a.app.id,
      queues_count: 1,
      members_count: 3,
      customers_count: 1,
      conversations: { total: 5, open: 2, pending: 1, resolved: 1, closed: 1, snoozed: 0, unassigned: 2 },
    });
  });

  it('answers 404 for an app out of sight or of another company', async () => {
    expect(
      (await call(t.app, 'GET', '/app/stats', { as: a.as.agent, query: { id: hidden.id } })).status,
    ).toBe(404);
    expect((await call(t.app, 'GET', '/app/stats', { as: b.as.admin, query: { id: a.app.id } })).status).toBe(
      404,
    );
  });
});

describe('DELETE /apps?id=', () => {
  it('answers 404 to another company’s admin and keeps the app', async () => {
    const res = await call(t.app, 'DELETE', '/apps', { as: b.as.admin, query: { id: a.app.id } });
    expect(res.status).toBe(404);
    expect((await getApps(a.as.admin, { id: a.app.id })).status).toBe(200);
  });

  it('refuses an app admin who is not a company admin with 403', async () => {
    const res = await call(t.app, 'DELETE', '/apps', { as: appAdmin, query: { id: a.app.id } });
    expect(res.status).toBe(403);
  });

  it('lets the company admin delete an app, which is then gone', async () => {
    const res = await call(t.app, 'DELETE', '/apps', { as: a.as.admin, query: { id: hidden.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: 'App deleted' } });
    expect((await getApps(a.as.admin, { id: hidden.id })).status).toBe(404);
  });
});
