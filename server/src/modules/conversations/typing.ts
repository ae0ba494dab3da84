import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyScope } from '../access/context.ts';
import { eventInsert } from '../events/record.ts';
import { conversationStateSql } from './state.ts';

/** How long one typing signal shows: clients repeat it at most every 3 s while typing. */
export const TYPING_TTL_SECONDS = 6;

export type Typist = { type: 'customer' } | { type: 'agent'; userId: number } | { type: 'auto' | 'system' };

export const actorKeyOf = (who: { type: Typist['type']; userId?: number | null }) =>
  who.type !== 'agent' ? who.type : who.userId == null ? 'api_key' : `user:${who.userId}`;

/**
 * Records that someone is typing, with a `typing` event when the signal was written. A signal refreshed
 * less than a second ago is left alone, so a chatty client costs no extra writes or events. The caller has
 * checked that the conversation is the company's.
 */
export async function setTyping(
  db: DbOrTx,
  input: { companyId: number; conversationId: number; who: Typist },
) {
  const userId = input.who.type === 'agent' ? input.who.userId : null;
  const actorType = input.who.type === 'agent' ? 'user' : input.who.type;
  await db.execute(sql`
    with t as (
      insert into typing_signals (conversation_id, actor_key, company_id, user_id, expires_at)
      values (${input.conversationId}, ${actorKeyOf(input.who)}, ${input.companyId}, ${userId},
        now() + make_interval(secs => ${TYPING_TTL_SECONDS}))
      on conflict (conversation_id, actor_key) do update set expires_at = excluded.expires_at
      where typing_signals.expires_at < excluded.expires_at - interval '1 second'
      returning conversation_id
    ), ev as (
      ${eventInsert}
      select 'typing', c.company_id, c.app_id, c.id, c.customer_id, ${actorType}::text,
        case when ${actorType}::text = 'user' then ${userId}::int
          when ${actorType}::text = 'customer' then c.customer_id end,
        jsonb_build_object('seconds', ${TYPING_TTL_SECONDS}::int, 'conversation', ${conversationStateSql('c')})
      from t join conversations c on c.id = t.conversation_id and c.company_id = ${input.companyId}
    )
    select 1`);
}

/** Everyone typing right now in a conversation: agents by user, and whether the customer is. */
export async function whoIsTyping(scope: CompanyScope, conversationId: number) {
  const { db, companyId } = scope;
  const res = await db.execute<{ actor_key: string; user_id: number | null; name: string | null }>(sql`
    select t.actor_key, t.user_id, u.name from typing_signals t left join users u on u.id = t.user_id
    where t.conversation_id = ${conversationId} and t.company_id = ${companyId} and t.expires_at > now()
    order by t.actor_key`);
  return {
    customer: res.rows.some((r) => r.actor_key === 'customer'),
    users: res.rows
      .filter((r) => r.user_id !== null)
      .map((r) => ({ userId: Number(r.user_id), name: r.name ?? 'Support' })),
  };
}

/** The SQL condition "an agent is typing in the conversation", for the portal poll's single query. */
export const agentTypingSql = (conversationId: SQL) => sql`exists (
  select 1 from typing_signals t
  where t.conversation_id = ${conversationId} and t.user_id is not null and t.expires_at > now())`;
