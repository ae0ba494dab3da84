import { CONVERSATION_SORTS, type ConversationSla } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf } from '../../../test/answers.ts';
import { before, call, useTestApp } from '../../../test/app.ts';
import { createApp, createQueue } from '../../../test/factories.ts';
import { portal, startChat } from '../../../test/portal.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';

/**
 * Contract section 13's sorts: each pages by cursor with `limit=2` and meets every conversation that kept its
 * place exactly once, while others arrive, get answered, change priority or leave the list meanwhile.
 */
const t = useTestApp({
  portalRateLimit: { startsPerIp: 10_000, messagesPerIp: 10_000, messagesPerToken: 10_000, windowMs: 60_000 },
  // Every page computed: the cache must not be what keeps pages consistent.
  inboxListCache: false,
});

type Row = {
  conversation_id: number;
  priority: string | null;
  waiting_since_ts: string | null;
  created_ts: string;
  updated_ts: string;
  sla: ConversationSla | null;
};

const w = before(async () => {
  const a = await tenantWithSessions(t);
  // An app of its own, so other tests' conversations stay out of these lists.
  const app = await createApp(t.db, a.company.id, { name: 'Sorted' });
  const queue = await createQueue(t.db, app, { name: 'Sorted queue' });
  const chats: { token: string; conversationId: number }[] = [];
  const priorities = ['urgent', null, 'low', 'high', null, 'medium', 'urgent', null, 'high'] as const;
  for (const [i, priority] of priorities.entries()) {
    const c = await startChat(t.app, app.id, { queueId: queue.id, name: `Sorted ${i}` });
    chats.push(c);
    if (priority) {
      await call(t.app, 'POST', '/conversation/priority', {
        as: a.as.admin,
        body: { conversation_id: c.conversationId, priority },
      });
    }
  }
  // Some are answered (not waiting: their waiting key is null and goes last).
  for (const i of [1, 4, 6]) {
    await call(t.app, 'POST', '/messages', {
      as: a.as.admin,
      body: { conversation_id: chats[i]!.conversationId, content: 'Answered' },
    });
  }
  // Waiting times in a known, shuffled order (ties by id are part of the order too).
  const waits = [5, null, 3, 9, null, 1, null, 7, 3];
  for (const [i, minutes] of waits.entries()) {
    if (minutes === null) continue;
    await t.db.execute(sql`update conversations set waiting_since = now() - make_interval(mins => ${minutes})
      where id = ${chats[i]!.conversationId}`);
  }
  return { a, app, queue, chats };
});

const poll = (query: Record<string, string | number>) =>
  call(t.app, 'GET', '/conversation/poll', { as: w.a.as.admin, query: { app_id: w.app.id, ...query } });

/** Every page of a sort by `next_cursor`, `between` run after each page (the list changing under it). */
async function walk(sort: string, between: (page: number) => Promise<void> = async () => {}) {
  const seen: Row[] = [];
  let after: string | undefined;
  for (let page = 0; page < 50; page++) {
    const data = dataOf(await poll({ sort, limit: 2, offset: seen.length, ...(after ? { after } : {}) }));
    seen.push(...(data.conversations as Row[]));
    if (!data.next_cursor) break;
    after = data.next_cursor;
    await between(page);
  }
  return seen;
}

const ids = (rows: Row[]) => rows.map((r) => r.conversation_id);
const RANK: Record<string, number> = { urgent: 1, high: 2, medium: 3, low: 4 };
/** The soonest running service-level due time; none sorts last. */
const slaKey = (r: Row) => {
  const sla = r.sla;
  const due = sla ? [sla.first_response_due_ts, sla.next_response_due_ts, sla.resolution_due_ts] : [];
  const times = due.filter((d): d is string => d !== null).map((d) => Date.parse(d));
  return times.length ? Math.min(...times) : Number.POSITIVE_INFINITY;
};
const waitKey = (r: Row) => (r.waiting_since_ts ? Date.parse(r.waiting_since_ts) : Number.POSITIVE_INFINITY);

