import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, fieldErrorsOf } from '../../../test/answers.ts';
import { before, call, type Session, useTestApp } from '../../../test/app.ts';
import * as make from '../../../test/factories.ts';
import { platformAdmin, tenantWithSessions } from '../../../test/tenants.ts';
import { appMembers, companyMembers, queueMembers } from '../../db/schema/index.ts';

const t = useTestApp();
const a = before(() => tenantWithSessions(t));
const b = before(() => tenantWithSessions(t));
let pa: Session;
let drifter: Awaited<ReturnType<typeof make.createUser>>;
beforeAll(async () => {
  pa = (await platformAdmin(t)).session;
  drifter = await make.createUser(t.db, { name: 'Dana Drifter' });
});

const send = (method: 'POST' | 'PUT', path: string, body: Record<string, unknown>) =>
  call(t.app, method, path, { as: pa, body });
/** A membership call in the request's own field names: `/admin/user-{kind}` with `{kind}_id` and `{kind}_role`. */
const link = (
  method: 'POST' | 'PUT',
  kind: 'company' | 'app' | 'queue',
  userId: number,
  id: number,
  role: string,
) => send(method, `/admin/user-${kind}`, { user_id: userId, [`${kind}_id`]: id, [`${kind}_role`]: role });
const remove = (path: string, query: Record<string, number>) =>
  call(t.app, 'DELETE', path, { as: pa, query });
const lastActivity = (action: string) =>
  t.db.query.activities.findFirst({
    where: (x, { eq }) => eq(x.action, action),
    orderBy: (x, { desc }) => desc(x.id),
  });

describe('/admin/user-company', () => {
  it('adds a user to a company (201), answers 409 the second time, and records it against the company', async () => {
    const body = { user_id: drifter.id, company_id: a.company.id, company_role: 'agent' };
    const res = await send('POST', '/admin/user-company', body);
    expect(dataOf(res, 201)).toEqual(body);
    expect((await lastActivity('company_member.added'))?.companyId).toBe(a.company.id);
    expect((await send('POST', '/admin/user-company', body)).status).toBe(409);
  });

  it('changes the company role, and answers 404 when the user is not a member', async () => {
    const res = await link('PUT', 'company', drifter.id, a.company.id, 'manager');
    expect(res.status).toBe(200);
    expect(res.body.data.company_role).toBe('manager');
    const missing = await link('PUT', 'company', drifter.id, b.company.id, 'agent');
    expect(missing.status).toBe(404);
  });

  it('answers 404 for an unknown user or company, and 422 for an unknown role', async () => {
    expect((await link('POST', 'company', 999999, a.company.id, 'agent')).status).toBe(404);
    expect((await link('POST', 'company', drifter.id, 999999, 'agent')).status).toBe(404);
    const bad = await link('POST', 'company', drifter.id, b.company.id, 'owner');
    expect(fieldErrorsOf(bad).company_role).toBeDefined();
  });
});

describe('/admin/user-app', () => {
  it('gives a company member an app role; the company comes from the app', async () => {
    const res = await link('POST', 'app', drifter.id, a.app.id, 'manager');
    expect(dataOf(res, 201)).toEqual({
      user_id: drifter.id,
      app_id: a.app.id,
      company_id: a.company.id,
      app_role: 'manager',
    });
    expect((await lastActivity('app_member.added'))?.companyId).toBe(a.company.id);
    const again = await link('POST', 'app', drifter.id, a.app.id, 'agent');
    expect(again.status).toBe(409);
  });

  it('answers 422 on company_id when it names another company than the app’s', async () => {
    const res = await send('PUT', '/admin/user-app', {
      user_id: drifter.id,
      app_id: a.app.id,
      app_role: 'admin',
      company_id: b.company.id,
    });
    expect(fieldErrorsOf(res)).toEqual({ company_id: ['The app does not belong to this company'] });
  });

  it('answers 422 on user_id for a user outside the app’s company', async () => {
    const res = await link('POST', 'app', drifter.id, b.app.id, 'agent');
    expect(fieldErrorsOf(res)).toEqual({ user_id: ['The user is not a member of this company'] });
  });

  it('changes the app role, then removes the membership; unknown ids answer 404', async () => {
    const res = await send('PUT', '/admin/user-app', {
      user_id: drifter.id,
      app_id: a.app.id,
      app_role: 'admin',
      company_id: a.company.id,
    });
    expect(res.body.data.app_role).toBe('admin');
    expect((await link('PUT', 'app', a.admin.id, a.app.id, 'agent')).status).toBe(404);
    expect((await link('POST', 'app', drifter.id, 999999, 'agent')).status).toBe(404);
    expect((await remove('/admin/user-app', { user_id: drifter.id, app_id: a.app.id })).status).toBe(200);
    expect((await remove('/admin/user-app', { user_id: drifter.id, app_id: a.app.id })).status).toBe(404);
  });
});

