import type { Conversation, ReadBody } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyCtx } from '../access/context.ts';
import { callerVisibility } from '../access/conversation-visibility.ts';
import { eventInsert } from '../events/record.ts';
import { conversationStateSql } from './state.ts';
import { setTyping } from './typing.ts';
import { requireCovered, visibleConversationView } from './views.ts';

/**
 * Moves a user's read marker to the latest message at or before `upTo` (or the latest of all), never
 * backwards: a late request from an older tab cannot bring unread messages back. When it moves, the same
 * statement writes a `conversation.read` event (other tabs and agents update their unread badges).
 */
export async function advanceReadMarker(
  db: DbOrTx,
  where: { companyId: number; conversationId: number; userId: number },
  upTo: number | null,
) {
  const { companyId, conversationId, userId } = where;
  await db.execute(sql`
    with cur as (
      select last_read_message_id as id from conversation_reads
      where conversation_id = ${conversationId} and user_id = ${userId}
    ), up as (
      insert into conversation_reads (conversation_id, user_id, company_id, last_read_message_id, updated_at)
      select ${conversationId}, ${userId}, ${companyId}, m.id, now()
      from (select max(id) as id from messages
            where conversation_id = ${conversationId} and company_id = ${companyId}
              and (${upTo}::bigint is null or id <= ${upTo}::bigint)) m
      where m.id is not null
      on conflict (conversation_id, user_id) do update set
        last_read_message_id = greatest(conversation_reads.last_read_message_id, excluded.last_read_message_id),
        updated_at = now()
      returning last_read_message_id as id
    ), ev as (
      ${eventInsert}
      select 'conversation.read', c.company_id, c.app_id, c.id, c.customer_id, 'user', ${userId}::int,
        jsonb_build_object('user_id', ${userId}::int, 'last_read_message_id', up.id,
          'conversation', ${conversationStateSql('c')})
      from up join conversations c on c.id = ${conversationId} and c.company_id = ${companyId}
      where up.id > coalesce((select id from cur), 0)
    )
    select 1`);
}

export async function markRead(ctx: CompanyCtx, input: ReadBody): Promise<Conversation> {
  const v = await callerVisibility(ctx);
  await requireCovered(ctx.db, v, input.conversation_id);
  await advanceReadMarker(
    ctx.db,
    { companyId: ctx.companyId, conversationId: input.conversation_id, userId: ctx.actor.user.id },
    input.last_message_id ?? null,
  );
  return visibleConversationView(ctx.db, v, input.conversation_id);
}

/** The caller is typing: shown to the customer and to other agents for a few seconds. */
export async function agentTyping(ctx: CompanyCtx, conversationId: number): Promise<Conversation> {
  const v = await callerVisibility(ctx);
  await requireCovered(ctx.db, v, conversationId);
  await setTyping(ctx.db, {
    companyId: ctx.companyId,
    conversationId,
    who: { type: 'agent', userId: ctx.actor.user.id },
  });
  return visibleConversationView(ctx.db, v, conversationId);
}