/** Whether `rows` are in `sort`'s order (ties broken by id as the server breaks them). */
function inOrder(sort: string, rows: Row[]) {
  const key = (r: Row): number[] => {
    if (sort === 'oldest') return [Date.parse(r.created_ts), r.conversation_id];
    if (sort === 'latest') return [-Date.parse(r.updated_ts), -r.conversation_id];
    if (sort === 'priority') return [r.priority ? RANK[r.priority]! : 5, waitKey(r), r.conversation_id];
    if (sort === 'sla') return [slaKey(r), r.conversation_id];
    return [waitKey(r), r.conversation_id];
  };
  const cmp = (x: number[], y: number[]) => {
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return 0;
  };
  return rows.every((r, i) => i === 0 || cmp(key(rows[i - 1]!), key(r)) <= 0);
}

describe('GET /conversation/poll?sort=', () => {
  it.each(CONVERSATION_SORTS)('%s: every page by cursor in order, each conversation once', async (sort) => {
    const rows = await walk(sort);
    expect(new Set(ids(rows)).size).toBe(rows.length);
    expect(ids(rows).sort()).toEqual(w.chats.map((c) => c.conversationId).sort());
    expect(inOrder(sort, rows)).toBe(true);
  });

  it('orders waiting longest first with the not waiting last, and priority urgent first then waiting longest', async () => {
    const waiting = await walk('waiting_longest');
    const firstNull = waiting.findIndex((r) => r.waiting_since_ts === null);
    expect(firstNull).toBeGreaterThan(0);
    expect(waiting.slice(firstNull).every((r) => r.waiting_since_ts === null)).toBe(true);
    const byPriority = await walk('priority');
    expect(byPriority.slice(0, 2).map((r) => r.priority)).toEqual(['urgent', 'urgent']);
    expect(byPriority.at(-1)?.priority).toBeNull();
    // No service level here: every conversation is due never, so the SLA order is by id (modules/sla tests
    // the order of due times).
    const bySla = await walk('sla');
    expect(ids(bySla)).toEqual(ids(bySla).sort((x, y) => x - y));
  });

  it.each(CONVERSATION_SORTS)(
    '%s: no gap and no repeat while conversations arrive and others change',
    async (sort) => {
      const before = await walk(sort);
      const moved = new Set<number>();
      let n = 0;
      const rows = await walk(sort, async (page) => {
        if (page > 2) return;
        // A new conversation, and one conversation changed in a way that moves it in some order.
        const c = await startChat(t.app, w.app.id, { queueId: w.queue.id, name: `Arrival ${sort} ${page}` });
        moved.add(c.conversationId);
        const target = w.chats[n++ % w.chats.length]!;
        moved.add(target.conversationId);
        if (page % 2 === 0) {
          await portal(t.app, 'POST', '/portal/messages', {
            token: target.token,
            body: { content: 'Still here' },
          });
        } else {
          await call(t.app, 'POST', '/conversation/priority', {
            as: w.a.as.admin,
            body: { conversation_id: target.conversationId, priority: 'high' },
          });
        }
      });
      const seen = ids(rows);
      // Every conversation that kept its place is there exactly once (one that moved across the cursor may be
      // met again in its new place or missed, as in any list read in pages while it changes).
      const kept = ids(before).filter((id) => !moved.has(id));
      expect(kept.length).toBeGreaterThan(0);
      for (const id of kept)
        expect(
          seen.filter((s) => s === id),
          `${sort} #${id}`,
        ).toHaveLength(1);
    },
    90_000,
  );

  it('a previous page by prev_cursor is the page before, in every sort', async () => {
    for (const sort of CONVERSATION_SORTS) {
      const first = dataOf(await poll({ sort, limit: 2 }));
      const second = dataOf(await poll({ sort, limit: 2, offset: 2, after: first.next_cursor }));
      const back = dataOf(await poll({ sort, limit: 2, offset: 0, before: second.prev_cursor }));
      expect(ids(back.conversations), sort).toEqual(ids(first.conversations));
    }
  });
});
