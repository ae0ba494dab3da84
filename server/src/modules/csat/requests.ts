import { type SQL, sql } from 'drizzle-orm';

/**
 * The question a conversation's customer is asked now, or null, as a scalar subquery over a conversations
 * row named `c`: the latest resolution's request (found by its key, the conversation and its `resolved_at`)
 * while it is unanswered and not expired, and while the conversation is still resolved (reopened, it moved on
 * from that resolution). The portal's session query carries it, so a poll stays one round trip.
 */
export const ratingQuestionSql: SQL = sql`(select r.question from csat_requests r
  where r.conversation_id = c.id and r.resolved_at = c.resolved_at and c.status = 'resolved'
    and r.rated_at is null and r.expires_at > now())`;
