import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf } from '../../../test/answers.ts';
import { useInbox } from '../../../test/conversations.ts';
import * as make from '../../../test/factories.ts';
import { TOTAL_CAP } from './poll.ts';

/**
 * The inbox's label filter (contract section 13) answers the same whichever way PostgreSQL reads it: a rare
 * label through the label index, a common one by walking the list (decision 056). Both keep the viewer's
 * sight, the list's order and exact cursor pages; one label's total is exact, several labels' capped.
 */
const { x, poll, ids, freshApp, crowd } = useInbox();

const label = async (name: string) =>
  dataOf(await x.as(x.sessions.admin)('POST', '/labels', { body: { name, color: '#0ea5e9' } }), 201)
    .label_id as number;

/** Puts the label on the app's conversations `pick` chooses (by their age rank, 1 the newest). */
async function labelMany(appId: number, labelId: number, pick: string) {
  await x.t.db.execute(sql`
    insert into conversation_labels (company_id, conversation_id, label_id)
    select company_id, id, ${labelId}::int from (
      select company_id, id, row_number() over (order by last_activity_at desc, id desc) as g
      from conversations where app_id = ${appId}) ranked
    where ${sql.raw(pick)}`);
}

/** Every page of `query` by cursor, two at a time, as the console pages. */
async function allPages(who: 'admin' | 'agent', query: Record<string, string | number>) {
  const seen: number[] = [];
  let page = await poll(who, { ...query, limit: 2 });
  for (;;) {
    seen.push(...ids(page.conversations));
    if (!page.next_cursor) return seen;
    page = await poll(who, { ...query, limit: 2, after: page.next_cursor, offset: seen.length });
  }
}

describe('the label filter', () => {
  it('lists a rare label’s conversations by id and a common one by walking, in order, within sight', async () => {
    const { app, queue } = await freshApp('Label filter');
    await crowd(app, queue, 'Lena Label', 'labelfilter', 2 * TOTAL_CAP + 20);
    const common = await label('Common filter');
    const rare = await label('Rare filter');
    // Every conversation but the newest ten carries the common label; every 500th the rare one.
    await labelMany(app.id, common, 'g > 10');
    await labelMany(app.id, rare, 'g % 500 = 0');
    // One of the rare ones sits in a private queue of the app the agent does not work: not theirs to see.
    const closed = await make.createQueue(x.t.db, app, { name: 'Label filter private', isPrivate: true });
    const hidden = await x.t.db.execute<{ id: number }>(sql`
      update conversations set queue_id = ${closed.id} where id = (
        select conversation_id from conversation_labels where label_id = ${rare} order by conversation_id limit 1)
      returning id`);

    const expected = await x.t.db.execute<{ id: number }>(sql`
      select c.id from conversations c join conversation_labels cl on cl.conversation_id = c.id
      where cl.label_id = ${rare} order by c.last_activity_at desc, c.id desc`);
    const rareIds = expected.rows.map((r) => Number(r.id));
    expect(rareIds).toHaveLength(4);
    expect(await allPages('admin', { label_id: rare })).toEqual(rareIds);
    const agentSees = await allPages('agent', { label_id: rare, app_id: app.id });
    expect(agentSees).toEqual(rareIds.filter((id) => id !== Number(hidden.rows[0]!.id)));

    // The common label: the newest ten are left out, the rest in the list's order, the total exact.
    const everything = await poll('admin', { app_id: app.id, limit: 30 });
    const first = await poll('admin', { label_id: common, limit: 20 });
    expect(ids(first.conversations)).toEqual(ids(everything.conversations).slice(10, 30));
    expect(first.total).toBe(2 * TOTAL_CAP + 10);
    expect(first.total_capped).toBeUndefined();
    const next = await poll('admin', { label_id: common, limit: 20, after: first.next_cursor!, offset: 20 });
    const further = await poll('admin', { app_id: app.id, limit: 50 });
    expect(ids(next.conversations)).toEqual(ids(further.conversations).slice(30, 50));
    expect(next.total).toBe(2 * TOTAL_CAP + 10);
    // Two labels cannot be summed from each one's groups: counted row by row, up to the cap.
    const both = await poll('admin', { label_id: `${rare},${common}`, limit: 20 });
    expect(ids(both.conversations)).toEqual(ids(first.conversations));
    expect(both).toMatchObject({ total: TOTAL_CAP, total_capped: true });
    // Both labels: any of them, still within sight.
    const either = await poll('agent', { label_id: `${common},${rare}`, app_id: app.id, limit: 5 });
    expect(either.conversations.every((c) => c.conversation_id !== Number(hidden.rows[0]!.id))).toBe(true);
  }, 120_000);
});
