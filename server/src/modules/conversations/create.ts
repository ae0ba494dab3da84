import type { Channel } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { eventInsert } from '../events/record.ts';

export interface NewConversation {
  companyId: number;
  appId: number;
  queueId: number | null;
  customerId: number;
  channel: Channel;
  /** The integration it came through, where replies go back (an `api` integration, later a channel). */
  integrationId?: number | null;
  /**
   * Whether the customer is proven by the way they came (decision 037): required, so every path that opens a
   * conversation says it, and only a typed email says false.
   */
  verified: boolean;
}

/**
 * Opens a conversation with the company's next display number, and writes its `conversation.created` event
 * in the same statement. The counter row stays locked until the caller's transaction commits, so numbers
 * are unique and gapless per company; call inside a transaction.
 */
export async function createConversation(tx: DbOrTx, input: NewConversation) {
  const res = await tx.execute<{ id: number; number: number }>(sql`
    with n as (
      update companies set last_conversation_number = last_conversation_number + 1
      where id = ${input.companyId}
      returning last_conversation_number
    ), conv as (
      insert into conversations (company_id, app_id, queue_id, customer_id, number, channel, status,
        waiting_since, last_activity_at, integration_id, verified)
      select ${input.companyId}, ${input.appId}, ${input.queueId}, ${input.customerId},
        n.last_conversation_number, ${input.channel}, 'open', now(), now(), ${input.integrationId ?? null}::int,
        ${input.verified}
      from n
      returning id, number
    ), ev as (
      ${eventInsert}
      select 'conversation.created', ${input.companyId}, ${input.appId}, conv.id, ${input.customerId},
        'customer', ${input.customerId},
        jsonb_build_object('channel', ${input.channel}::text, 'conversation', jsonb_build_object(
          'number', conv.number, 'status', 'open', 'queue_id', ${input.queueId}::int, 'assigned_user_id', null,
          'verified', ${input.verified}::boolean))
      from conv
    )
    select id, number from conv`);
  const row = res.rows[0];
  if (!row) throw new Error(`company ${input.companyId} does not exist`);
  return { id: Number(row.id), number: Number(row.number) };
}
