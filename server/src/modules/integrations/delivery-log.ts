import type { IntegrationDelivery } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { CompanyCtx } from '../access/context.ts';
import { isoTs } from '../events/record.ts';
import { integrationInReach } from './service.ts';

/** How many of an integration's latest deliveries its page shows. */
const SHOWN = 25;

/**
 * `GET /integration/deliveries`: the integration's latest outgoing calls (webhook events, replies through
 * its channel), newest first, with their attempts and the last failure: what an admin checks when the other
 * side says nothing arrived.
 */
export async function recentDeliveries(ctx: CompanyCtx, id: number): Promise<IntegrationDelivery[]> {
  const row = await integrationInReach(ctx, id);
  const res = await ctx.db.execute<{
    id: number;
    what: string | null;
    message_id: number | null;
    excerpt: string | null;
    status: IntegrationDelivery['status'];
    attempts: number;
    last_status_code: number | null;
    last_error: string | null;
    next_attempt_ts: string | null;
    created_ts: string;
  }>(sql`
    select d.id, d.payload->>'type' as what, d.message_id, left(m.content, 80) as excerpt, d.status, d.attempts,
      d.last_status_code, d.last_error,
      case when d.status = 'pending' then ${isoTs(sql`d.next_attempt_at`)} end as next_attempt_ts,
      ${isoTs(sql`d.created_at`)} as created_ts
    from webhook_deliveries d left join messages m on m.id = d.message_id
    where d.company_id = ${ctx.companyId} and d.integration_id = ${row.id}
    order by d.id desc limit ${SHOWN}`);
  return res.rows.map((r) => ({
    delivery_id: Number(r.id),
    what: r.message_id !== null ? 'reply' : (r.what ?? 'event'),
    message_id: r.message_id === null ? null : Number(r.message_id),
    excerpt: r.excerpt,
    status: r.status,
    attempts: Number(r.attempts),
    last_status_code: r.last_status_code === null ? null : Number(r.last_status_code),
    last_error: r.last_error,
    next_attempt_ts: r.next_attempt_ts,
    created_ts: r.created_ts,
  }));
}
