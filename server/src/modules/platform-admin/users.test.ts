import { AdminUser, AdminUserDetail } from '@inbox/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, errorOf, fieldErrorsOf } from '../../../test/answers.ts';
import { call, loginAs, type Session, useTestApp } from '../../../test/app.ts';
import { createTenant, createUser, PASSWORD } from '../../../test/factories.ts';
import { activities, companyMembers, sessions, users } from '../../db/schema/index.ts';

const t = useTestApp();
let root: Awaited<ReturnType<typeof createUser>>;
let as: Session;
beforeAll(async () => {
  root = await createUser(t.db, { isPlatformAdmin: true, name: 'Root Admin' });
  as = await loginAs(t.app, root.email, PASSWORD);
});

const activity = (action: string, id: number) =>
  t.db
    .select()
    .from(activities)
    .where(and(eq(activities.action, action), eq(activities.entityId, String(id))));

describe('who may use /admin/users', () => {
  it('answers 403 to a signed-in user who is not a platform admin, on every path', async () => {
    const { admin } = await createTenant(t.db);
    const session = await loginAs(t.app, admin.email, PASSWORD);
    const target = await createUser(t.db);
    const q = { id: target.id };
    const attempts = [
      call(t.app, 'GET', '/admin/users', { as: session }),
      call(t.app, 'POST', '/admin/users', {
        as: session,
        body: { name: 'X', email: 'x@example.test', password: 'secret1' },
      }),
      call(t.app, 'DELETE', '/admin/users', { as: session, query: q }),
      call(t.app, 'GET', '/admin/user', { as: session, query: q }),
      ...['suspend', 'activate', 'make-platform-admin', 'remove-platform-admin'].map((verb) =>
        call(t.app, 'POST', `/admin/user/${verb}`, { as: session, query: q }),
      ),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(errorOf(res, 403).code).toBe('FORBIDDEN');
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ status: 'active', isPlatformAdmin: false });
  });

  it('answers 401 without a token', async () => {
    const res = await call(t.app, 'GET', '/admin/users');
    expect(res.status).toBe(401);
  });

  it('answers 403 to a platform admin impersonating a plain user', async () => {
    const plain = await createUser(t.db);
    const res = await call(t.app, 'GET', '/admin/users', { as: { ...as, impersonate: plain.id } });
    expect(res.status).toBe(403);
  });
});

describe('GET /admin/users', () => {
  it('lists users with paging and a search over name and email', async () => {
    const a = await createUser(t.db, { name: 'Zelda Searchable', email: 'zelda@list.test' });
    const b = await createUser(t.db, { name: 'Zack Other', email: 'zack.searchable@list.test' });
    await createUser(t.db, { name: 'Nobody Else', email: 'nobody@list.test' });
    const all = await call(t.app, 'GET', '/admin/users', { as });
    expect(all.status).toBe(200);
    expect(all.body.meta).toEqual({ total: all.body.data.length, limit: 50, offset: 0 });
    for (const u of all.body.data) expect(AdminUser.safeParse(u).success).toBe(true);

    const found = await call(t.app, 'GET', '/admin/users', { as, query: { search: 'SEARCHABLE' } });
    expect(found.body.data.map((u: any) => u.user_id)).toEqual([b.id, a.id]);
    expect(found.body.meta.total).toBe(2);
    expect(found.body.data[1]).toEqual({
      user_id: a.id,
      name: 'Zelda Searchable',
      email: 'zelda@list.test',
      initials: 'ZS',
      is_platform_admin: false,
      status: 'active',
      companies_count: 0,
      created_at: a.createdAt.toISOString(),
    });

    const page = await call(t.app, 'GET', '/admin/users', {
      as,
      query: { search: 'list.test', limit: 1, offset: 1 },
    });
    expect(page.body.meta).toEqual({ total: 3, limit: 1, offset: 1 });
    expect(page.body.data).toHaveLength(1);
  });

  it('treats % and _ in a search as plain characters', async () => {
    await createUser(t.db, { name: 'Percent Person', email: 'pp@wild.test' });
    const res = await call(t.app, 'GET', '/admin/users', { as, query: { search: '%' } });
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(0);
  });

  it('counts each user’s companies', async () => {
    const { agent } = await createTenant(t.db);
    const res = await call(t.app, 'GET', '/admin/users', { as, query: { search: agent.email } });
    expect(res.body.data).toMatchObject([{ user_id: agent.id, companies_count: 1 }]);
  });

  it('refuses a limit above 100', async () => {
    const res = await call(t.app, 'GET', '/admin/users', { as, query: { limit: 101 } });
    expect(fieldErrorsOf(res)).toHaveProperty('limit');
  });
});

