import { CSAT_TOKEN_TTL_DAYS } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * An agent resolved these conversations: each of an app with satisfaction ratings on is asked once for this
 * resolution (contract section 14, decision 055). Written in the resolving transaction, so the portal that
 * hears of the resolution already finds the question; keyed by the conversation and its `resolved_at`, so a
 * conversation reopened and resolved again is asked again, and a repeated write asks nothing more.
 */
export async function askForRatings(tx: DbOrTx, companyId: number, ids: number[], resolvedBy: number) {
  if (ids.length === 0) return;
  await tx.execute(sql`
    insert into csat_requests (company_id, conversation_id, resolved_at, resolved_by_user_id, question, expires_at)
    select c.company_id, c.id, c.resolved_at, ${resolvedBy}::int, a.csat_question,
      c.resolved_at + make_interval(days => ${CSAT_TOKEN_TTL_DAYS})
    from conversations c join apps a on a.id = c.app_id and a.csat_enabled
    where c.company_id = ${companyId} and c.id = any(${sql.param(ids)}::int[]) and c.status = 'resolved'
      and c.resolved_at is not null
    on conflict do nothing`);
}
