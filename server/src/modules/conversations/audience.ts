import type { MentionablePerson } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../access/context.ts';

/**
 * The reach rule over the conversation `c` (company, app, queue, assignee, whether its queue is private), the
 * membership `m` and the user `u`: company admins and managers; the assignee; the app's admins and managers;
 * members of its queue; and, while it is unassigned in a public queue or none, the app's agents.
 */
const reaches = sql`(
      m.role <> 'agent'
      or u.id = c.assigned_user_id
      or exists (select 1 from app_members am where am.company_id = c.company_id and am.user_id = u.id
        and am.app_id = c.app_id and am.role in ('admin', 'manager'))
      or exists (select 1 from queue_members qm where qm.queue_id = c.queue_id and qm.user_id = u.id)
      or (c.assigned_user_id is null and not c.private and (
        exists (select 1 from app_members am where am.company_id = c.company_id and am.user_id = u.id
          and am.app_id = c.app_id and am.role = 'agent')
        or (not exists (select 1 from app_members am where am.company_id = c.company_id and am.user_id = u.id
            and am.app_id = c.app_id)
          and exists (select 1 from queue_members qm join queues q2 on q2.id = qm.queue_id
            where qm.company_id = c.company_id and qm.user_id = u.id and q2.app_id = c.app_id))))
    )`;

/**
 * The people who can see a conversation now, by the reach rules of contract section 4 as
 * `access/conversation-visibility.ts` resolves them per viewer (`reachRows`, `covers`), here turned around
 * into one statement over the company's active members: company admins and managers; the assignee; the
 * app's admins and managers; members of its queue; and, while it is unassigned in a public queue or none,
 * the app's agents (an app membership as agent, or only a queue membership in the app). `only` narrows it
 * to some user ids (a mention's check, a notification's recipients). Name order.
 */
export async function whoCanSee(
  scope: CompanyScope,
  conversationId: number,
  only?: readonly number[],
): Promise<MentionablePerson[]> {
  if (only && only.length === 0) return [];
  const narrowed = only ? sql`and u.id = any(${sql.param([...only])}::int[])` : sql``;
  const res = await scope.db.execute<MentionablePerson>(sql`
    with c as (
      select c.company_id, c.app_id, c.queue_id, c.assigned_user_id, coalesce(q.is_private, false) as private
      from conversations c left join queues q on q.id = c.queue_id
      where c.id = ${conversationId} and c.company_id = ${scope.companyId}
    )
    select u.id as user_id, u.name, u.email
    from c join company_members m on m.company_id = c.company_id join users u on u.id = m.user_id
    where u.status = 'active' ${narrowed} and ${reaches}
    order by u.name, u.id`);
  return res.rows.map((r) => ({ user_id: Number(r.user_id), name: r.name, email: r.email }));
}

/** A conversation and a person who may see it, in the company of the event that names both. */
export interface SightPair {
  companyId: number;
  conversationId: number;
  userId: number;
}

/**
 * Which of these (conversation, person) pairs hold now, by the same rule as `whoCanSee`, in one statement
 * for a consumer's whole batch (its events may be of several companies: each pair is judged in its own).
 * Answers the pairs that hold as `conversationId:userId`.
 */
export async function pairsInSight(db: DbOrTx, pairs: readonly SightPair[]): Promise<Set<string>> {
  if (pairs.length === 0) return new Set();
  const col = (f: (p: SightPair) => number) => sql.param(pairs.map(f));
  const res = await db.execute<{ conversation_id: number; user_id: number }>(sql`
    with p as (
      select * from unnest(${col((p) => p.companyId)}::int[], ${col((p) => p.conversationId)}::int[],
        ${col((p) => p.userId)}::int[]) as p(company_id, conversation_id, user_id)
    ),
    c as (
      select p.user_id as wanted, c.id, c.company_id, c.app_id, c.queue_id, c.assigned_user_id,
        coalesce(q.is_private, false) as private
      from p join conversations c on c.id = p.conversation_id and c.company_id = p.company_id
        left join queues q on q.id = c.queue_id
    )
    select c.id as conversation_id, u.id as user_id
    from c join company_members m on m.company_id = c.company_id and m.user_id = c.wanted
      join users u on u.id = m.user_id
    where u.status = 'active' and ${reaches}`);
  return new Set(res.rows.map((r) => `${Number(r.conversation_id)}:${Number(r.user_id)}`));
}
