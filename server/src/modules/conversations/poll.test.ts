import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../test/answers.ts';
import { useInbox } from '../../../test/conversations.ts';
import { conversations } from '../../db/schema/index.ts';

const { x, poll, ids, freshApp } = useInbox();

describe('the inbox list', () => {
  it('answers the contract’s summary, latest activity first', async () => {
    const { app, chat } = await freshApp('Shapes');
    const first = await chat({ name: 'Ada First', email: 'ada.first@example.test', message: 'Hello' });
    const second = await chat({ name: 'Bob Second' });
    const data = await poll('agent', { app_id: app.id });
    expect(ids(data.conversations)).toEqual([second.conversationId, first.conversationId]);
    expect(data.total).toBe(2);
    expect(data.conversation).toBeUndefined();
    expect(data.conversations[1]).toMatchObject({
      conversation_id: first.conversationId,
      app_id: app.id,
      app_name: 'Shapes',
      queue_name: 'Shapes queue',
      channel: 'portal',
      status: 'open',
      is_resolved: false,
      customer: { name: 'Ada First', email: 'ada.first@example.test' },
      assigned_user: null,
      last_message: { content: 'Hello', sender_type: 'customer', is_private: false },
      unread_count: 1,
    });
    expect(typeof data.conversations[1]!.conversation_id).toBe('number');
    await x.as(x.sessions.agent)('POST', '/messages', {
      body: { conversation_id: first.conversationId, content: 'Hi Ada' },
    });
    const after = await poll('agent', { app_id: app.id });
    expect(ids(after.conversations)).toEqual([first.conversationId, second.conversationId]);
  });

  it('filters by status, queue and assignee (me, none, any, a user)', async () => {
    const { app, queue, chat } = await freshApp('Filters');
    const open = await chat({ name: 'Open One' });
    const pending = await chat({ name: 'Pending Pam' });
    const resolved = await chat({ name: 'Resolved Rex' });
    const agent = x.as(x.sessions.agent);
    await agent('POST', '/messages', { body: { conversation_id: pending.conversationId, content: 'On it' } });
    await agent('POST', '/conversation/assign', {
      body: { conversation_id: pending.conversationId, user_id: x.users.agent.id },
    });
    await agent('POST', '/conversation/assign', {
      body: { conversation_id: resolved.conversationId, user_id: x.users.admin.id },
    });
    await x.as(x.sessions.admin)('POST', '/conversation/resolve', {
      body: { conversation_id: resolved.conversationId },
    });
    const q = (query: Record<string, string | number>) => poll('admin', { app_id: app.id, ...query });

    expect(ids((await q({ status: 'open' })).conversations)).toEqual([open.conversationId]);
    expect(ids((await q({ status: 'open,pending' })).conversations).sort()).toEqual(
      [open.conversationId, pending.conversationId].sort(),
    );
    expect(ids((await q({ queue_id: queue.id, status: 'resolved' })).conversations)).toEqual([
      resolved.conversationId,
    ]);
    expect(ids((await q({ assigned_user_id: 'none' })).conversations)).toEqual([open.conversationId]);
    expect(ids((await q({ assigned_user_id: 'me' })).conversations)).toEqual([resolved.conversationId]);
    expect(ids((await q({ assigned_user_id: x.users.agent.id })).conversations)).toEqual([
      pending.conversationId,
    ]);
    expect((await q({ assigned_user_id: 'any' })).total).toBe(2);
    expect((await q({ status: '', assigned_user_id: '', search: '' })).total).toBe(3);
    // Malformed filters answer the product's sentence for the field, not the validator's own wording.
    const refused = async (query: Record<string, string>) =>
      fieldErrorsOf(await x.as(x.sessions.admin)('GET', '/conversation/poll', { query }));
    // One sentence for the field, however many of its values are wrong.
    expect(await refused({ status: 'open,done,later' })).toEqual({
      status: ['Status must be open, pending, resolved, closed or snoozed'],
    });
    expect(await refused({ assigned_user_id: '-3' })).toEqual({
      assigned_user_id: ['Assignee must be me, none, any or a user id'],
    });
    expect(await refused({ app_id: 'x', limit: '0', offset: '1.5' })).toEqual({
      app_id: ['Not an id: ids are whole numbers above 0'],
      limit: ['Limit must be a whole number from 1 to 100'],
      offset: ['Offset must be a whole number, 0 or more'],
    });
  });

  it('keeps a cursor page’s numbers exact when more than twice the cap arrived above the cursor', async () => {
    const { app, queue, chat } = await freshApp('Grown');
    const first = await chat({ name: 'Gus Grown' });
    const [row] = await x.t.db.select().from(conversations).where(eq(conversations.id, first.conversationId));
    // Conversations of the same customer written directly, `minutes` ago: only their place matters here.
    const more = (n: number, minutes: number) =>
      x.t.db.execute(sql`
        with start as (select last_conversation_number as n from companies where id = ${x.company.id}),
        made as (
          insert into conversations (company_id, app_id, queue_id, customer_id, number, channel, status,
            last_activity_at)
          select ${x.company.id}, ${app.id}, ${queue.id}, ${row!.customerId}, start.n + g, 'portal', 'open',
            now() - make_interval(mins => ${minutes}, secs => g)
          from start, generate_series(1, ${n}) g
          returning number)
        update companies set last_conversation_number = (select max(number) from made) where id = ${x.company.id}`);
    await more(99, 60);
    const top = await poll('admin', { app_id: app.id, limit: 50 });
    expect(top.total).toBe(100);
    // 2,100 newer ones: the walk above the cursor stops at 2,001 (twice the cap), so the rest is counted apart.
    await more(2100, 0);
    const next = await poll('admin', { app_id: app.id, limit: 50, offset: 50, after: top.next_cursor! });
    expect(ids(next.conversations)).not.toContain(first.conversationId);
    expect(next.conversations).toHaveLength(50);
    expect(next.total).toBe(100);
    expect(next.total_capped).toBeUndefined();
  });

  it('counts a big list exactly from its groups, near the top from a cursor too; in a search only so far past the page', async () => {
    const { app, queue, chat } = await freshApp('Big');
    const first = await chat({ name: 'Bea Big' });
    const [row] = await x.t.db.select().from(conversations).where(eq(conversations.id, first.conversationId));
    // 1,099 more conversations of the same customer, written directly: only their number matters here.
    await x.t.db.execute(sql`
      with start as (select last_conversation_number as n from companies where id = ${x.company.id}),
      made as (
        insert into conversations (company_id, app_id, queue_id, customer_id, number, channel, status,
          last_activity_at)
        select ${x.company.id}, ${app.id}, ${queue.id}, ${row!.customerId}, start.n + g, 'portal', 'open',
          now() - make_interval(secs => g)
        from start, generate_series(1, 1099) g
        returning number)
      update companies set last_conversation_number = (select max(number) from made) where id = ${x.company.id}`);
    const res = await x.as(x.sessions.agent)('GET', '/conversation/poll', {
      query: { app_id: app.id, limit: 50, offset: 0 },
    });
    expect(res.body.data.total).toBe(1100);
    expect(res.body.data.total_capped).toBeUndefined();
    expect(res.body.data.conversations).toHaveLength(50);
    const near = await x.as(x.sessions.agent)('GET', '/conversation/poll', {
      query: { app_id: app.id, limit: 50, offset: 1050 },
    });
    expect(near.body.data.total).toBe(1100);
    expect(near.body.data.total_capped).toBeUndefined();
    expect(near.body.data.conversations).toHaveLength(50);
    // From a cursor the rows keep the numbers they had, and near the top the total is still exact.
    const next = await x.as(x.sessions.agent)('GET', '/conversation/poll', {
      query: { app_id: app.id, limit: 50, offset: 50, after: res.body.data.next_cursor },
    });
    expect(next.body.data.total).toBe(1100);
    expect(next.body.data.total_capped).toBeUndefined();
    const back = await x.as(x.sessions.agent)('GET', '/conversation/poll', {
      query: { app_id: app.id, limit: 50, offset: 0, before: next.body.data.prev_cursor },
    });
    expect(ids(back.body.data.conversations)).toEqual(ids(res.body.data.conversations));
    expect(back.body.data.total).toBe(1100);
    // Numbered past 1,000, a cursor page counts on from its row only so far: 200 rows at most.
    const far = await x.as(x.sessions.agent)('GET', '/conversation/poll', {
      query: { app_id: app.id, limit: 50, offset: 1001, after: res.body.data.next_cursor },
    });
    expect(ids(far.body.data.conversations)).toEqual(ids(next.body.data.conversations));
    expect(far.body.data).toMatchObject({ total: 1201, total_capped: true });
    const resolved = await x.as(x.sessions.agent)('GET', '/conversation/poll', {
      query: { app_id: app.id, status: 'resolved' },
    });
    expect(resolved.body.data).toMatchObject({ total: 0, conversations: [] });
    // A search matching more than 1,000 (the customer's name) walks the list in order, and counts only
    // 200 past the page; one matching a single conversation (its number) is looked up first: both answer
    // the same way.
    const many = await x.as(x.sessions.agent)('GET', '/conversation/poll', {
      query: { app_id: app.id, limit: 50, offset: 0, search: 'Bea' },
    });
    expect(many.body.data).toMatchObject({ total: 200, total_capped: true });
    const later = await x.as(x.sessions.agent)('GET', '/conversation/poll', {
      query: { app_id: app.id, limit: 50, offset: 950, search: 'Bea' },
    });
    expect(later.body.data.total).toBe(1100);
    expect(later.body.data.total_capped).toBeUndefined();
    expect(ids(many.body.data.conversations)).toEqual(ids(res.body.data.conversations));
    const one = await x.as(x.sessions.agent)('GET', '/conversation/poll', {
      query: { app_id: app.id, search: `#${row!.number + 500}` },
    });
    expect(one.body.data.total).toBe(1);
    expect(one.body.data.conversations[0].customer.name).toBe('Bea Big');
  });

  it('pages stay consistent: every conversation exactly once, with the total', async () => {
    const { app, chat } = await freshApp('Paging');
    const started: number[] = [];
    for (let i = 0; i < 7; i++) started.push((await chat({ name: `Page ${i}` })).conversationId);
    const seen: number[] = [];
    for (const offset of [0, 3, 6]) {
      const page = await poll('agent', { app_id: app.id, limit: 3, offset });
      expect(page.total).toBe(7);
      seen.push(...ids(page.conversations));
    }
    expect(seen).toEqual([...started].reverse());
    const past = await poll('agent', { app_id: app.id, limit: 3, offset: 9 });
    expect(past).toMatchObject({ conversations: [], total: 7 });
    const tooMany = await x.as(x.sessions.agent)('GET', '/conversation/poll', { query: { limit: 101 } });
    expect(tooMany.status).toBe(422);
  });

  it('continues a page from its next_cursor however the list moved meanwhile', async () => {
    const { app, chat } = await freshApp('Cursor');
    const started: number[] = [];
    for (let i = 0; i < 5; i++) started.push((await chat({ name: `Cursor ${i}` })).conversationId);
    const [c0, c1, c2, c3, c4] = started as [number, number, number, number, number];
    const first = await poll('agent', { app_id: app.id, limit: 2 });
    expect(ids(first.conversations)).toEqual([c4, c3]);
    expect(first.total).toBe(5);
    // A new chat goes to the top: offset 2 would show c3 again, the cursor goes on after it.
    const newest = (await chat({ name: 'Cursor late' })).conversationId;
    const second = await poll('agent', { app_id: app.id, limit: 2, offset: 2, after: first.next_cursor! });
    expect(ids(second.conversations)).toEqual([c2, c1]);
    expect(second.total).toBe(5);
    const last = await poll('agent', { app_id: app.id, limit: 2, offset: 4, after: second.next_cursor! });
    expect(last).toMatchObject({ total: 5 });
    expect(ids(last.conversations)).toEqual([c0]);
    expect(last.next_cursor).toBeUndefined();
    expect(ids((await poll('agent', { app_id: app.id, limit: 2 })).conversations)).toEqual([newest, c4]);
    const refused = await x.as(x.sessions.agent)('GET', '/conversation/poll', {
      query: { after: '12;drop' },
    });
    expect(fieldErrorsOf(refused)).toEqual({
      after: ['Not a list position: pass a next_cursor or prev_cursor of an earlier answer'],
    });
  });

  it('goes back a page from its prev_cursor to the rows just before it', async () => {
    const { app, chat } = await freshApp('Back');
    const started: number[] = [];
    for (let i = 0; i < 6; i++) started.push((await chat({ name: `Back ${i}` })).conversationId);
    const [c0, c1, c2, c3] = started as [number, number, number, number];
    const first = await poll('agent', { app_id: app.id, limit: 2 });
    expect(first.prev_cursor).toBeUndefined();
    const second = await poll('agent', { app_id: app.id, limit: 2, offset: 2, after: first.next_cursor! });
    const third = await poll('agent', { app_id: app.id, limit: 2, offset: 4, after: second.next_cursor! });
    expect(ids(third.conversations)).toEqual([c1, c0]);
    // Two new chats go to the top: offset 2 would now show the first page's rows, the cursor the second's.
    await chat({ name: 'Back late 1' });
    await chat({ name: 'Back late 2' });
    const back = await poll('agent', { app_id: app.id, limit: 2, offset: 2, before: third.prev_cursor! });
    expect(ids(back.conversations)).toEqual([c3, c2]);
    expect(back).toMatchObject({
      total: 6,
      next_cursor: second.next_cursor,
      prev_cursor: second.prev_cursor,
    });
    expect(ids((await poll('agent', { app_id: app.id, limit: 2, offset: 2 })).conversations)).toEqual([
      started[5],
      started[4],
    ]);
    // Fewer rows than a page above the cursor: the page holds what there is.
    const top = await poll('agent', { app_id: app.id, limit: 2 });
    const short = await poll('agent', { app_id: app.id, limit: 2, offset: 2, before: top.next_cursor! });
    expect(ids(short.conversations)).toEqual(ids(top.conversations).slice(0, 1));
    const both = await x.as(x.sessions.agent)('GET', '/conversation/poll', {
      query: { after: first.next_cursor!, before: first.next_cursor! },
    });
    expect(fieldErrorsOf(both)).toEqual({
      before: ['Ask for the page after a row or the page before one, not both'],
    });
  });
});
