import { type BillingUsage, PLANS, type PlanId } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { CompanyScope } from '../access/context.ts';

/** Counts one AI request of the company in this month (its timezone); a counter, since no row is left behind. */
export async function countAiRequest(scope: CompanyScope) {
  await scope.db.execute(sql`
    insert into usage_counters (company_id, month, ai_requests)
    select id, date_trunc('month', now() at time zone timezone)::date, 1 from companies where id = ${scope.companyId}
    on conflict (company_id, month) do update set ai_requests = usage_counters.ai_requests + 1`);
}

interface Row extends Record<string, unknown> {
  plan_id: PlanId;
  start: string;
  end: string;
  seats: number;
  conversations: number;
  messages: number;
  ai_requests: number;
  storage_bytes: string | number;
}

/**
 * `GET /billing/usage/current` (contract section 11): this calendar month in the company's timezone, its plan
 * and what it used. Seats are members who are not suspended; messages are customers' and agents' (not notes,
 * not automatic ones); storage is every stored file.
 */
export async function currentUsage(scope: CompanyScope): Promise<BillingUsage> {
  const res = await scope.db.execute<Row>(sql`
    with c as (
      select id, plan_id, timezone, date_trunc('month', now() at time zone timezone) as local_start
      from companies where id = ${scope.companyId}
    ), bounds as (
      select c.*, (c.local_start at time zone c.timezone) as start_ts,
        ((c.local_start + interval '1 month') at time zone c.timezone) as end_ts from c
    )
    select b.plan_id, to_char(b.local_start, 'YYYY-MM-DD') as start,
      to_char(b.local_start + interval '1 month' - interval '1 day', 'YYYY-MM-DD') as end,
      (select count(*)::int from company_members cm join users u on u.id = cm.user_id
        where cm.company_id = b.id and u.status <> 'suspended') as seats,
      (select count(*)::int from conversations cv
        where cv.company_id = b.id and cv.created_at >= b.start_ts and cv.created_at < b.end_ts) as conversations,
      (select count(*)::int from messages m
        where m.company_id = b.id and m.created_at >= b.start_ts and m.created_at < b.end_ts
          and m.sender_type in ('customer', 'agent') and not m.is_private) as messages,
      coalesce((select u.ai_requests from usage_counters u
        where u.company_id = b.id and u.month = b.local_start::date), 0) as ai_requests,
      (select coalesce(sum(a.file_size), 0) from attachments a where a.company_id = b.id) as storage_bytes
    from bounds b`);
  const r = res.rows[0]!;
  const plan = PLANS[r.plan_id];
  return {
    period: { start: r.start, end: r.end },
    plan: { plan_id: r.plan_id, name: plan.name, price_per_month: plan.price_per_month, limits: plan.limits },
    usage: {
      seats: Number(r.seats),
      conversations: Number(r.conversations),
      messages: Number(r.messages),
      ai_requests: Number(r.ai_requests),
      storage_bytes: Number(r.storage_bytes),
    },
  };
}