describe('/admin/user-queue', () => {
  it('adds a company member to a queue, changes its role and removes it', async () => {
    const body = { user_id: drifter.id, queue_id: a.queue.id, queue_role: 'member' };
    const res = await send('POST', '/admin/user-queue', body);
    expect(dataOf(res, 201)).toEqual({ ...body, company_id: a.company.id });
    const changed = await send('PUT', '/admin/user-queue', { ...body, queue_role: 'manager' });
    expect(changed.body.data.queue_role).toBe('manager');
    expect((await remove('/admin/user-queue', { user_id: drifter.id, queue_id: a.queue.id })).status).toBe(
      200,
    );
  });

  it('answers 422 on user_id for a user outside the queue’s company, and 404 for unknown ids', async () => {
    const outside = await link('POST', 'queue', drifter.id, b.queue.id, 'member');
    expect(fieldErrorsOf(outside)).toEqual({ user_id: ['The user is not a member of this company'] });
    expect((await link('POST', 'queue', drifter.id, 999999, 'member')).status).toBe(404);
    expect((await link('POST', 'queue', 999999, a.queue.id, 'member')).status).toBe(404);
  });
});

describe('DELETE /admin/user-company', () => {
  it('removes the company membership with the user’s app and queue memberships there, and nowhere else', async () => {
    await make.addCompanyMember(t.db, b.company.id, drifter.id, 'agent');
    const bQueue = await make.createQueue(t.db, b.app);
    await link('POST', 'app', drifter.id, b.app.id, 'agent');
    await link('POST', 'queue', drifter.id, bQueue.id, 'member');
    const aApp = await make.createApp(t.db, a.company.id);
    await link('POST', 'app', drifter.id, aApp.id, 'agent');
    await link('POST', 'queue', drifter.id, a.queue.id, 'member');

    const res = await remove('/admin/user-company', { user_id: drifter.id, company_id: a.company.id });
    expect(res.status).toBe(200);
    const left = async (table: typeof companyMembers | typeof appMembers | typeof queueMembers) =>
      (await t.db.select({ c: table.companyId }).from(table).where(eq(table.userId, drifter.id))).map(
        (r) => r.c,
      );
    expect(await left(companyMembers)).toEqual([b.company.id]);
    expect(await left(appMembers)).toEqual([b.company.id]);
    expect(await left(queueMembers)).toEqual([b.company.id]);
    expect((await lastActivity('company_member.removed'))?.companyId).toBe(a.company.id);
    expect(
      (await remove('/admin/user-company', { user_id: drifter.id, company_id: a.company.id })).status,
    ).toBe(404);
  });

  it('lets a platform admin remove even a company’s last admin', async () => {
    const res = await remove('/admin/user-company', { user_id: b.admin.id, company_id: b.company.id });
    expect(res.status).toBe(200);
    const rows = await t.db
      .select()
      .from(companyMembers)
      .where(and(eq(companyMembers.companyId, b.company.id), eq(companyMembers.role, 'admin')));
    expect(rows).toEqual([]);
  });
});

describe('membership endpoints and non-admins', () => {
  it('refuse a company admin with 403', async () => {
    const tries = [
      call(t.app, 'POST', '/admin/user-company', {
        as: a.as.admin,
        body: { user_id: a.admin.id, company_id: b.company.id, company_role: 'admin' },
      }),
      call(t.app, 'PUT', '/admin/user-app', {
        as: a.as.admin,
        body: { user_id: a.admin.id, app_id: b.app.id, app_role: 'admin' },
      }),
      call(t.app, 'DELETE', '/admin/user-queue', {
        as: a.as.admin,
        query: { user_id: b.agent.id, queue_id: b.queue.id },
      }),
    ];
    for (const res of await Promise.all(tries)) expect(res.status).toBe(403);
  });
});
