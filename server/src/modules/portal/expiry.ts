import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { admitCompany, type SystemActor } from '../access/context.ts';
import { changeConversations } from '../conversations/bulk-change.ts';

/** Who closes a conversation whose portal session ran out, in its activity. */
export const PORTAL_EXPIRY: SystemActor = { type: 'system', name: 'Portal session expiry' };

/** The system line an agent reads in the thread. */
export const EXPIRED_LINE =
  "Closed: the customer's chat session expired before the conversation was resolved";

/**
 * Processes expired portal sessions: marks them ended and closes their conversation when it is still
 * unresolved and no other session of it is live, through the conversations' change (`changeConversations`:
 * the system line, the `conversation.status_changed` event, the activity), one statement per company.
 * Idempotent and safe to run from several processes at once (the sweep claims rows with SKIP LOCKED).
 * Returns the conversations it closed.
 */
export async function closeExpiredSessions(db: DbOrTx, opts: { sessionId?: number; limit?: number } = {}) {
  // The sweep skips rows another process is handling; a reader handling its own session waits for them.
  const pick: SQL =
    opts.sessionId === undefined
      ? sql`order by expires_at limit ${opts.limit ?? 500} for update skip locked`
      : sql`and id = ${opts.sessionId} for update`;
  return db.transaction(async (tx) => {
    const due = await tx.execute<{ conversation_id: number; company_id: number }>(sql`
      update portal_sessions set ended_at = now()
      where id in (
        select id from portal_sessions
        where ended_at is null and expires_at <= now() ${pick})
      returning conversation_id, company_id`);
    const byCompany = new Map<number, number[]>();
    for (const r of due.rows) {
      const companyId = Number(r.company_id);
      byCompany.set(companyId, [...(byCompany.get(companyId) ?? []), Number(r.conversation_id)]);
    }
    const closed: { conversationId: number; companyId: number }[] = [];
    for (const [companyId, ids] of byCompany) {
      // The product's own job: the company is the one of a session it has just ended.
      const scope = admitCompany({ db: tx, companyId });
      const changes = await changeConversations(scope, PORTAL_EXPIRY, {
        which: sql`c.id = any(${sql.param(ids)}::int[]) and c.status in ('open', 'pending')
          and not exists (
            select 1 from portal_sessions p where p.conversation_id = c.id and p.expires_at > now())`,
        change: { status: 'closed' },
        record: {
          action: 'conversation.closed',
          note: EXPIRED_LINE,
          details: { reason: 'portal_session_expired' },
        },
        eventReason: 'portal_session_expired',
      });
      for (const c of changes) closed.push({ conversationId: c.conversationId, companyId });
    }
    return closed;
  });
}
