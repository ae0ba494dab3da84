import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { before, call, useTestApp } from '../../../test/app.ts';
import * as make from '../../../test/factories.ts';
import { bell, holdNotifications, noteMentioning, notifyNow } from '../../../test/notifications.ts';
import { startChat } from '../../../test/portal.ts';
import { platformAdmin, signIn, tenantWithSessions } from '../../../test/tenants.ts';

/**
 * The bell's badge and the list's totals come from kept counts (`notification_counts`), not from counting a
 * person's rows each time. They must say what the rows say through every way a notification comes, is read
 * or goes: the consumer's batch, each kind of "mark read", a conversation deleted, a user deleted, a company
 * deleted.
 */
const t = useTestApp();
const s = before(async () => {
  await holdNotifications(t);
  const tenant = await tenantWithSessions(t);
  const pa = (await platformAdmin(t)).session;
  return { tenant, pa };
});

/** Every kept count against the rows it counts: what a recount would answer. */
async function drift() {
  const res = await t.db.execute<Record<string, unknown>>(sql`
    with actual as (
      select user_id, company_id, count(*) filter (where in_app)::int as shown,
        count(*) filter (where in_app and read_at is null)::int as unread
      from notifications group by user_id, company_id having count(*) filter (where in_app) > 0
    )
    select coalesce(a.user_id, c.user_id) as user_id, coalesce(a.company_id, c.company_id) as company_id,
      a.shown as actual_shown, c.shown as kept_shown, a.unread as actual_unread, c.unread as kept_unread
    from actual a full join notification_counts c using (user_id, company_id)
    where a.shown is distinct from c.shown or a.unread is distinct from c.unread`);
  return res.rows;
}

/** A conversation of the tenant's queue with a note mentioning `whom`, notified. */
async function mentioned(whom: number[]) {
  const chat = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
  await noteMentioning(t, s.tenant.as.admin, chat.conversationId, whom);
  await notifyNow(t);
  return chat;
}

describe('notification counts', () => {
  it('count what is made and what is read, one, by conversation or all, and page past the end', async () => {
    const start = await bell(t, s.tenant.as.agent);
    const a = await mentioned([s.tenant.agent.id]);
    const b = await mentioned([s.tenant.agent.id]);
    await mentioned([s.tenant.agent.id]);
    const made = await bell(t, s.tenant.as.agent);
    expect(made.meta.total).toBe(start.meta.total + 3);
    expect(made.meta.unread_count).toBe(start.meta.unread_count + 3);
    expect((await bell(t, s.tenant.as.agent, { unread: 'true' })).meta.total).toBe(made.meta.unread_count);

    const ofA = made.data.find((n) => n.conversation_id === a.conversationId)!;
    const one = await call(t.app, 'POST', '/notifications/read', {
      as: s.tenant.as.agent,
      body: { notification_ids: [ofA.notification_id, ofA.notification_id] },
    });
    expect(one.body.data.unread_count).toBe(made.meta.unread_count - 1);
    // Read again: nothing moves.
    const again = await call(t.app, 'POST', '/notifications/read', {
      as: s.tenant.as.agent,
      body: { notification_ids: [ofA.notification_id] },
    });
    expect(again.body.data.unread_count).toBe(made.meta.unread_count - 1);
    const byConversation = await call(t.app, 'POST', '/notifications/read', {
      as: s.tenant.as.agent,
      body: { conversation_id: b.conversationId },
    });
    expect(byConversation.body.data.unread_count).toBe(made.meta.unread_count - 2);

    const unread = await bell(t, s.tenant.as.agent, { unread: 'true' });
    expect(unread.meta.total).toBe(made.meta.unread_count - 2);
    expect(unread.data.map((n) => n.conversation_id)).not.toContain(a.conversationId);
    // A page past the end still says how many there are.
    const past = await bell(t, s.tenant.as.agent, { offset: made.meta.total + 5 });
    expect(past.data).toEqual([]);
    expect(past.meta).toMatchObject({ total: made.meta.total, unread_count: made.meta.unread_count - 2 });

    await call(t.app, 'POST', '/notifications/read', { as: s.tenant.as.agent, body: { all: true } });
    expect((await bell(t, s.tenant.as.agent)).meta).toMatchObject({
      total: made.meta.total,
      unread_count: 0,
    });
    expect(await drift()).toEqual([]);
  });

  it('drop with a deleted conversation, and leave nothing of a deleted user or company', async () => {
    const before = await bell(t, s.tenant.as.manager);
    const gone = await mentioned([s.tenant.manager.id]);
    await mentioned([s.tenant.manager.id]);
    expect((await bell(t, s.tenant.as.manager)).meta.unread_count).toBe(before.meta.unread_count + 2);
    const deleted = await call(t.app, 'DELETE', '/conversations', {
      as: s.tenant.as.admin,
      query: { id: gone.conversationId },
    });
    expect(deleted.status).toBe(200);
    expect((await bell(t, s.tenant.as.manager)).meta).toMatchObject({
      total: before.meta.total + 1,
      unread_count: before.meta.unread_count + 1,
    });

    // A user of two companies, told in both, then deleted.
    const other = await tenantWithSessions(t);
    const temp = await make.createUser(t.db, { name: 'Tess Temp' });
    await make.addCompanyMember(t.db, s.tenant.company.id, temp.id, 'agent');
    await make.addQueueMember(t.db, s.tenant.queue, temp.id, 'member');
    await make.addCompanyMember(t.db, other.company.id, temp.id, 'agent');
    await make.addQueueMember(t.db, other.queue, temp.id, 'member');
    await mentioned([temp.id]);
    const there = await startChat(t.app, other.app.id, { queueId: other.queue.id });
    await noteMentioning(t, other.as.admin, there.conversationId, [temp.id, other.agent.id]);
    await notifyNow(t);
    expect((await bell(t, await signIn(t, temp, other.company))).meta.unread_count).toBe(1);
    expect((await call(t.app, 'DELETE', '/admin/users', { as: s.pa, query: { id: temp.id } })).status).toBe(
      200,
    );
    expect(await drift()).toEqual([]);

    // The other company, with its agent's count, deleted whole.
    expect((await bell(t, other.as.agent)).meta.unread_count).toBe(1);
    const res = await call(t.app, 'DELETE', '/admin/companies', {
      as: s.pa,
      query: { id: other.company.id },
    });
    expect(res.status).toBe(200);
    expect(await drift()).toEqual([]);
    const left = await t.db.execute(sql`
      select 1 from notification_counts where company_id = ${other.company.id} or user_id = ${temp.id}`);
    expect(left.rows).toEqual([]);
  });
});
