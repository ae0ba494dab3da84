import type { App, Queue } from '@inbox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf } from '../../../test/answers.ts';
import { before, call, change, type Session, useTestApp } from '../../../test/app.ts';
import { createApp } from '../../../test/factories.ts';
import { platformAdmin, tenantWithSessions } from '../../../test/tenants.ts';

const t = useTestApp();
const a = before(() => tenantWithSessions(t));
const b = before(() => tenantWithSessions(t));
let pa: Session;
beforeAll(async () => {
  pa = (await platformAdmin(t)).session;
});

const get = (path: string, query: Record<string, string | number> = {}) =>
  call(t.app, 'GET', path, { as: pa, query });

describe('/admin/apps', () => {
  it('lists the apps of all companies, filtered by company_id and search, with no role', async () => {
    const all = await get('/admin/apps');
    expect(all.status).toBe(200);
    expect(all.body.data.map((x: App) => x.app_id).sort()).toEqual([a.app.id, b.app.id].sort());
    expect(all.body.data[0].role).toBeNull();
    const ofB = await get('/admin/apps', { company_id: b.company.id });
    expect(ofB.body.data.map((x: App) => x.app_id)).toEqual([b.app.id]);
    await createApp(t.db, b.company.id, { name: 'Searchable Widget' });
    const found = await get('/admin/apps', { search: 'widget' });
    expect(found.body.data.map((x: App) => x.app_name)).toEqual(['Searchable Widget']);
  });

  it('creates an app in the named company, changes it and deletes it', async () => {
    const created = await call(t.app, 'POST', '/admin/apps', {
      as: pa,
      body: { company_id: a.company.id, app_name: 'Portal', description: 'Web portal', is_active: false },
    });
    expect(dataOf(created, 201)).toMatchObject({
      company_id: a.company.id,
      app_name: 'Portal',
      description: 'Web portal',
      is_active: false,
      role: null,
    });
    const id = created.body.data.app_id;
    const logged = await t.db.query.activities.findFirst({
      where: (x, { and, eq }) => and(eq(x.action, 'app.created'), eq(x.entityId, String(id))),
    });
    expect(logged?.companyId).toBe(a.company.id);
    const changed = await call(t.app, 'PUT', '/admin/apps', {
      as: pa,
      query: { id },
      body: { is_active: true },
    });
    expect(changed.body.data).toMatchObject({ app_id: id, is_active: true, app_name: 'Portal' });
    expect((await get('/admin/apps', { id })).body.data.app_id).toBe(id);
    expect((await call(t.app, 'DELETE', '/admin/apps', { as: pa, query: { id } })).status).toBe(200);
    expect((await get('/admin/apps', { id })).status).toBe(404);
  });

  it('answers 404 for an unknown company or app id', async () => {
    const tries = [
      call(t.app, 'POST', '/admin/apps', { as: pa, body: { company_id: 999999, app_name: 'X' } }),
      change(t.app, '/admin/apps', pa, 999999, { app_name: 'X' }),
      call(t.app, 'DELETE', '/admin/apps', { as: pa, query: { id: 999999 } }),
      get('/admin/apps', { id: 999999 }),
    ];
    for (const res of await Promise.all(tries)) expect(res.status).toBe(404);
  });

  it('refuses a company admin with 403', async () => {
    expect((await call(t.app, 'GET', '/admin/apps', { as: a.as.admin })).status).toBe(403);
    const res = await call(t.app, 'POST', '/admin/apps', {
      as: a.as.admin,
      body: { company_id: a.company.id, app_name: 'X' },
    });
    expect(res.status).toBe(403);
  });
});

describe('/admin/queues', () => {
  it('lists queues of all companies, filtered by company_id and app_id', async () => {
    const all = await get('/admin/queues');
    expect(all.body.data.map((q: Queue) => q.queue_id).sort()).toEqual([a.queue.id, b.queue.id].sort());
    expect(
      (await get('/admin/queues', { company_id: a.company.id })).body.data.map((q: Queue) => q.queue_id),
    ).toEqual([a.queue.id]);
    expect(
      (await get('/admin/queues', { app_id: b.app.id })).body.data.map((q: Queue) => q.queue_id),
    ).toEqual([b.queue.id]);
  });

  it('creates a queue in the app’s company, changes it and deletes it', async () => {
    const created = await call(t.app, 'POST', '/admin/queues', {
      as: pa,
      body: { app_id: b.app.id, queue_name: 'VIP', is_private: true, company_id: a.company.id },
    });
    expect(dataOf(created, 201)).toMatchObject({
      app_id: b.app.id,
      company_id: b.company.id,
      is_private: true,
    });
    const id = created.body.data.queue_id;
    const changed = await call(t.app, 'PUT', '/admin/queues', {
      as: pa,
      query: { id },
      body: { queue_name: 'VIP 2' },
    });
    expect(changed.body.data.queue_name).toBe('VIP 2');
    expect((await get('/admin/queues', { id })).body.data.queue_name).toBe('VIP 2');
    expect((await call(t.app, 'DELETE', '/admin/queues', { as: pa, query: { id } })).status).toBe(200);
    expect((await get('/admin/queues', { id })).status).toBe(404);
  });

  it('answers 404 for an unknown app or queue id, and 422 for a blank name', async () => {
    const tries = [
      call(t.app, 'POST', '/admin/queues', { as: pa, body: { app_id: 999999, queue_name: 'X' } }),
      change(t.app, '/admin/queues', pa, 999999, {}),
      call(t.app, 'DELETE', '/admin/queues', { as: pa, query: { id: 999999 } }),
    ];
    for (const res of await Promise.all(tries)) expect(res.status).toBe(404);
    const blank = await call(t.app, 'POST', '/admin/queues', {
      as: pa,
      body: { app_id: a.app.id, queue_name: ' ' },
    });
    expect(blank.body.errors).toEqual({ queue_name: ['Queue name is required'] });
  });

  it('refuses a company manager and a company admin with 403', async () => {
    expect((await call(t.app, 'GET', '/admin/queues', { as: a.as.manager })).status).toBe(403);
    expect(
      (await call(t.app, 'DELETE', '/admin/queues', { as: a.as.admin, query: { id: a.queue.id } })).status,
    ).toBe(403);
  });
});
