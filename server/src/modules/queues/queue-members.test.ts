import type { App, QueueMember } from '@inbox/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, fieldErrorsOf } from '../../../test/answers.ts';
import { before, call, type Session, useTestApp } from '../../../test/app.ts';
import * as make from '../../../test/factories.ts';
import { signIn, tenantWithSessions } from '../../../test/tenants.ts';

const t = useTestApp();
const a = before(() => tenantWithSessions(t));
const b = before(() => tenantWithSessions(t));
let appManager: Session;
let secret: Awaited<ReturnType<typeof make.createQueue>>;

beforeAll(async () => {
  secret = await make.createQueue(t.db, a.app, { name: 'Secret', isPrivate: true });
  const manager = await make.createUser(t.db);
  await make.addCompanyMember(t.db, a.company.id, manager.id, 'agent');
  await make.addAppMember(t.db, a.app, manager.id, 'manager');
  appManager = await signIn(t, manager, a.company);
});

const members = (as: Session, queueId: number) =>
  call(t.app, 'GET', '/queue/users', { as, query: { id: queueId } });
const add = (as: Session, body: Record<string, unknown>) => call(t.app, 'POST', '/queue/users', { as, body });

describe('GET /queue/users?id=', () => {
  it('lists the members with name, email and role to whoever sees the queue', async () => {
    const res = await members(a.as.agent, a.queue.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      data: [
        {
          queue_id: a.queue.id,
          user_id: a.agent.id,
          name: 'Alex Agent',
          email: a.agent.email,
          role: 'member',
        },
      ],
      meta: { total: 1, limit: 50, offset: 0 },
    });
  });

  it('answers 404 for a private queue the agent is not in, and for another company’s queue', async () => {
    expect((await members(a.as.agent, secret.id)).status).toBe(404);
    expect((await members(b.as.admin, a.queue.id)).status).toBe(404);
  });
});

describe('POST /queue/users', () => {
  it('lets an app manager add a company member, and records it', async () => {
    const res = await add(appManager, { queue_id: secret.id, user_id: a.agent.id, role: 'manager' });
    expect(dataOf(res, 201)).toMatchObject({ queue_id: secret.id, user_id: a.agent.id, role: 'manager' });
    expect((await members(a.as.agent, secret.id)).status).toBe(200);
    const logged = await t.db.query.activities.findFirst({
      where: (x, { and, eq }) => and(eq(x.action, 'queue_member.added'), eq(x.entityId, String(secret.id))),
    });
    expect(logged?.companyId).toBe(a.company.id);
  });

  it('makes a company member without an app role see the app as an agent', async () => {
    const other = await make.createApp(t.db, a.company.id, { name: 'Other' });
    const queue = await make.createQueue(t.db, other);
    const newcomer = await make.createUser(t.db);
    await make.addCompanyMember(t.db, a.company.id, newcomer.id, 'agent');
    const session = await signIn(t, newcomer, a.company);
    expect((await call(t.app, 'GET', '/apps', { as: session })).body.data).toEqual([]);
    expect((await add(a.as.admin, { queue_id: queue.id, user_id: newcomer.id })).status).toBe(201);
    const apps = (await call(t.app, 'GET', '/apps', { as: session })).body.data as App[];
    expect(apps.map((x) => [x.app_id, x.role])).toEqual([[other.id, 'agent']]);
  });

  it('answers 409 when the user is already in the queue', async () => {
    const res = await add(a.as.admin, { queue_id: a.queue.id, user_id: a.agent.id, role: 'member' });
    expect(res.status).toBe(409);
  });

  it('answers 422 on user_id for a user outside the company', async () => {
    const res = await add(a.as.admin, { queue_id: a.queue.id, user_id: b.agent.id, role: 'member' });
    expect(fieldErrorsOf(res)).toEqual({ user_id: ['The user is not a member of this company'] });
  });

  it('refuses an agent with 403', async () => {
    const res = await add(a.as.agent, { queue_id: a.queue.id, user_id: a.manager.id, role: 'member' });
    expect(res.status).toBe(403);
  });
});

describe('PUT and DELETE /queue/users?id=&user_id=', () => {
  it('lets an app manager change a member’s queue role', async () => {
    const res = await call(t.app, 'PUT', '/queue/users', {
      as: appManager,
      query: { id: a.queue.id, user_id: a.agent.id },
      body: { role: 'manager' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.role).toBe('manager');
  });

  it('answers 404 for a user who is not in the queue', async () => {
    const res = await call(t.app, 'DELETE', '/queue/users', {
      as: a.as.admin,
      query: { id: a.queue.id, user_id: a.manager.id },
    });
    expect(res.status).toBe(404);
  });

  it('refuses an agent with 403', async () => {
    const res = await call(t.app, 'DELETE', '/queue/users', {
      as: a.as.agent,
      query: { id: a.queue.id, user_id: a.agent.id },
    });
    expect(res.status).toBe(403);
  });

  it('answers 404 to another company’s admin for every write, and leaves the members unchanged', async () => {
    const before = (await members(a.as.admin, a.queue.id)).body.data as QueueMember[];
    const attempts = [
      add(b.as.admin, { queue_id: a.queue.id, user_id: b.agent.id, role: 'manager' }),
      call(t.app, 'PUT', '/queue/users', {
        as: b.as.admin,
        query: { id: a.queue.id, user_id: a.agent.id },
        body: { role: 'member' },
      }),
      call(t.app, 'DELETE', '/queue/users', {
        as: b.as.admin,
        query: { id: a.queue.id, user_id: a.agent.id },
      }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    expect((await members(a.as.admin, a.queue.id)).body.data).toEqual(before);
  });

  it('lets an app manager remove a member', async () => {
    const res = await call(t.app, 'DELETE', '/queue/users', {
      as: appManager,
      query: { id: secret.id, user_id: a.agent.id },
    });
    expect(res.status).toBe(200);
    expect((await members(a.as.agent, secret.id)).status).toBe(404);
  });
});
