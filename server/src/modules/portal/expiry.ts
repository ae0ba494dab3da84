import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { SystemActor } from '../access/context.ts';
import { actorDetails } from '../activities/service.ts';
import { conversationStateJson } from '../conversations/typing.ts';

/** Who closes a conversation whose portal session ran out, in its activity. */
export const PORTAL_EXPIRY: SystemActor = { type: 'system', name: 'Portal session expiry' };
const CLOSED_DETAILS = JSON.stringify({
  reason: 'portal_session_expired',
  actor: actorDetails(PORTAL_EXPIRY),
});

/**
 * Processes expired portal sessions: marks them ended and closes their conversation when it is still
 * unresolved and no other session of it is live. Idempotent and safe to run from several processes at once
 * (the sweep claims rows with SKIP LOCKED). Returns the conversations it closed.
 */
export async function closeExpiredSessions(db: DbOrTx, opts: { sessionId?: number; limit?: number } = {}) {
  // The sweep skips rows another process is handling; a reader handling its own session waits for them.
  const pick: SQL =
    opts.sessionId === undefined
      ? sql`order by expires_at limit ${opts.limit ?? 500} for update skip locked`
      : sql`and id = ${opts.sessionId} for update`;
  const res = await db.execute<{ id: number; company_id: number; status: string }>(sql`
    with due as (
      update portal_sessions set ended_at = now()
      where id in (
        select id from portal_sessions
        where ended_at is null and expires_at <= now() ${pick})
      returning conversation_id
    ), closed as (
      update conversations c set status = 'closed'
      where c.id in (select conversation_id from due) and c.status in ('open', 'pending')
        and not exists (
          select 1 from portal_sessions p where p.conversation_id = c.id and p.expires_at > now())
      returning c.id, c.company_id, c.status, c.app_id, c.customer_id, c.number, c.queue_id, c.assigned_user_id,
        c.verified,
        (select status from conversations o where o.id = c.id) as from_status
    ), ev as (
      insert into events (type, company_id, app_id, conversation_id, customer_id, actor_type, data)
      select 'conversation.status_changed', c.company_id, c.app_id, c.id, c.customer_id, 'system',
        jsonb_build_object('from', c.from_status, 'to', 'closed', 'reason', 'portal_session_expired',
          'conversation', ${conversationStateJson})
      from closed c
    ), logged as (
      insert into activities (company_id, action, entity_type, entity_id, details)
      select company_id, 'conversation.closed', 'conversation', id::text, ${CLOSED_DETAILS}::jsonb
      from closed
    )
    select id, company_id, status from closed`);
  return res.rows.map((r) => ({ conversationId: Number(r.id), companyId: Number(r.company_id) }));
}
