import type { Queue } from '@inbox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, fieldErrorsOf } from '../../../test/answers.ts';
import { before, call, change, type Session, useTestApp } from '../../../test/app.ts';
import * as make from '../../../test/factories.ts';
import { signIn, tenantWithSessions } from '../../../test/tenants.ts';

const t = useTestApp();
const a = before(() => tenantWithSessions(t));
const b = before(() => tenantWithSessions(t));
let appManager: Session;
type QueueRow = Awaited<ReturnType<typeof make.createQueue>>;
let secret: QueueRow;
let mine: QueueRow;
let elsewhere: QueueRow;

beforeAll(async () => {
  secret = await make.createQueue(t.db, a.app, { name: 'Secret', isPrivate: true });
  mine = await make.createQueue(t.db, a.app, { name: 'Mine', isPrivate: true });
  await make.addQueueMember(t.db, mine, a.agent.id);
  elsewhere = await make.createQueue(t.db, await make.createApp(t.db, a.company.id), { name: 'Elsewhere' });
  const manager = await make.createUser(t.db);
  await make.addCompanyMember(t.db, a.company.id, manager.id, 'agent');
  await make.addAppMember(t.db, a.app, manager.id, 'manager');
  appManager = await signIn(t, manager, a.company);
});

const ids = (res: { body: { data: Queue[] } }) => res.body.data.map((q) => q.queue_id).sort((x, y) => x - y);
const sorted = (...list: number[]) => list.sort((x, y) => x - y);
const getQueues = (as: Session, query: Record<string, number> = {}) =>
  call(t.app, 'GET', '/queues', { as, query });

describe('GET /queues', () => {
  it('shows a company admin every queue of the company, with members_count', async () => {
    const res = await getQueues(a.as.admin);
    expect(res.status).toBe(200);
    expect(ids(res)).toEqual(sorted(a.queue.id, secret.id, mine.id, elsewhere.id));
    expect(res.body.meta).toEqual({ total: 4, limit: 50, offset: 0 });
    const own = res.body.data.find((q: Queue) => q.queue_id === mine.id);
    expect(own).toMatchObject({
      app_id: a.app.id,
      company_id: a.company.id,
      is_private: true,
      members_count: 1,
    });
  });

  it('shows an app manager every queue of its app, private ones included', async () => {
    expect(ids(await getQueues(appManager))).toEqual(sorted(a.queue.id, secret.id, mine.id));
  });

  it('shows an agent the public queues of its apps and the private queues it belongs to', async () => {
    expect(ids(await getQueues(a.as.agent))).toEqual(sorted(a.queue.id, mine.id));
  });

  it('filters by app_id, and answers 404 for an app out of sight or of another company', async () => {
    expect(ids(await getQueues(a.as.admin, { app_id: elsewhere.appId }))).toEqual([elsewhere.id]);
    expect((await getQueues(a.as.agent, { app_id: elsewhere.appId })).status).toBe(404);
    expect((await getQueues(b.as.admin, { app_id: a.app.id })).status).toBe(404);
  });

  it('never lists another company’s queues, and refuses a foreign X-Company-Id with 403', async () => {
    expect(ids(await getQueues(b.as.admin))).toEqual([b.queue.id]);
    expect((await getQueues({ ...b.as.admin, companyId: a.company.id })).status).toBe(403);
  });
});

describe('POST /queues', () => {
  it('lets an app manager create a queue in its app, ignoring a company_id in the body', async () => {
    const res = await call(t.app, 'POST', '/queues', {
      as: appManager,
      body: { app_id: a.app.id, queue_name: 'Billing', is_private: true, company_id: b.company.id },
    });
    expect(dataOf(res, 201)).toMatchObject({
      app_id: a.app.id,
      company_id: a.company.id,
      queue_name: 'Billing',
      description: '',
      is_private: true,
      is_active: true,
      members_count: 0,
    });
    const logged = await t.db.query.activities.findFirst({
      where: (x, { and, eq }) =>
        and(eq(x.action, 'queue.created'), eq(x.entityId, String(res.body.data.queue_id))),
    });
    expect(logged?.companyId).toBe(a.company.id);
  });

  it('refuses an agent with 403', async () => {
    const res = await call(t.app, 'POST', '/queues', {
      as: a.as.agent,
      body: { app_id: a.app.id, queue_name: 'X' },
    });
    expect(res.status).toBe(403);
  });

  it('answers 422 "Queue name is required" for a blank name', async () => {
    const res = await call(t.app, 'POST', '/queues', {
      as: a.as.admin,
      body: { app_id: a.app.id, queue_name: '' },
    });
    expect(fieldErrorsOf(res)).toEqual({ queue_name: ['Queue name is required'] });
  });

  it('answers 404 to another company’s admin naming this company’s app, and creates nothing', async () => {
    const before = ids(await getQueues(a.as.admin));
    const res = await call(t.app, 'POST', '/queues', {
      as: b.as.admin,
      body: { app_id: a.app.id, queue_name: 'X' },
    });
    expect(res.status).toBe(404);
    expect(ids(await getQueues(a.as.admin))).toEqual(before);
  });
});

describe('PUT and DELETE /queues?id=', () => {
  it('lets an app manager change a queue', async () => {
    const res = await change(t.app, '/queues', appManager, a.queue.id, {
      queue_name: 'Front desk',
      description: 'First line',
      is_active: false,
    });
    expect(dataOf(res)).toMatchObject({
      queue_name: 'Front desk',
      description: 'First line',
      is_active: false,
    });
  });

  it('refuses an agent with 403 on a queue it sees, and 404 on a private queue it is not in', async () => {
    const seen = await change(t.app, '/queues', a.as.agent, mine.id, { queue_name: 'X' });
    expect(seen.status).toBe(403);
    const unseen = await call(t.app, 'DELETE', '/queues', { as: a.as.agent, query: { id: secret.id } });
    expect(unseen.status).toBe(404);
  });

  it('answers 404 to another company’s admin and leaves the queue unchanged', async () => {
    const before = (await getQueues(a.as.admin)).body.data;
    const put = await change(t.app, '/queues', b.as.admin, secret.id, { queue_name: 'X' });
    const del = await call(t.app, 'DELETE', '/queues', { as: b.as.admin, query: { id: secret.id } });
    expect([put.status, del.status]).toEqual([404, 404]);
    expect((await getQueues(a.as.admin)).body.data).toEqual(before);
  });

  it('lets an app manager delete a queue', async () => {
    const res = await call(t.app, 'DELETE', '/queues', { as: appManager, query: { id: secret.id } });
    expect(res.status).toBe(200);
    expect(ids(await getQueues(a.as.admin))).not.toContain(secret.id);
  });
});
