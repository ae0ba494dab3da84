import { Activity } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { before, call, change, type Session, useTestApp } from '../../../test/app.ts';
import { startChat } from '../../../test/portal.ts';
import { platformAdmin, tenantWithSessions } from '../../../test/tenants.ts';

/** `GET /activities` (contract section 11) as a company admin, an agent and another company see it. */
const t = useTestApp();
const s = before(async () => {
  const a = await tenantWithSessions(t);
  const b = await tenantWithSessions(t);
  const pat = await platformAdmin(t);
  return { a, b, pat };
});

const feed = async (as: Session, query: Record<string, string | number> = {}) => {
  const res = await call(t.app, 'GET', '/activities', { as, query });
  expect(res.status).toBe(200);
  return res.body.data.map((x: unknown) => Activity.parse(x)) as Activity[];
};

describe('the activities feed', () => {
  it('shows a company admin every change, newest first, with who did it and a sentence', async () => {
    const { a } = s;
    const made = await call(t.app, 'POST', '/apps', {
      as: a.as.admin,
      body: { app_name: 'Returns Desk', description: '' },
    });
    expect(made.status).toBe(201);
    const appId = made.body.data.app_id;
    await change(t.app, '/apps', a.as.admin, appId, { app_name: 'Returns' });

    const list = await feed(a.as.admin);
    expect(list.slice(0, 2).map((x) => [x.type, x.summary, x.actor.name])).toEqual([
      ['app.updated', 'Updated app “Returns”', a.admin.name],
      ['app.created', 'Created app “Returns Desk”', a.admin.name],
    ]);
    expect(list[0]).toMatchObject({ subject: { type: 'app', id: appId }, impersonator: null });
    const greeting = await call(t.app, 'POST', '/auto-responders', {
      as: a.as.admin,
      body: { app_id: appId, name: 'Hello', trigger: 'conversation_started', message: 'Hi!' },
    });
    expect(greeting.status).toBe(201);
    expect((await feed(a.as.admin, { type: 'auto_responder' })).map((x) => x.summary)).toEqual([
      'Created auto-responder “Hello”',
    ]);
    expect(new Date(list[0]!.created_ts).getTime()).toBeGreaterThanOrEqual(
      new Date(list[1]!.created_ts).getTime(),
    );
  });

  it('names the person and the app of a membership change', async () => {
    const { a } = s;
    const added = await call(t.app, 'POST', '/users', {
      as: a.as.admin,
      body: { name: 'Nia Newcomer', email: 'nia@feed.test', company_role: 'agent' },
    });
    expect(added.status).toBe(201);
    const userId = added.body.data.user_id;
    const member = await call(t.app, 'POST', '/app/users', {
      as: a.as.admin,
      body: { app_id: a.app.id, user_id: userId, role: 'manager' },
    });
    expect(member.status).toBe(201);
    const lines = (await feed(a.as.admin, { limit: 2 })).map((x) => x.summary);
    expect(lines).toEqual([
      `Added “Nia Newcomer” to app “${a.app.name}” as manager`,
      'Added “Nia Newcomer” to the company as agent',
    ]);
  });

  it('shows others only their own actions, and never another company’s', async () => {
    const { a, b } = s;
    const chat = await startChat(t.app, a.app.id, {
      queueId: a.queue.id,
      name: 'Fay',
      email: 'fay@feed.test',
    });
    const reply = await call(t.app, 'POST', '/messages', {
      as: a.as.agent,
      body: { conversation_id: chat.conversationId, content: 'On it.' },
    });
    expect(reply.status).toBe(201);

    const mine = await feed(a.as.agent);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((x) => x.actor.user_id === a.agent.id)).toBe(true);
    expect(mine.map((x) => x.type)).toContain('conversation.replied');
    // Asking for the admin's actions as an agent lists nothing rather than someone else's.
    expect(await feed(a.as.agent, { user_id: a.admin.id })).toEqual([]);

    const theirs = await feed(b.as.admin);
    expect(theirs.some((x) => x.summary.includes('Returns'))).toBe(false);
    const ids = new Set((await feed(a.as.admin, { limit: 100 })).map((x) => x.activity_id));
    expect(theirs.some((x) => ids.has(x.activity_id))).toBe(false);

    // The customer who started the chat is named as its actor.
    const started = (await feed(a.as.admin, { type: 'conversation.created' }))[0];
    expect(started?.actor).toEqual({ user_id: null, name: 'Fay' });
  });

  it('filters by type or family, person and days in the company timezone', async () => {
    const { a } = s;
    expect((await feed(a.as.admin, { type: 'app' })).every((x) => x.type.startsWith('app.'))).toBe(true);
    expect((await feed(a.as.admin, { type: 'app.created' })).map((x) => x.type)).toEqual(['app.created']);
    expect((await feed(a.as.admin, { type: 'ap' })).length).toBe(0);
    expect(
      (await feed(a.as.admin, { user_id: a.agent.id })).every((x) => x.actor.user_id === a.agent.id),
    ).toBe(true);

    // Two entries either side of midnight in Tokyo (UTC+9): 14:59Z is 23:59 on the 1st, 15:00Z the 2nd.
    await t.db.execute(sql`update companies set timezone = 'Asia/Tokyo' where id = ${a.company.id}`);
    await t.db.execute(sql`insert into activities (company_id, actor_user_id, action, entity_type, entity_id, details, created_at)
      values (${a.company.id}, ${a.admin.id}, 'queue.created', 'queue', '1', '{"queue_name":"Late"}', '2026-03-01T14:59:00Z'),
             (${a.company.id}, ${a.admin.id}, 'queue.created', 'queue', '2', '{"queue_name":"Early"}', '2026-03-01T15:00:00Z')`);
    const day = async (from: string, to: string) =>
      (await feed(a.as.admin, { type: 'queue.created', from, to })).map((x) => x.summary);
    expect(await day('2026-03-01', '2026-03-01')).toEqual(['Created queue “Late”']);
    expect(await day('2026-03-02', '2026-03-02')).toEqual(['Created queue “Early”']);
    expect(await day('2026-03-01', '2026-03-02')).toEqual(['Created queue “Early”', 'Created queue “Late”']);
  });

  it('names both people when a platform admin acted as a user', async () => {
    const { a, pat } = s;
    const as = { ...pat.session, companyId: a.company.id, impersonate: a.manager.id };
    const res = await call(t.app, 'POST', '/queues', {
      as,
      body: { app_id: a.app.id, queue_name: 'Escalations' },
    });
    expect(res.status).toBe(201);
    const [entry] = await feed(a.as.admin, { type: 'queue.created', limit: 1 });
    expect(entry).toMatchObject({
      summary: 'Created queue “Escalations”',
      actor: { user_id: a.manager.id, name: a.manager.name },
      impersonator: { user_id: pat.user.id, name: pat.user.name },
    });
  });

  it('answers 422 for a date that does not exist or a range that ends before it starts', async () => {
    const queries: Record<string, string | number>[] = [
      { from: '2026-02-30' },
      { from: '2026-03-02', to: '2026-03-01' },
      { limit: 0 },
    ];
    for (const query of queries) {
      const res = await call(t.app, 'GET', '/activities', { as: s.a.as.admin, query });
      expect(res.status).toBe(422);
    }
  });
});
