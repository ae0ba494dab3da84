import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useInbox } from '../../../test/conversations.ts';
import * as make from '../../../test/factories.ts';

const { x, poll, ids, freshApp, crowd } = useInbox();

describe("a walked search's count", () => {
  it('counts the matching customers’ conversations and the other matches apart, each once, in sight and filtered', async () => {
    const { app, queue } = await freshApp('Swarm');
    const hidden = await make.createQueue(x.t.db, app, { name: 'Swarm VIP', isPrivate: true });
    // 1,010 customers called "Yara Swarm" (more than a search collects, so the list is walked), one
    // conversation each, the oldest last: 4 in a private queue the agent is not in, 6 pending.
    await crowd(app, queue, 'Yara Swarm', 'yara', 1010);
    const numbered = (lo: number, hi: number) =>
      sql`customer_id in (select id from customers where company_id = ${x.company.id}
        and email ~ '^yara[0-9]+@crowd[.]test$' and substring(email from '[0-9]+')::int between ${lo} and ${hi})`;
    await x.t.db.execute(sql`update conversations set queue_id = ${hidden.id} where ${numbered(1007, 1010)}`);
    await x.t.db.execute(sql`update conversations set status = 'pending' where ${numbered(4, 9)}`);
    // Matched by a message as well as by the customer (three in sight, one hidden), and by a message alone.
    await x.t.db.execute(sql`
      insert into messages (company_id, conversation_id, sender_type, content)
      select c.company_id, c.id, 'customer', 'Yara again' from conversations c join customers cu on cu.id = c.customer_id
      where c.app_id = ${app.id} and cu.email in ('yara1@crowd.test', 'yara2@crowd.test', 'yara3@crowd.test',
        'yara1010@crowd.test')`);
    const { chat } = await freshApp('Swarm side');
    const side = [
      await chat({ name: 'Quinn Side', message: 'Yarrow or yara?' }),
      await chat({ name: 'Rhea Side', message: 'Asking for Yara' }),
    ];
    expect(ids((await poll('agent', { search: 'yara', limit: 2 })).conversations)).toEqual(
      side.map((c) => c.conversationId).reverse(),
    );

    const total = async (who: 'agent' | 'admin', query: Record<string, string | number>) =>
      (await poll(who, { search: 'yara', ...query })).total;
    // Past the cap the count stops: 200 after the page's offset.
    expect(await poll('agent', { search: 'yara' })).toMatchObject({ total: 200, total_capped: true });
    // Near the end it is exact: 1,006 in sight by their customer and 2 by a message; the admin sees 1,012.
    const tail = await poll('agent', { search: 'yara', offset: 1000 });
    expect(tail).toMatchObject({ total: 1008 });
    expect(tail.conversations).toHaveLength(8);
    expect(await total('admin', { offset: 1000 })).toBe(1012);
    // The filters apply to both sides: the six pending leave the open list, and the other app's two.
    expect(await total('agent', { offset: 1000, status: 'open' })).toBe(1002);
    expect(await total('agent', { offset: 990, app_id: app.id })).toBe(1006);
    expect(await total('admin', { offset: 990, status: 'pending' })).toBe(6);

    // From a cursor the count runs from its row, and the rows keep their numbers.
    const before = await poll('agent', { search: 'yara', offset: 950 });
    const after = await poll('agent', { search: 'yara', offset: 1000, after: before.next_cursor! });
    expect(after).toMatchObject({ total: 1008 });
    expect(ids(after.conversations)).toEqual(ids(tail.conversations));
    const back = await poll('agent', { search: 'yara', offset: 950, before: after.prev_cursor! });
    expect(ids(back.conversations)).toEqual(ids(before.conversations));
    expect(back.total).toBe(1008);
  });
});