describe('POST /admin/users', () => {
  it('creates a user who can then sign in, and records it', async () => {
    const res = await call(t.app, 'POST', '/admin/users', {
      as,
      body: {
        name: 'New Person',
        email: ' New.Person@Example.TEST ',
        password: 'secret1',
        is_platform_admin: true,
      },
    });
    expect(dataOf(res, 201)).toMatchObject({
      name: 'New Person',
      email: 'new.person@example.test',
      initials: 'NP',
      is_platform_admin: false,
      status: 'active',
      companies_count: 0,
    });
    await loginAs(t.app, 'new.person@example.test', 'secret1');
    expect(await activity('user.created', res.body.data.user_id)).toMatchObject([
      { actorUserId: root.id, companyId: null },
    ]);
  });

  it('refuses an email already taken, whatever its case', async () => {
    const existing = await createUser(t.db, { email: 'taken@example.test' });
    const res = await call(t.app, 'POST', '/admin/users', {
      as,
      body: { name: 'Copy Cat', email: 'TAKEN@example.test', password: 'secret1' },
    });
    expect(fieldErrorsOf(res)).toEqual({ email: ['A user with this email already exists'] });
    const same = await call(t.app, 'GET', '/admin/users', { as, query: { search: 'taken@example.test' } });
    expect(same.body.data.map((u: any) => u.user_id)).toEqual([existing.id]);
  });

  it('names each invalid field', async () => {
    const res = await call(t.app, 'POST', '/admin/users', {
      as,
      body: { name: ' ', email: 'not-an-email', password: '123' },
    });
    expect(fieldErrorsOf(res)).toEqual({
      name: ['Name is required'],
      email: ['Please enter a valid email address'],
      password: ['Password must be at least 6 characters long'],
    });
  });
});

describe('GET /admin/user', () => {
  it('shows a user with its company, app and queue memberships', async () => {
    const { company, app, queue, agent } = await createTenant(t.db);
    const res = await call(t.app, 'GET', '/admin/user', { as, query: { id: agent.id } });
    expect(res.status).toBe(200);
    expect(AdminUserDetail.safeParse(res.body.data).success).toBe(true);
    expect(res.body.data).toMatchObject({
      user_id: agent.id,
      companies_count: 1,
      companies: [{ company_id: company.id, company_name: company.name, role: 'agent' }],
      apps: [{ app_id: app.id, app_name: app.name, company_id: company.id, role: 'agent' }],
      queues: [{ queue_id: queue.id, queue_name: queue.name, app_id: app.id, role: 'member' }],
    });
  });

  it('answers 404 for an unknown id and 422 without one', async () => {
    const unknown = await call(t.app, 'GET', '/admin/user', { as, query: { id: 99_999_999 } });
    expect(errorOf(unknown, 404).code).toBe('NOT_FOUND');
    const missing = await call(t.app, 'GET', '/admin/user', { as });
    expect(fieldErrorsOf(missing)).toHaveProperty('id');
  });
});

