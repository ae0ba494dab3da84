import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useInbox } from '../../../test/conversations.ts';

const { x, poll, ids, crowd } = useInbox();

/**
 * A page by typed offset merges the walks of the parts of an agent's reach (`reachBranches`); the first page
 * walks the whole inbox. Both must list the same conversations in the same order, each once.
 */
describe('pages deep in a list by typed offset', () => {
  it('continue the first page exactly, for every kind of viewer, over every way a conversation is in sight', async () => {
    const { app, publicQueue, privateQueue, returns, otherApp, otherQueue, users } = x;
    // 72 conversations: each place (app and queue) with each assignee, twice; pairs share their last
    // activity, so the id decides their order.
    await crowd(app, publicQueue, 'Paige Reach', 'reach', 72);
    const places = [
      [app.id, publicQueue.id],
      [app.id, privateQueue.id],
      [app.id, returns.id],
      [app.id, null],
      [otherApp.id, otherQueue.id],
      [otherApp.id, null],
    ];
    const assignees = [
      null,
      users.agent.id,
      users.insider.id,
      users.outsider.id,
      users.otherAppAgent.id,
      users.admin.id,
    ];
    const rows = sql.join(
      places.flatMap(([appId, queueId], p) =>
        assignees.map(
          (userId, a) => sql`(${p * 6 + a}::int, ${appId}::int, ${queueId}::int, ${userId}::int)`,
        ),
      ),
      sql`, `,
    );
    await x.t.db.execute(sql`
      with numbered as (
        select c.id, row_number() over (order by c.id) - 1 as g from conversations c
        join customers cu on cu.id = c.customer_id
        where cu.email like 'reach%@crowd.test'),
      layout (k, app_id, queue_id, assigned_user_id) as (values ${rows})
      update conversations c set app_id = l.app_id, queue_id = l.queue_id, assigned_user_id = l.assigned_user_id,
        last_activity_at = now() - make_interval(secs => (n.g / 2)::int)
      from numbered n join layout l on l.k = n.g % 36
      where c.id = n.id`);

    const seen: Record<string, number> = {};
    for (const who of ['agent', 'insider', 'outsider', 'otherAppAgent', 'appManager', 'admin'] as const) {
      const first = await poll(who, { limit: 100 });
      const all = ids(first.conversations);
      expect(new Set(all).size).toBe(all.length);
      seen[who] = all.length;
      for (const offset of [1, 2, 5, 11, 17, 23, all.length - 3, all.length, all.length + 4]) {
        if (offset < 1) continue;
        const page = await poll(who, { offset, limit: 7 });
        expect({ who, offset, ids: ids(page.conversations) }).toEqual({
          who,
          offset,
          ids: all.slice(offset, offset + 7),
        });
        expect(page.total).toBe(all.length);
      }
    }
    // The sights differ, as the visibility rules say (the inbox's other conversations are not in these apps'
    // places; the agent's own conversations elsewhere are none).
    expect(seen).toEqual({
      // public queue (12), assigned to the agent elsewhere (10), unassigned with no queue or in Returns (4)
      agent: 26,
      // private queue (12), assigned elsewhere (10), unassigned public or none (6)
      insider: 28,
      // assigned (12), unassigned public or none in the app (6)
      outsider: 18,
      // other queue (12), assigned elsewhere (10), unassigned no queue there (2)
      otherAppAgent: 24,
      // the whole app (48) and what is assigned to them (none)
      appManager: 48,
      admin: 72,
    });
  });
});
