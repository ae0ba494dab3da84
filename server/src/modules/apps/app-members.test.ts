import type { AppMember } from '@inbox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, errorOf, fieldErrorsOf } from '../../../test/answers.ts';
import { before, call, type Session, useTestApp } from '../../../test/app.ts';
import * as make from '../../../test/factories.ts';
import { signIn, tenantWithSessions } from '../../../test/tenants.ts';

const t = useTestApp();
const a = before(() => tenantWithSessions(t));
const b = before(() => tenantWithSessions(t));
let appAdmin: { id: number; name: string; email: string };
let appAdminSession: Session;
let appManagerSession: Session;

beforeAll(async () => {
  appAdmin = await make.createUser(t.db, { name: 'Aaron AppAdmin' });
  await make.addCompanyMember(t.db, a.company.id, appAdmin.id, 'agent');
  await make.addAppMember(t.db, a.app, appAdmin.id, 'admin');
  appAdminSession = await signIn(t, appAdmin, a.company);
  const appManager = await make.createUser(t.db);
  await make.addCompanyMember(t.db, a.company.id, appManager.id, 'agent');
  await make.addAppMember(t.db, a.app, appManager.id, 'manager');
  appManagerSession = await signIn(t, appManager, a.company);
});

const members = async (as: Session, appId: number) =>
  call(t.app, 'GET', '/app/users', { as, query: { id: appId } });

describe('GET /app/users?id=', () => {
  it('lists the members with name, email and role to any member of the app', async () => {
    const res = await members(a.as.agent, a.app.id);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 3, limit: 50, offset: 0 });
    expect(res.body.data[0]).toEqual({
      app_id: a.app.id,
      user_id: appAdmin.id,
      name: 'Aaron AppAdmin',
      email: appAdmin.email,
      role: 'admin',
    });
  });

  it('answers 404 for an app out of sight or of another company', async () => {
    const other = await make.createApp(t.db, a.company.id);
    expect((await members(a.as.agent, other.id)).status).toBe(404);
    expect((await members(b.as.admin, a.app.id)).status).toBe(404);
  });
});

describe('POST /app/users', () => {
  it('lets an app admin add a company member with any app role, and records it', async () => {
    const res = await call(t.app, 'POST', '/app/users', {
      as: appAdminSession,
      body: { app_id: a.app.id, user_id: a.manager.id, role: 'admin' },
    });
    expect(dataOf(res, 201)).toMatchObject({ app_id: a.app.id, user_id: a.manager.id, role: 'admin' });
    const logged = await t.db.query.activities.findFirst({
      where: (x, { and, eq }) => and(eq(x.companyId, a.company.id), eq(x.action, 'app_member.added')),
    });
    expect(logged?.details).toEqual({ user_id: a.manager.id, role: 'admin' });
  });

  it('answers 409 when the user is already a member', async () => {
    const res = await call(t.app, 'POST', '/app/users', {
      as: a.as.admin,
      body: { app_id: a.app.id, user_id: a.agent.id, role: 'manager' },
    });
    expect(errorOf(res, 409).code).toBe('CONFLICT');
  });

  it('answers 422 on user_id for a user who is not a member of the company', async () => {
    const res = await call(t.app, 'POST', '/app/users', {
      as: a.as.admin,
      body: { app_id: a.app.id, user_id: b.agent.id, role: 'agent' },
    });
    expect(fieldErrorsOf(res)).toEqual({ user_id: ['The user is not a member of this company'] });
  });

  it('answers 422 for a role that does not exist', async () => {
    const res = await call(t.app, 'POST', '/app/users', {
      as: a.as.admin,
      body: { app_id: a.app.id, user_id: a.manager.id, role: 'owner' },
    });
    expect(fieldErrorsOf(res).role).toBeDefined();
  });

  it('refuses app managers and agents with 403', async () => {
    for (const as of [appManagerSession, a.as.agent]) {
      const res = await call(t.app, 'POST', '/app/users', {
        as,
        body: { app_id: a.app.id, user_id: a.admin.id, role: 'agent' },
      });
      expect(res.status).toBe(403);
    }
  });
});

describe('PUT and DELETE /app/users?id=&user_id=', () => {
  it('lets an app admin change a member’s role', async () => {
    const res = await call(t.app, 'PUT', '/app/users', {
      as: appAdminSession,
      query: { id: a.app.id, user_id: a.agent.id },
      body: { role: 'manager' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('manager');
  });

  it('answers 404 for a user who is not a member of the app', async () => {
    const res = await call(t.app, 'PUT', '/app/users', {
      as: a.as.admin,
      query: { id: a.app.id, user_id: b.admin.id },
      body: { role: 'agent' },
    });
    expect(res.status).toBe(404);
  });

  it('refuses an app manager with 403', async () => {
    const res = await call(t.app, 'DELETE', '/app/users', {
      as: appManagerSession,
      query: { id: a.app.id, user_id: a.agent.id },
    });
    expect(res.status).toBe(403);
  });

  it('answers 404 to another company’s admin for reads and writes, and leaves the members unchanged', async () => {
    const before = (await members(a.as.admin, a.app.id)).body.data as AppMember[];
    const attempts = [
      call(t.app, 'POST', '/app/users', {
        as: b.as.admin,
        body: { app_id: a.app.id, user_id: b.agent.id, role: 'admin' },
      }),
      call(t.app, 'PUT', '/app/users', {
        as: b.as.admin,
        query: { id: a.app.id, user_id: a.agent.id },
        body: { role: 'admin' },
      }),
      call(t.app, 'DELETE', '/app/users', { as: b.as.admin, query: { id: a.app.id, user_id: a.agent.id } }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    expect((await members(a.as.admin, a.app.id)).body.data).toEqual(before);
  });

  it('lets an app admin remove a member', async () => {
    const res = await call(t.app, 'DELETE', '/app/users', {
      as: appAdminSession,
      query: { id: a.app.id, user_id: a.manager.id },
    });
    expect(res.status).toBe(200);
    const left = (await members(a.as.admin, a.app.id)).body.data as AppMember[];
    expect(left.map((m) => m.user_id)).not.toContain(a.manager.id);
  });
});
