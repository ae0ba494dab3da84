import type { ActivitiesQuery, Activity } from '@inbox/contract';
import { type SQL, sql } from 'drizzle-orm';
import { isoFromDb } from '../../lib/timestamps.ts';
import type { CompanyCtx } from '../access/context.ts';
import { summaryOf } from './summary.ts';

/** As other long lists: the total is counted no further than this past the page (`meta.total_capped`). */
export const ACTIVITIES_TOTAL_CAP = 1000;

interface Row extends Record<string, unknown> {
  id: string | number;
  action: string;
  entity_type: string;
  entity_id: string | null;
  details: Record<string, unknown>;
  created_at: string;
  actor_user_id: number | null;
  actor_name: string | null;
  impersonator_user_id: number | null;
  impersonator_name: string | null;
  customer_name: string | null;
  member_name: string | null;
  scope_name: string | null;
}

const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Who acted, when it was not a user: recorded in `details.actor` (activities/service.ts). */
function otherActor(row: Row): string {
  const actor = row.details.actor as { type?: string; name?: string } | undefined;
  if (actor?.type === 'customer') return row.customer_name ?? 'A customer';
  if (actor?.type === 'api_key') return actor.name ? `API key “${actor.name}”` : 'An API key';
  if (actor?.type === 'system') return actor.name ? `System (${actor.name})` : 'System';
  return 'Someone no longer in the company';
}

function toActivity(row: Row): Activity {
  const { actor: _actor, ...details } = row.details;
  const entityId = row.entity_id;
  return {
    activity_id: Number(row.id),
    type: row.action,
    actor:
      row.actor_user_id !== null
        ? { user_id: Number(row.actor_user_id), name: row.actor_name ?? 'A deleted user' }
        : { user_id: null, name: otherActor(row) },
    impersonator:
      row.impersonator_user_id !== null
        ? { user_id: Number(row.impersonator_user_id), name: row.impersonator_name ?? 'A deleted user' }
        : null,
    subject: {
      type: row.entity_type,
      id: entityId !== null && /^\d+$/.test(entityId) ? Number(entityId) : entityId,
    },
    summary: summaryOf(row.action, details, entityId, { member: row.member_name, scope: row.scope_name }),
    created_ts: isoFromDb(row.created_at),
  };
}

/**
 * `GET /activities` (contract section 11): the company's activities, newest first. Company admins see
 * everyone's; others only their own (a `user_id` of someone else then lists nothing). Days are read in the
 * company's timezone, both ends included.
 */
export async function listActivities(ctx: CompanyCtx, q: ActivitiesQuery) {
  const where: SQL[] = [sql`a.company_id = ${ctx.companyId}`];
  if (ctx.role !== 'admin') where.push(sql`a.actor_user_id = ${ctx.actor.user.id}`);
  if (q.user_id !== undefined) where.push(sql`a.actor_user_id = ${q.user_id}`);
  if (q.type) {
    where.push(
      q.type.includes('.') ? sql`a.action = ${q.type}` : sql`a.action like ${`${likeLiteral(q.type)}.%`}`,
    );
  }
  const zone = sql`(select timezone from companies where id = ${ctx.companyId})`;
  if (q.from) where.push(sql`a.created_at >= (${q.from}::date)::timestamp at time zone ${zone}`);
  if (q.to) where.push(sql`a.created_at < (${q.to}::date + 1)::timestamp at time zone ${zone}`);
  const condition = sql.join(where, sql` and `);
  const res = await ctx.db.execute<Row>(sql`
    select a.id, a.action, a.entity_type, a.entity_id, a.details, a.created_at,
      a.actor_user_id, u.name as actor_name, a.impersonator_user_id, iu.name as impersonator_name,
      (select c.name from customers c where c.company_id = a.company_id
        and a.details->'actor'->>'type' = 'customer' and c.id = (a.details->'actor'->>'id')::int) as customer_name,
      (select mu.name from users mu where mu.id = case
        when a.action like 'company~_member.%' escape '~' then e.id else (a.details->>'user_id')::int end) as member_name,
      case a.entity_type
        when 'app' then (select ap.name from apps ap where ap.company_id = a.company_id and ap.id = e.id)
        when 'queue' then (select q.name from queues q where q.company_id = a.company_id and q.id = e.id)
      end as scope_name
    from activities a
    cross join lateral (select case when a.entity_id ~ '^[0-9]{1,9}$' then a.entity_id::int end as id) e
    left join users u on u.id = a.actor_user_id
    left join users iu on iu.id = a.impersonator_user_id
    where ${condition}
    order by a.created_at desc, a.id desc
    limit ${q.limit} offset ${q.offset}`);
  const rows = res.rows.map(toActivity);
  if (rows.length < q.limit && (q.offset === 0 || rows.length > 0)) {
    return { rows, meta: { total: q.offset + rows.length, limit: q.limit, offset: q.offset } };
  }
  const cap = q.offset + ACTIVITIES_TOTAL_CAP;
  const counted = await ctx.db.execute<{ n: string | number }>(
    sql`select count(*) as n from (select 1 from activities a where ${condition} limit ${cap + 1}) m`,
  );
  const n = Number(counted.rows[0]?.n ?? 0);
  return {
    rows,
    meta: {
      total: Math.min(n, cap),
      limit: q.limit,
      offset: q.offset,
      ...(n > cap ? { total_capped: true as const } : {}),
    },
  };
}
