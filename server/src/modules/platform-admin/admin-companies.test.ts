import { Company } from '@inbox/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, errorOf, fieldErrorsOf } from '../../../test/answers.ts';
import { before, call, change, type Session, useTestApp } from '../../../test/app.ts';
import { platformAdmin, tenantWithSessions } from '../../../test/tenants.ts';
import { apps, companyMembers, users } from '../../db/schema/index.ts';

const t = useTestApp();
const a = before(() => tenantWithSessions(t));
let pa: Session;
beforeAll(async () => {
  pa = (await platformAdmin(t)).session;
});

describe('platform admin gate', () => {
  it('refuses a company admin with 403 and an anonymous caller with 401', async () => {
    const tries = [
      call(t.app, 'GET', '/admin/companies', { as: a.as.admin }),
      call(t.app, 'POST', '/admin/companies', { as: a.as.admin, body: { company_name: 'X' } }),
      change(t.app, '/admin/companies', a.as.admin, a.company.id, {}),
      call(t.app, 'DELETE', '/admin/companies', { as: a.as.admin, query: { id: a.company.id } }),
      call(t.app, 'POST', '/admin/company/status', {
        as: a.as.admin,
        body: { company_id: a.company.id, status: 'suspended', reason: 'x' },
      }),
    ];
    for (const res of await Promise.all(tries)) expect(res.status).toBe(403);
    expect((await call(t.app, 'GET', '/admin/companies')).status).toBe(401);
  });
});

describe('/admin/companies', () => {
  it('creates a company with a default UTC timezone and records the activity against it', async () => {
    const res = await call(t.app, 'POST', '/admin/companies', { as: pa, body: { company_name: 'Globex' } });
    expect(res.status).toBe(201);
    expect(Company.parse(res.body.data)).toMatchObject({
      company_name: 'Globex',
      timezone: 'UTC',
      status: 'active',
      apps_count: 0,
      members_count: 0,
    });
    const logged = await t.db.query.activities.findFirst({
      where: (x, { eq }) => eq(x.action, 'company.created'),
    });
    expect(logged?.companyId).toBe(res.body.data.company_id);
  });

  it('answers 422 with field errors for a blank name and an unknown timezone', async () => {
    const res = await call(t.app, 'POST', '/admin/companies', {
      as: pa,
      body: { company_name: '', timezone: 'Nowhere/Land' },
    });
    expect(fieldErrorsOf(res)).toEqual({
      company_name: ['Company name is required'],
      timezone: ['Unknown timezone'],
    });
  });

  it('lists companies with a default limit of 50, searches by name, and reads one by id', async () => {
    const all = await call(t.app, 'GET', '/admin/companies', { as: pa });
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ total: 2, limit: 50, offset: 0 });
    const found = await call(t.app, 'GET', '/admin/companies', { as: pa, query: { search: 'glob' } });
    expect(found.body.data.map((c: Company) => c.company_name)).toEqual(['Globex']);
    const one = await call(t.app, 'GET', '/admin/companies', { as: pa, query: { id: a.company.id } });
    expect(one.body.data).toMatchObject({ company_id: a.company.id, apps_count: 1, members_count: 3 });
    expect(one.body.meta).toBeUndefined();
  });

  it('answers 404 for an unknown id on read, change and delete', async () => {
    const tries = [
      call(t.app, 'GET', '/admin/companies', { as: pa, query: { id: 999999 } }),
      change(t.app, '/admin/companies', pa, 999999, { company_name: 'X' }),
      call(t.app, 'DELETE', '/admin/companies', { as: pa, query: { id: 999999 } }),
      call(t.app, 'POST', '/admin/company/status', {
        as: pa,
        body: { company_id: 999999, status: 'active' },
      }),
    ];
    for (const res of await Promise.all(tries)) expect(res.status).toBe(404);
  });

  it('changes name and timezone, but not the status, through PUT', async () => {
    const res = await change(t.app, '/admin/companies', pa, a.company.id, {
      company_name: 'Acme',
      timezone: 'America/New_York',
      status: 'suspended',
    });
    expect(dataOf(res)).toMatchObject({
      company_name: 'Acme',
      timezone: 'America/New_York',
      status: 'active',
    });
  });
});

describe('POST /admin/company/status', () => {
  it('answers 422 for a status other than active or suspended', async () => {
    const res = await call(t.app, 'POST', '/admin/company/status', {
      as: pa,
      body: { company_id: a.company.id, status: 'closed', reason: 'x' },
    });
    expect(fieldErrorsOf(res)).toEqual({ status: ['Status must be active or suspended'] });
  });

  it('suspends at once: a member’s next call is refused while a platform admin still gets through', async () => {
    expect((await call(t.app, 'GET', '/apps', { as: a.as.agent })).status).toBe(200);
    const res = await call(t.app, 'POST', '/admin/company/status', {
      as: pa,
      body: { company_id: a.company.id, status: 'suspended', reason: 'Unpaid invoices' },
    });
    expect(dataOf(res)).toMatchObject({ status: 'suspended', status_reason: 'Unpaid invoices' });

    const member = await call(t.app, 'GET', '/apps', { as: a.as.agent });
    expect(errorOf(member, 403).code).toBe('COMPANY_SUSPENDED');
    const admin = await call(t.app, 'GET', '/apps', { as: { ...pa, companyId: a.company.id } });
    expect(admin.status).toBe(200);
    expect(admin.body.data).toHaveLength(1);

    await call(t.app, 'POST', '/admin/company/status', {
      as: pa,
      body: { company_id: a.company.id, status: 'active', reason: 'Paid' },
    });
    expect((await call(t.app, 'GET', '/apps', { as: a.as.agent })).status).toBe(200);
  });
});

describe('DELETE /admin/companies?id=', () => {
  it('deletes the company with its apps and memberships; its users keep their accounts', async () => {
    const res = await call(t.app, 'DELETE', '/admin/companies', { as: pa, query: { id: a.company.id } });
    expect(res.status).toBe(200);
    expect(await t.db.select().from(apps).where(eq(apps.companyId, a.company.id))).toEqual([]);
    expect(
      await t.db.select().from(companyMembers).where(eq(companyMembers.companyId, a.company.id)),
    ).toEqual([]);
    expect(await t.db.select().from(users).where(eq(users.id, a.admin.id))).toHaveLength(1);
    expect(
      (await call(t.app, 'GET', '/admin/companies', { as: pa, query: { id: a.company.id } })).status,
    ).toBe(404);
  });
});