describe('DELETE /admin/users', () => {
  it('deletes a user with its memberships and stops its tokens', async () => {
    const { company, agent } = await createTenant(t.db);
    const session = await loginAs(t.app, agent.email, PASSWORD);
    const res = await call(t.app, 'DELETE', '/admin/users', { as, query: { id: agent.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { message: 'User deleted' } });
    expect(await t.db.select().from(users).where(eq(users.id, agent.id))).toEqual([]);
    expect(
      await t.db.select().from(companyMembers).where(eq(companyMembers.companyId, company.id)),
    ).toHaveLength(2);
    expect((await call(t.app, 'GET', '/auth/me', { as: session })).status).toBe(401);
    expect(await activity('user.deleted', agent.id)).toMatchObject([
      { actorUserId: root.id, companyId: null },
    ]);
    expect((await call(t.app, 'DELETE', '/admin/users', { as, query: { id: agent.id } })).status).toBe(404);
  });

  it('refuses to delete oneself', async () => {
    const res = await call(t.app, 'DELETE', '/admin/users', { as, query: { id: root.id } });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('You cannot delete your own account');
    expect((await call(t.app, 'GET', '/auth/me', { as })).status).toBe(200);
  });
});

describe('suspending and activating', () => {
  it('suspends a user: its tokens stop at once and it cannot sign in', async () => {
    const user = await createUser(t.db);
    const session = await loginAs(t.app, user.email, PASSWORD);
    const res = await call(t.app, 'POST', '/admin/user/suspend', { as, query: { id: user.id } });
    expect(res.status).toBe(200);
    expect(AdminUser.safeParse(res.body.data).success).toBe(true);
    expect(res.body.data).toMatchObject({ user_id: user.id, status: 'suspended' });
    expect((await call(t.app, 'GET', '/auth/me', { as: session })).status).toBe(401);
    const live = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    expect(live).toEqual([]);
    const login = await call(t.app, 'POST', '/auth/login', {
      body: { email: user.email, password: PASSWORD },
    });
    expect(errorOf(login, 403).code).toBe('USER_SUSPENDED');
    expect(await activity('user.suspended', user.id)).toMatchObject([
      { actorUserId: root.id, companyId: null },
    ]);
  });

  it('activates a suspended user, who can sign in again (old tokens stay dead)', async () => {
    const user = await createUser(t.db);
    const session = await loginAs(t.app, user.email, PASSWORD);
    await call(t.app, 'POST', '/admin/user/suspend', { as, query: { id: user.id } });
    const res = await call(t.app, 'POST', '/admin/user/activate', { as, query: { id: user.id } });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('active');
    expect((await call(t.app, 'GET', '/auth/me', { as: session })).status).toBe(401);
    await loginAs(t.app, user.email, PASSWORD);
    expect(await activity('user.activated', user.id)).toHaveLength(1);
  });

  it('refuses to let an admin suspend themself', async () => {
    const res = await call(t.app, 'POST', '/admin/user/suspend', { as, query: { id: root.id } });
    expect(fieldErrorsOf(res)).toEqual({ id: ['You cannot suspend your own account'] });
    expect((await call(t.app, 'GET', '/auth/me', { as })).status).toBe(200);
  });

  it('answers 404 for an unknown id on every status verb', async () => {
    for (const verb of ['suspend', 'activate', 'make-platform-admin', 'remove-platform-admin']) {
      const res = await call(t.app, 'POST', `/admin/user/${verb}`, { as, query: { id: 99_999_999 } });
      expect(res.status).toBe(404);
    }
  });
});

describe('granting and removing platform admin access', () => {
  it('makes a user a platform admin and takes it back', async () => {
    const user = await createUser(t.db);
    const session = await loginAs(t.app, user.email, PASSWORD);
    expect((await call(t.app, 'GET', '/admin/users', { as: session })).status).toBe(403);
    const made = await call(t.app, 'POST', '/admin/user/make-platform-admin', { as, query: { id: user.id } });
    expect(made.status).toBe(200);
    expect(made.body.data.is_platform_admin).toBe(true);
    expect((await call(t.app, 'GET', '/admin/users', { as: session })).status).toBe(200);
    const removed = await call(t.app, 'POST', '/admin/user/remove-platform-admin', {
      as,
      query: { id: user.id },
    });
    expect(removed.body.data.is_platform_admin).toBe(false);
    expect((await call(t.app, 'GET', '/admin/users', { as: session })).status).toBe(403);
    expect(await activity('user.platform_admin_granted', user.id)).toHaveLength(1);
    expect(await activity('user.platform_admin_removed', user.id)).toHaveLength(1);
  });

  it('refuses to let an admin remove their own access', async () => {
    const res = await call(t.app, 'POST', '/admin/user/remove-platform-admin', {
      as,
      query: { id: root.id },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('You cannot remove your own platform admin access');
    const [row] = await t.db.select().from(users).where(eq(users.id, root.id));
    expect(row!.isPlatformAdmin).toBe(true);
  });
});

describe('member lists through /admin/users', () => {
  it('lists only one company’s members, each with its company role', async () => {
    const a = await createTenant(t.db);
    await createTenant(t.db);
    const res = await call(t.app, 'GET', '/admin/users', { as, query: { company_id: a.company.id } });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.map((u: AdminUser) => [u.user_id, u.company_role]));
    expect(byId).toEqual(
      new Map([
        [a.admin.id, 'admin'],
        [a.manager.id, 'manager'],
        [a.agent.id, 'agent'],
      ]),
    );
    expect(res.body.meta.total).toBe(3);
  });

  it('lists only one app’s members with their app role, and searches within them', async () => {
    const a = await createTenant(t.db);
    const res = await call(t.app, 'GET', '/admin/users', { as, query: { app_id: a.app.id } });
    expect(res.body.data.map((u: AdminUser) => [u.user_id, u.app_role])).toEqual([[a.agent.id, 'agent']]);
    const none = await call(t.app, 'GET', '/admin/users', {
      as,
      query: { app_id: a.app.id, search: 'Max Manager' },
    });
    expect(none.body.data).toEqual([]);
    expect(none.body.meta.total).toBe(0);
  });

  it('leaves the role fields out of the unfiltered list', async () => {
    const res = await call(t.app, 'GET', '/admin/users', { as, query: { limit: 5 } });
    for (const u of res.body.data) {
      expect(u).not.toHaveProperty('company_role');
      expect(u).not.toHaveProperty('app_role');
    }
  });
});
