import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf } from '../../../test/answers.ts';
import { useInbox } from '../../../test/conversations.ts';
import { foldCountChanges } from './counts.ts';

/**
 * The label filter reads each conversation's own copy of its labels and, for one label, totals from that
 * label's groups (decision 056). Whatever writes the labels (the single call, bulk, a label deleted, a
 * conversation deleted), the filtered list and its total must stay what the labels themselves say.
 */
const { x, poll, ids, freshApp } = useInbox();
const admin = () => x.as(x.sessions.admin);

const label = async (name: string, who: 'admin' | 'stranger' = 'admin') =>
  dataOf(await x.as(x.sessions[who])('POST', '/labels', { body: { name, color: '#0ea5e9' } }), 201)
    .label_id as number;

const relabel = async (id: number, add: number[], remove: number[] = []) =>
  dataOf(await admin()('POST', '/conversation/labels', { body: { conversation_id: id, add, remove } }));

/** The company's conversations carrying the label, not snoozed, in the list's order: what the filter must show. */
async function carrying(labelId: number) {
  const res = await x.t.db.execute<{ id: number }>(sql`
    select c.id from conversations c join conversation_labels cl on cl.conversation_id = c.id
    where cl.label_id = ${labelId} and c.company_id = ${x.company.id} and c.status <> 'snoozed'
    order by c.last_activity_at desc, c.id desc`);
  return res.rows.map((r) => Number(r.id));
}

/** The filtered list as a client sees it, with its total, against the labels themselves. */
async function expectFilterMatches(labelId: number, who: 'admin' | 'agent' = 'admin') {
  const want = await carrying(labelId);
  const page = await poll(who, { label_id: labelId, limit: 100 });
  expect(ids(page.conversations)).toEqual(want);
  expect(page.total).toBe(want.length);
  expect(page.total_capped).toBeUndefined();
  return want;
}

describe('the label filter over the labels each conversation carries', () => {
  it('follows the single call, bulk, a label deleted and a conversation deleted', async () => {
    const { chat } = await freshApp('Label ids');
    const [a, b, c] = [await label('Ids A'), await label('Ids B'), await label('Ids C')];
    const one = (await chat({ name: 'Ids One' })).conversationId;
    const two = (await chat({ name: 'Ids Two' })).conversationId;
    const three = (await chat({ name: 'Ids Three' })).conversationId;

    await relabel(one, [b, a]);
    await relabel(two, [a]);
    expect(await expectFilterMatches(a)).toEqual([two, one]);
    expect(await expectFilterMatches(b)).toEqual([one]);

    await relabel(one, [], [a]);
    expect(await expectFilterMatches(a)).toEqual([two]);

    const bulk = await admin()('POST', '/conversations/bulk', {
      body: { conversation_ids: [one, two, three], action: 'labels', params: { add: [c], remove: [a] } },
    });
    expect(dataOf(bulk).updated).toBe(3);
    expect(await expectFilterMatches(a)).toEqual([]);
    expect(await expectFilterMatches(c)).toEqual([three, two, one]);
    // Any of several labels: each conversation once.
    const either = await poll('admin', { label_id: `${b},${c}`, limit: 100 });
    expect(ids(either.conversations)).toEqual([three, two, one]);

    // Deleting a label takes it off every conversation at once (the cascade), the filter and totals too.
    expect((await admin()('DELETE', '/labels', { query: { id: c } })).status).toBe(200);
    expect(await expectFilterMatches(c)).toEqual([]);
    const thread = dataOf(await admin()('GET', '/conversation/poll', { query: { conversation_id: one } }));
    expect(thread.conversation.labels.map((l: { label_id: number }) => l.label_id)).toEqual([b]);
    expect(await expectFilterMatches(b)).toEqual([one]);

    // A deleted conversation leaves its label's list and total.
    expect((await admin()('DELETE', '/conversations', { query: { id: one } })).status).toBe(200);
    expect(await expectFilterMatches(b)).toEqual([]);
    const rows = await x.t.db.execute<{ id: number; label_ids: number[] | null }>(sql`
      select id, label_ids from conversations where id in (${two}, ${three}) order by id`);
    expect(rows.rows.map((r) => r.label_ids)).toEqual([null, null]);
  });

  it('keeps an exact total for one label through status changes, the fold and the agent’s sight', async () => {
    const { chat } = await freshApp('Label totals');
    const l = await label('Totals');
    const made: number[] = [];
    for (let i = 0; i < 4; i++) made.push((await chat({ name: `Totals ${i}` })).conversationId);
    for (const id of made) await relabel(id, [l]);
    await expectFilterMatches(l);
    await expectFilterMatches(l, 'agent');
    dataOf(await admin()('POST', '/conversation/resolve', { body: { conversation_id: made[0] } }));
    const open = await poll('admin', { label_id: l, status: 'open', limit: 100 });
    expect(open.total).toBe(3);
    expect(ids(open.conversations)).toEqual((await carrying(l)).filter((id) => id !== made[0]));
    await foldCountChanges(x.t.db);
    expect((await poll('admin', { label_id: l, status: 'open', limit: 100 })).total).toBe(3);
    await expectFilterMatches(l);
    // A next page by cursor numbers its rows from the exact total.
    const first = await poll('admin', { label_id: l, limit: 2 });
    const next = await poll('admin', { label_id: l, limit: 2, after: first.next_cursor!, offset: 2 });
    expect([...ids(first.conversations), ...ids(next.conversations)]).toEqual(await carrying(l));
    expect(next.total).toBe(4);
  });

  it('matches nothing for another company’s label', async () => {
    const theirs = await label('Elsewhere', 'stranger');
    const page = await poll('admin', { label_id: theirs });
    expect(page.conversations).toEqual([]);
    expect(page.total).toBe(0);
  });
});
