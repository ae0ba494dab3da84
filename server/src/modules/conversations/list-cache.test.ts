import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Inbox, useInbox } from '../../../test/conversations.ts';

const { x, poll, ids, freshApp } = useInbox();
const exec = (query: ReturnType<typeof sql>) => x.t.db.execute(query);

/** A poll's row for one conversation. */
const rowOf = async (who: keyof Inbox['sessions'], appId: number, conversationId: number) => {
  const list = await poll(who, { app_id: appId });
  return list.conversations.find((c) => c.conversation_id === conversationId) as
    | (Record<string, unknown> & { unread_count: number; status: string })
    | undefined;
};

describe('the inbox list between changes (the per-process list cache)', () => {
  it('answers an unchanged inbox from memory: a write that moves no version is not seen', async () => {
    const { app, chat } = await freshApp('Untracked');
    const c = await chat({ name: 'Una Tracked' });
    const first = await poll('agent', { app_id: app.id });
    // Bypasses every event and trigger on purpose: only a cached answer can still say "open" after it.
    await exec(sql`update conversations set status = 'pending' where id = ${c.conversationId}`);
    expect(await poll('agent', { app_id: app.id })).toEqual(first);
    // Another viewer, or the same viewer with another filter, computes its own answer.
    expect((await rowOf('admin', app.id, c.conversationId))?.status).toBe('pending');
    expect((await poll('agent', { app_id: app.id, limit: 10 })).conversations[0]?.status).toBe('pending');
  });

  it('shows each change that writes an event on the very next poll', async () => {
    const { app, chat } = await freshApp('Tracked');
    const c = await chat({ name: 'Tia Tracked', message: 'First' });
    const agent = x.as(x.sessions.agent);
    expect((await rowOf('agent', app.id, c.conversationId))?.unread_count).toBe(1);

    await agent('POST', '/conversation/read', { body: { conversation_id: c.conversationId } });
    expect((await rowOf('agent', app.id, c.conversationId))?.unread_count).toBe(0);

    await agent('POST', '/conversation/assign', {
      body: { conversation_id: c.conversationId, user_id: x.users.agent.id },
    });
    expect(await rowOf('agent', app.id, c.conversationId)).toMatchObject({
      assigned_user: { user_id: x.users.agent.id },
    });

    await agent('POST', '/messages', { body: { conversation_id: c.conversationId, content: 'On it' } });
    expect(await rowOf('agent', app.id, c.conversationId)).toMatchObject({
      last_message: { content: 'On it', sender_type: 'agent' },
    });

    await x.as(x.sessions.admin)('POST', '/conversation/resolve', {
      body: { conversation_id: c.conversationId },
    });
    expect((await rowOf('agent', app.id, c.conversationId))?.status).toBe('resolved');
  });

  it('never serves an older list after a change written by another path commits', async () => {
    const { app, chat } = await freshApp('Pending ids');
    const c = await chat({ name: 'Pia Pending' });
    expect((await rowOf('agent', app.id, c.conversationId))?.status).toBe('open');
    // As a writer on another process commits: the change and its event, announced by no one yet.
    await exec(sql`with moved as (
        update conversations set status = 'pending' where id = ${c.conversationId} returning company_id, app_id
      )
      insert into events (type, company_id, app_id, conversation_id, actor_type, data)
      select 'conversation.status_changed', company_id, app_id, ${c.conversationId}, 'system', '{}' from moved`);
    expect((await rowOf('agent', app.id, c.conversationId))?.status).toBe('pending');
    expect((await rowOf('agent', app.id, c.conversationId))?.status).toBe('pending');
  });

  it('follows changes that write no event: names, memberships and deletions, by any path', async () => {
    const { app, queue, chat } = await freshApp('Names');
    const c = await chat({ name: 'Nora Named', email: 'nora@example.test' });
    await x.as(x.sessions.admin)('POST', '/conversation/assign', {
      body: { conversation_id: c.conversationId, user_id: x.users.admin.id },
    });
    const seen = () => rowOf('agent', app.id, c.conversationId);
    expect(await seen()).toMatchObject({ app_name: 'Names', queue_name: 'Names queue' });

    await exec(sql`update apps set name = 'Renamed app' where id = ${app.id}`);
    expect(await seen()).toMatchObject({ app_name: 'Renamed app' });
    await exec(sql`update queues set name = 'Renamed queue' where id = ${queue.id}`);
    expect(await seen()).toMatchObject({ queue_name: 'Renamed queue' });
    await exec(sql`update users set name = 'Ada Renamed' where id = ${x.users.admin.id}`);
    expect(await seen()).toMatchObject({ assigned_user: { name: 'Ada Renamed' } });
    await exec(sql`update customers set name = 'Nora Renamed' where id = (
      select customer_id from conversations where id = ${c.conversationId})`);
    expect(await seen()).toMatchObject({ customer: { name: 'Nora Renamed' } });
    expect(ids((await poll('agent', { search: 'Renamed' })).conversations)).toContain(c.conversationId);

    // Out of the agent's reach once the queue membership goes (the conversation is someone else's).
    await exec(sql`delete from queue_members where queue_id = ${queue.id} and user_id = ${x.users.agent.id}`);
    expect(await seen()).toBeUndefined();
    expect(await rowOf('admin', app.id, c.conversationId)).toBeDefined();
    // A deleted customer takes its conversations along (a cascade writes no event).
    await exec(sql`delete from customers where id = (
      select customer_id from conversations where id = ${c.conversationId})`);
    expect(await rowOf('admin', app.id, c.conversationId)).toBeUndefined();
  });

  it('keeps no answer across companies or viewers', async () => {
    const { app, chat } = await freshApp('Viewers');
    const c = await chat({ name: 'Vic Viewer' });
    const admin = await poll('admin', { app_id: app.id });
    expect(ids(admin.conversations)).toEqual([c.conversationId]);
    // The other company's admin asks the same question of its own company.
    const stranger = await x.as(x.sessions.stranger)('GET', '/conversation/poll', {
      query: { app_id: app.id },
    });
    expect(stranger.status).toBe(404);
    expect((await poll('otherAppAgent', {})).conversations.map((r) => r.conversation_id)).not.toContain(
      c.conversationId,
    );
  });
});
