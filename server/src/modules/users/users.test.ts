import { CompanyUser } from '@inbox/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf, errorOf, fieldErrorsOf } from '../../../test/answers.ts';
import { before, call, change, loginAs, type Session, useTestApp } from '../../../test/app.ts';
import { PASSWORD } from '../../../test/factories.ts';
import { platformAdmin, tenantWithSessions } from '../../../test/tenants.ts';
import { conversations, customers, users } from '../../db/schema/index.ts';

const t = useTestApp();
const a = before(() => tenantWithSessions(t));
const b = before(() => tenantWithSessions(t));

const listUsers = (as: Session, query: Record<string, string | number> = {}) =>
  call(t.app, 'GET', '/users', { as, query });
const addUser = (as: Session, body: Record<string, unknown>) => call(t.app, 'POST', '/users', { as, body });

describe('GET /users', () => {
  it('lists the company members to any member, agents included', async () => {
    const res = await listUsers(a.as.agent);
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: 3, limit: 50, offset: 0 });
    expect(res.body.data.map((u: CompanyUser) => u.user_id).sort()).toEqual(
      [a.admin.id, a.manager.id, a.agent.id].sort(),
    );
    expect(CompanyUser.parse(res.body.data[0])).toEqual({
      user_id: a.admin.id,
      name: 'Ada Admin',
      email: a.admin.email,
      initials: 'AA',
      company_role: 'admin',
      status: 'active',
      created_at: expect.any(String),
    });
  });

  it('searches by name or email and pages', async () => {
    expect(
      (await listUsers(a.as.agent, { search: 'max' })).body.data.map((u: CompanyUser) => u.user_id),
    ).toEqual([a.manager.id]);
    const byEmail = await listUsers(a.as.agent, { search: a.agent.email.toUpperCase() });
    expect(byEmail.body.data.map((u: CompanyUser) => u.user_id)).toEqual([a.agent.id]);
    const page = await listUsers(a.as.agent, { limit: 2, offset: 2 });
    expect(page.body.meta).toEqual({ total: 3, limit: 2, offset: 2 });
    expect(page.body.data).toHaveLength(1);
  });

  it('never lists another company’s users, and refuses a foreign X-Company-Id with 403', async () => {
    const ids = (await listUsers(b.as.agent)).body.data.map((u: CompanyUser) => u.user_id);
    expect(ids).not.toContain(a.admin.id);
    expect((await listUsers({ ...b.as.agent, companyId: a.company.id })).status).toBe(403);
  });
});

describe('POST /users', () => {
  it('creates a new account that can sign in, ignoring is_platform_admin, and records it', async () => {
    const res = await addUser(a.as.admin, {
      name: 'Nina New',
      email: 'Nina.New@Example.test',
      password: 'welcome-1',
      company_role: 'manager',
      is_platform_admin: true,
    });
    expect(dataOf(res, 201)).toMatchObject({
      name: 'Nina New',
      email: 'nina.new@example.test',
      initials: 'NN',
      company_role: 'manager',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, res.body.data.user_id));
    expect(row!.isPlatformAdmin).toBe(false);
    const session = await loginAs(t.app, 'nina.new@example.test', 'welcome-1', a.company.id);
    expect((await listUsers(session)).status).toBe(200);
    const logged = await t.db.query.activities.findFirst({
      where: (x, { and, eq }) => and(eq(x.action, 'company_member.added'), eq(x.entityId, String(row!.id))),
    });
    expect(logged).toMatchObject({
      companyId: a.company.id,
      details: { role: 'manager', account_created: true },
    });
  });

  it('adds an existing account by email without touching its name or password', async () => {
    const res = await addUser(a.as.admin, {
      name: 'Renamed',
      email: b.agent.email.toUpperCase(),
      password: 'attacker-chosen',
      company_role: 'agent',
    });
    expect(dataOf(res, 201)).toMatchObject({
      user_id: b.agent.id,
      name: 'Alex Agent',
      company_role: 'agent',
    });
    const session = await loginAs(t.app, b.agent.email, PASSWORD, a.company.id);
    expect((await listUsers(session)).status).toBe(200);
  });

  it('answers 409 for a user who is already a member', async () => {
    const res = await addUser(a.as.admin, { name: 'Again', email: a.agent.email, company_role: 'agent' });
    expect(errorOf(res, 409).code).toBe('CONFLICT');
  });

  it('answers 422 with the product’s sentences for bad fields', async () => {
    // No password at all is fine: the new user is invited to set one (auth/invitation.test.ts).
    const short = await addUser(a.as.admin, { name: 'Pat', email: 'pat@example.test', password: '12345' });
    expect(short.body.errors).toEqual({ password: ['Password must be at least 6 characters long'] });
    const bad = await addUser(a.as.admin, { name: '', email: 'not-an-email', password: 'secret-1' });
    expect(bad.body.errors).toEqual({
      name: ['Name is required'],
      email: ['Please enter a valid email address'],
    });
  });

  it('refuses managers and agents with 403', async () => {
    for (const as of [a.as.manager, a.as.agent]) {
      const res = await addUser(as, {
        name: 'X',
        email: 'x@example.test',
        password: 'secret-1',
        company_role: 'admin',
      });
      expect(res.status).toBe(403);
    }
  });
});

