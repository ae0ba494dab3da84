import type { DeliveryStatus } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { conversationStateSql } from '../conversations/state.ts';
import { recordEvent } from '../events/record.ts';

/** How far a delivery has gone; a status is taken only when it goes further (read stays read). */
const RANK: Record<DeliveryStatus, number> = { queued: 0, sent: 1, failed: 2, delivered: 3, read: 4 };

/**
 * Moves a message's delivery forward and records `message.updated` for the console's open threads. Failed
 * ranks after sent (a send that went out can still fail to arrive) and before delivered, so a late "failed"
 * never undoes a receipt. `force` is for a retry asked by an agent: failed goes back to queued. Answers
 * whether anything changed.
 */
export async function setDelivery(
  db: DbOrTx,
  messageId: number,
  next: { status: DeliveryStatus; error?: string | null; providerMessageId?: string },
  opts: { force?: boolean } = {},
): Promise<boolean> {
  const ranks = sql.raw(
    `case m.delivery_status ${Object.entries(RANK)
      .map(([s, r]) => `when '${s}' then ${r}`)
      .join(' ')} else -1 end`,
  );
  const res = await db.execute<{
    company_id: number;
    conversation_id: number;
    app_id: number;
    conversation: Record<string, unknown>;
  }>(sql`
    update messages m set delivery_status = ${next.status}, delivery_error = ${next.error ?? null},
      provider_message_id = coalesce(${next.providerMessageId ?? null}, m.provider_message_id)
    from conversations c
    where m.id = ${messageId} and c.id = m.conversation_id
      and (${opts.force ?? false} or ${ranks} < ${RANK[next.status]})
    returning m.company_id, m.conversation_id, c.app_id, ${conversationStateSql('c')} as conversation`);
  const row = res.rows[0];
  if (!row) return false;
  await recordEvent(db, {
    type: 'message.updated',
    companyId: Number(row.company_id),
    appId: Number(row.app_id),
    conversationId: Number(row.conversation_id),
    actor: { type: 'system' },
    data: {
      conversation: row.conversation,
      message: { message_id: messageId, delivery: { status: next.status, error: next.error ?? null } },
    },
  });
  return true;
}
