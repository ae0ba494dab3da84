import { count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useInbox } from '../../../test/conversations.ts';
import { conversationCountChanges, conversationCounts, conversations } from '../../db/schema/index.ts';
import { foldCountChanges } from './counts.ts';

const { x, poll } = useInbox();

type Who = 'admin' | 'agent' | 'insider' | 'outsider' | 'otherAppAgent' | 'appManager' | 'stranger';
const VIEWERS: Who[] = ['admin', 'agent', 'insider', 'outsider', 'otherAppAgent', 'appManager', 'stranger'];

/**
 * Every viewer's list, with and without each filter, answers as its total exactly the rows it lists (fewer
 * than 100 here, so one page holds them all): the totals summed from the groups agree with the rows found by
 * the visibility rules, whatever changed and whether the changes were folded in yet. Pages reached by a
 * cursor answer the same total.
 */
async function totalsMatchRows(label: string) {
  const filters: Record<string, string | number>[] = [
    {},
    { status: 'open' },
    { status: 'open,pending' },
    { status: 'resolved' },
    { assigned_user_id: 'none' },
    { assigned_user_id: 'me' },
    { assigned_user_id: 'any' },
    { queue_id: x.publicQueue.id },
    { app_id: x.app.id, status: 'open', assigned_user_id: 'none' },
  ];
  for (const who of VIEWERS) {
    for (const f of filters) {
      // An app out of sight answers 404.
      if ((who === 'otherAppAgent' || who === 'stranger') && f.app_id !== undefined) continue;
      const page = await poll(who, { ...f, limit: 100 });
      expect(
        { label, who, f, total: page.total, capped: page.total_capped },
        `${label}: ${who} ${JSON.stringify(f)}`,
      ).toEqual({ label, who, f, total: page.conversations.length, capped: undefined });
      if (page.conversations.length < 2) continue;
      // From a cursor (the groups' total less the rows above it) the total is the same, next page or back.
      const top = await poll(who, { ...f, limit: 1 });
      const next = await poll(who, { ...f, limit: 100, offset: 1, after: top.next_cursor! });
      const back = await poll(who, { ...f, limit: 1, offset: 0, before: next.prev_cursor! });
      expect(
        [next.total, next.conversations.length + 1, back.total, back.total_capped],
        `${label}: ${who} ${JSON.stringify(f)} from a cursor`,
      ).toEqual([page.total, page.total, page.total, undefined]);
    }
  }
}

const statusOf = async (id: number) =>
  (await x.t.db.select().from(conversations).where(eq(conversations.id, id)))[0]?.status;

describe('list totals from the conversation groups', () => {
  it('stay exact for every viewer through chats, assignments, transfers, resolutions, deletions and folds', async () => {
    const admin = x.as(x.sessions.admin);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await x.chat({ name: `Public ${i}` }));
    const vip = await x.chat({ name: 'Vip' });
    // The app's general inbox: a portal chat always picks a queue here, so one is taken out of it directly.
    const general = await x.chat({ name: 'No queue' });
    await x.t.db
      .update(conversations)
      .set({ queueId: null })
      .where(eq(conversations.id, general.conversationId));
    const elsewhere = await x.chat({ name: 'Other app', appId: x.otherApp.id, queueId: x.otherQueue.id });
    const [p0, p1, p2] = made as [(typeof made)[0], (typeof made)[0], (typeof made)[0]];
    const theirs = await x.chat({ name: 'Not ours', appId: x.other.app.id, queueId: x.other.queue.id });
    await totalsMatchRows('new chats');
    expect((await poll('admin')).total).toBe(6);

    await admin('POST', '/conversation/assign', {
      body: { conversation_id: p0.conversationId, user_id: x.users.agent.id },
    });
    await admin('POST', '/conversation/transfer', {
      body: {
        conversation_id: vip.conversationId,
        queue_id: x.privateQueue.id,
        user_id: x.users.insider.id,
        transfer_reason: 'VIP',
      },
    });
    await admin('POST', '/conversation/transfer', {
      body: { conversation_id: p1.conversationId, queue_id: x.privateQueue.id, transfer_reason: 'VIP' },
    });
    await admin('POST', '/conversation/resolve', { body: { conversation_id: p2.conversationId } });
    await admin('POST', '/conversation/resolve', { body: { conversation_id: general.conversationId } });
    await admin('POST', '/conversation/reopen', { body: { conversation_id: general.conversationId } });
    expect(await statusOf(p2.conversationId)).toBe('resolved');
    await totalsMatchRows('moved and resolved');

    // Folded in (here, or by the job if its minute came first): the same totals, nothing left to fold, and
    // no group kept at zero.
    await foldCountChanges(x.t.db);
    await totalsMatchRows('folded');
    expect(await x.t.db.select({ n: count() }).from(conversationCountChanges)).toEqual([{ n: 0 }]);
    expect(
      await x.t.db.select({ n: count() }).from(conversationCounts).where(sql`${conversationCounts.n} <= 0`),
    ).toEqual([{ n: 0 }]);
    expect(await foldCountChanges(x.t.db)).toBe(0);

    // Deleting a conversation, a queue (its conversations keep no queue) and a customer (theirs go too).
    expect((await admin('DELETE', '/conversations', { query: { id: p2.conversationId } })).status).toBe(200);
    expect((await admin('DELETE', '/queues', { query: { id: x.otherQueue.id } })).status).toBe(200);
    const [gone] = await x.t.db
      .select({ customerId: conversations.customerId })
      .from(conversations)
      .where(eq(conversations.id, elsewhere.conversationId));
    expect((await admin('DELETE', '/customers', { query: { id: gone!.customerId } })).status).toBe(200);
    await totalsMatchRows('deleted');
    expect((await poll('admin')).total).toBe(4);
    expect((await poll('stranger')).total).toBe(1);
    await foldCountChanges(x.t.db);
    await totalsMatchRows('deleted and folded');

    // Another company's changes never move this company's totals.
    await x.as(x.sessions.stranger)('POST', '/conversation/resolve', {
      body: { conversation_id: theirs.conversationId },
    });
    expect((await poll('admin')).total).toBe(4);
    expect((await poll('stranger', { status: 'resolved' })).total).toBe(1);
  });
});
