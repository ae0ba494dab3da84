import { sql } from 'drizzle-orm';
import { conversations } from '../../db/schema/index.ts';
import type { CompanyCtx } from '../access/context.ts';
import { visibleConversationsWhere } from '../access/conversation-visibility.ts';

/**
 * How many of the app's most recently active answered conversations are searched (about 20,000 messages
 * at 20 each: a few hundred ms on a busy 2-core machine). Bounding the search keeps the call fast on a large
 * inbox without an English full-text index on every message, which would tax the commit-bound send path for
 * a feature used a few times an hour.
 */
export const SEARCH_WINDOW_CONVERSATIONS = 1000;

export interface SimilarReply {
  content: string;
  rank: number;
  /** The customer and agent of the conversation the reply comes from, to adapt names. */
  customerName: string;
  customerEmail: string | null;
  agentName: string | null;
}

interface Row extends Record<string, unknown> {
  content: string;
  rank: number | string;
  customer_name: string;
  customer_email: string | null;
  agent_name: string | null;
}

/**
 * Past agent replies of the same app that answered customer messages most like `text`, best first, drawn
 * only from conversations the caller may see (contract section 4): an agent outside a private queue never
 * gets its replies. A customer message of another conversation matching the query (PostgreSQL full-text
 * search, any of the query's words) stands for its next agent reply; an agent reply matching directly
 * counts less. Internal notes are never candidates, and the conversation itself is excluded.
 */
export async function findSimilarReplies(
  ctx: CompanyCtx,
  input: {
    appId: number;
    conversationId: number;
    text: string;
    limit?: number;
    /** An unverified conversation's customer: none of their other conversations may inform it (decision 037). */
    excludeCustomerId?: number;
  },
): Promise<SimilarReply[]> {
  const { companyId, db } = ctx;
  const { appId, conversationId } = input;
  const visible = await visibleConversationsWhere(ctx, db);
  const res = await db.execute<Row>(sql`
    with query as (
      -- plainto_tsquery parses and stems safely; turning its ANDs into ORs finds partial matches, and
      -- ts_rank rewards the replies sharing more words.
      select replace(plainto_tsquery('english', ${input.text})::text, ' & ', ' | ')::tsquery as q
    ), recent as (
      select ${conversations.id} as id from ${conversations}
      where ${visible} and ${conversations.appId} = ${appId} and ${conversations.id} <> ${conversationId}
        and ${conversations.customerId} <> ${input.excludeCustomerId ?? 0}
        and ${conversations.firstReplyAt} is not null
      -- nulls last as in conversations_inbox_idx, so the index serves the order (the column is never null).
      order by ${conversations.lastActivityAt} desc nulls last, ${conversations.id} desc nulls last
      limit ${SEARCH_WINDOW_CONVERSATIONS}
    ), hits as (
      select m.conversation_id, m.id, m.sender_type, ts_rank(to_tsvector('english', m.content), query.q) as rank
      from recent r
      join messages m on m.conversation_id = r.id and m.company_id = ${companyId}
      cross join query
      where not m.is_private and m.sender_type in ('customer', 'agent')
        and to_tsvector('english', m.content) @@ query.q
      order by rank desc
      limit 50
    ), replies as (
      select reply.content, reply.sender_user_id, h.conversation_id,
        h.rank * (case when h.sender_type = 'customer' then 1.0 else 0.6 end) as rank
      from hits h
      cross join lateral (
        select r.content, r.sender_user_id from messages r
        where r.conversation_id = h.conversation_id and r.company_id = ${companyId}
          and r.sender_type = 'agent' and not r.is_private and length(trim(r.content)) > 0
          and (r.id > h.id or (h.sender_type = 'agent' and r.id = h.id))
        order by r.id
        limit 1
      ) reply
    )
    select distinct on (replies.content) replies.content, replies.rank, cu.name as customer_name,
      cu.email as customer_email, u.name as agent_name
    from replies
    join conversations c on c.id = replies.conversation_id
    join customers cu on cu.id = c.customer_id
    left join users u on u.id = replies.sender_user_id
    order by replies.content, replies.rank desc`);
  return res.rows
    .map((r) => ({
      content: r.content,
      rank: Number(r.rank),
      customerName: r.customer_name,
      customerEmail: r.customer_email,
      agentName: r.agent_name,
    }))
    .sort((a, b) => b.rank - a.rank)
    .slice(0, input.limit ?? 3);
}
