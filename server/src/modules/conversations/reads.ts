import type { Conversation, ReadBody } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyCtx } from '../access/context.ts';
import { loadVisibility, viewerOf } from '../access/conversation-visibility.ts';
import { setTyping } from './typing.ts';
import { requireCovered, visibleConversationView } from './views.ts';

/**
 * Moves a user's read marker to the latest message at or before `upTo` (or the latest of all), never
 * backwards: a late request from an older tab cannot bring unread messages back.
 */
export async function advanceReadMarker(
  db: DbOrTx,
  where: { companyId: number; conversationId: number; userId: number },
  upTo: number | null,
) {
  await db.execute(sql`
    insert into conversation_reads (conversation_id, user_id, company_id, last_read_message_id, updated_at)
    select ${where.conversationId}, ${where.userId}, ${where.companyId}, m.id, now()
    from (select max(id) as id from messages
          where conversation_id = ${where.conversationId} and company_id = ${where.companyId}
            and (${upTo}::bigint is null or id <= ${upTo}::bigint)) m
    where m.id is not null
    on conflict (conversation_id, user_id) do update set
      last_read_message_id = greatest(conversation_reads.last_read_message_id, excluded.last_read_message_id),
      updated_at = now()`);
}

export async function markRead(ctx: CompanyCtx, input: ReadBody): Promise<Conversation> {
  const v = await loadVisibility(ctx.db, viewerOf(ctx));
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
  const v = await loadVisibility(ctx.db, viewerOf(ctx));
  await requireCovered(ctx.db, v, conversationId);
  await setTyping(ctx.db, {
    companyId: ctx.companyId,
    conversationId,
    who: { type: 'agent', userId: ctx.actor.user.id },
  });
  return visibleConversationView(ctx.db, v, conversationId);
}
