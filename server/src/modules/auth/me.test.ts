import { User } from '@inbox/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf, errorOf, fieldErrorsOf } from '../../../test/answers.ts';
import { call, loginAs, useTestApp } from '../../../test/app.ts';
import * as make from '../../../test/factories.ts';
import { activities, users } from '../../db/schema/index.ts';

const t = useTestApp();

describe('GET /auth/me', () => {
  it('answers the user with its companies, the first by name being current', async () => {
    const { company, app, agent } = await make.createTenant(t.db);
    const session = await loginAs(t.app, agent.email, make.PASSWORD);
    const res = await call(t.app, 'GET', '/auth/me', { as: { token: session.token } });
    expect(res.status).toBe(200);
    expect(User.safeParse(res.body.data).success).toBe(true);
    expect(res.body.data).toMatchObject({
      user_id: agent.id,
      name: 'Alex Agent',
      initials: 'AA',
      is_platform_admin: false,
      company_role: 'agent',
      current_company: { company_id: company.id, apps: [{ app_id: app.id, role: 'agent' }], apps_count: 1 },
    });
  });

  it('makes the X-Company-Id company current when the user belongs to it, and ignores it otherwise', async () => {
    const user = await make.createUser(t.db);
    const first = await make.createCompany(t.db, { name: 'AAA first' });
    const second = await make.createCompany(t.db, { name: 'ZZZ second' });
    const stranger = await make.createCompany(t.db, { name: 'AAA stranger' });
    await make.addCompanyMember(t.db, first.id, user.id, 'agent');
    await make.addCompanyMember(t.db, second.id, user.id, 'manager');
    const { token } = await loginAs(t.app, user.email, make.PASSWORD);
    const picked = await call(t.app, 'GET', '/auth/me', { as: { token, companyId: second.id } });
    expect(picked.body.data.current_company.company_id).toBe(second.id);
    expect(picked.body.data.company_role).toBe('manager');
    const foreign = await call(t.app, 'GET', '/auth/me', { as: { token, companyId: stranger.id } });
    expect(foreign.status).toBe(200);
    expect(foreign.body.data.current_company.company_id).toBe(first.id);
    expect(foreign.body.data.companies.map((c: any) => c.company_id)).toEqual([first.id, second.id]);
  });
});

describe('PUT /auth/me', () => {
  it('changes the name, records the change and ignores fields nobody may set here', async () => {
    const user = await make.createUser(t.db, { name: 'Old Name' });
    const session = await loginAs(t.app, user.email, make.PASSWORD);
    const res = await call(t.app, 'PUT', '/auth/me', {
      as: session,
      body: {
        name: '  Ada Lovelace ',
        email: 'hijack@example.test',
        is_platform_admin: true,
        status: 'active',
      },
    });
    expect(dataOf(res)).toMatchObject({ name: 'Ada Lovelace', initials: 'AL', email: user.email });
    expect(res.body.data.is_platform_admin).toBe(false);
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ name: 'Ada Lovelace', email: user.email, isPlatformAdmin: false });
    const logged = await t.db
      .select()
      .from(activities)
      .where(and(eq(activities.action, 'user.updated'), eq(activities.entityId, String(user.id))));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      companyId: null,
      actorUserId: user.id,
      impersonatorUserId: null,
      details: { fields: ['name'] },
    });
  });

  it('refuses a blank name', async () => {
    const user = await make.createUser(t.db);
    const res = await call(t.app, 'PUT', '/auth/me', {
      as: await loginAs(t.app, user.email, make.PASSWORD),
      body: { name: '   ' },
    });
    expect(fieldErrorsOf(res)).toEqual({ name: ['Name is required'] });
  });

  it('wants the current password, and the right one, to set a new password', async () => {
    const user = await make.createUser(t.db);
    const session = await loginAs(t.app, user.email, make.PASSWORD);
    const missing = await call(t.app, 'PUT', '/auth/me', {
      as: session,
      body: { password: 'brand-new-pass' },
    });
    expect(fieldErrorsOf(missing)).toEqual({
      current_password: ['Current password is required to set a new password'],
    });
    const wrong = await call(t.app, 'PUT', '/auth/me', {
      as: session,
      body: { password: 'brand-new-pass', current_password: 'not-it' },
    });
    expect(fieldErrorsOf(wrong)).toEqual({ current_password: ['Current password is incorrect'] });
    const short = await call(t.app, 'PUT', '/auth/me', {
      as: session,
      body: { password: 'abc', current_password: make.PASSWORD },
    });
    expect(fieldErrorsOf(short).password).toEqual(['Password must be at least 6 characters long']);
    expect(
      (await call(t.app, 'POST', '/auth/login', { body: { email: user.email, password: make.PASSWORD } }))
        .status,
    ).toBe(200);
  });

  it('sets a new password and signs out the user’s other sessions but not this one', async () => {
    const user = await make.createUser(t.db);
    const here = await loginAs(t.app, user.email, make.PASSWORD);
    const elsewhere = await loginAs(t.app, user.email, make.PASSWORD);
    const res = await call(t.app, 'PUT', '/auth/me', {
      as: here,
      body: { password: 'brand-new-pass', current_password: make.PASSWORD },
    });
    expect(res.status).toBe(200);
    expect((await call(t.app, 'GET', '/auth/me', { as: here })).status).toBe(200);
    expect((await call(t.app, 'GET', '/auth/me', { as: elsewhere })).status).toBe(401);
    const old = await call(t.app, 'POST', '/auth/login', {
      body: { email: user.email, password: make.PASSWORD },
    });
    expect(old.status).toBe(401);
    await loginAs(t.app, user.email, 'brand-new-pass');
  });
});

describe('POST /auth/logout', () => {
  it('revokes the current session at once, and only it', async () => {
    const user = await make.createUser(t.db);
    const session = await loginAs(t.app, user.email, make.PASSWORD);
    const other = await loginAs(t.app, user.email, make.PASSWORD);
    const res = await call(t.app, 'POST', '/auth/logout', { as: session });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: 'Logged out' } });
    const after = await call(t.app, 'GET', '/auth/me', { as: session });
    expect(errorOf(after, 401).code).toBe('UNAUTHENTICATED');
    expect((await call(t.app, 'POST', '/auth/logout', { as: session })).status).toBe(401);
    expect((await call(t.app, 'GET', '/auth/me', { as: other })).status).toBe(200);
  });
});