describe('PUT /users?id=', () => {
  it('lets the company admin change a member’s company role', async () => {
    const res = await change(t.app, '/users', a.as.admin, a.manager.id, {
      company_role: 'agent',
      name: 'Hacked',
      is_platform_admin: true,
    });
    expect(dataOf(res)).toMatchObject({
      user_id: a.manager.id,
      company_role: 'agent',
      name: 'Max Manager',
    });
    await change(t.app, '/users', a.as.admin, a.manager.id, { company_role: 'manager' });
  });

  it('refuses to demote the last admin with a clear 422', async () => {
    const res = await change(t.app, '/users', a.as.admin, a.admin.id, { company_role: 'agent' });
    expect(fieldErrorsOf(res)).toEqual({ company_role: ['A company must keep at least one admin'] });
  });

  it('refuses a manager with 403', async () => {
    const res = await change(t.app, '/users', a.as.manager, a.manager.id, { company_role: 'admin' });
    expect(res.status).toBe(403);
  });

  it('answers 404 for a user of another company and leaves it unchanged', async () => {
    const res = await change(t.app, '/users', b.as.admin, a.manager.id, { company_role: 'admin' });
    expect(res.status).toBe(404);
    const row = (await listUsers(a.as.admin, { search: 'max' })).body.data[0];
    expect(row.company_role).toBe('manager');
  });
});

describe('DELETE /users?id=', () => {
  it('refuses to let an admin remove itself', async () => {
    const res = await call(t.app, 'DELETE', '/users', { as: a.as.admin, query: { id: a.admin.id } });
    expect(fieldErrorsOf(res)).toEqual({ id: ['You cannot remove yourself from the company'] });
  });

  it('refuses to remove the last admin, even for a platform admin acting in the company', async () => {
    const { session } = await platformAdmin(t);
    const res = await call(t.app, 'DELETE', '/users', {
      as: { ...session, companyId: a.company.id },
      query: { id: a.admin.id },
    });
    expect(fieldErrorsOf(res)).toEqual({ id: ['A company must keep at least one admin'] });
  });

  it('refuses a manager with 403 and another company’s admin with 404', async () => {
    expect(
      (await call(t.app, 'DELETE', '/users', { as: a.as.manager, query: { id: a.agent.id } })).status,
    ).toBe(403);
    expect(
      (await call(t.app, 'DELETE', '/users', { as: b.as.admin, query: { id: a.agent.id } })).status,
    ).toBe(404);
    expect((await listUsers(a.as.admin, { search: a.agent.email })).body.data).toHaveLength(1);
  });

  it('removes the member from its company, apps and queues, hands back its open conversations, and refuses its next call', async () => {
    const [customer] = await t.db
      .insert(customers)
      .values({ companyId: a.company.id, name: 'Cy' })
      .returning();
    const base = {
      companyId: a.company.id,
      appId: a.app.id,
      customerId: customer!.id,
      assignedUserId: a.agent.id,
    };
    const [open, resolved] = await t.db
      .insert(conversations)
      .values([
        { ...base, number: 1, status: 'open' as const },
        { ...base, number: 2, status: 'resolved' as const },
      ])
      .returning();
    const res = await call(t.app, 'DELETE', '/users', { as: a.as.admin, query: { id: a.agent.id } });
    expect(res.status).toBe(200);
    const assignee = async (id: number) =>
      (await t.db.select().from(conversations).where(eq(conversations.id, id)))[0]!.assignedUserId;
    expect(await assignee(open!.id)).toBeNull();
    expect(await assignee(resolved!.id)).toBe(a.agent.id);
    expect((await listUsers(a.as.admin, { search: a.agent.email })).body.data).toEqual([]);
    const appMembers = await call(t.app, 'GET', '/app/users', { as: a.as.admin, query: { id: a.app.id } });
    expect(appMembers.body.data).toEqual([]);
    const queueMembers = await call(t.app, 'GET', '/queue/users', {
      as: a.as.admin,
      query: { id: a.queue.id },
    });
    expect(queueMembers.body.data).toEqual([]);
    expect((await listUsers(a.as.agent)).status).toBe(403);
  });
});
