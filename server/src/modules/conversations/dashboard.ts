import type { Dashboard, DashboardQuery } from '@inbox/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { companies, conversations } from '../../db/schema/index.ts';
import { preparedRows } from '../../db/statement.ts';
import type { CompanyCtx } from '../access/context.ts';
import { callerVisibility, visibilityCondition } from '../access/conversation-visibility.ts';
import { groupTotal } from './counts.ts';
import { filterConditions } from './poll.ts';
import { listConversations } from './views.ts';

/**
 * The dashboard: counts over what the caller can see (optionally of one app) and the latest conversations.
 * The counts by status and assignee are sums over the company's conversation groups (decision 033); they
 * counted every visible conversation before (19 ms at 100,000). "Resolved today", which starts at midnight
 * in the company's timezone, counts the day's resolutions through `conversations_resolved_idx`.
 */
export async function getDashboard(ctx: CompanyCtx, q: DashboardQuery): Promise<Dashboard> {
  const db = ctx.db;
  const v = await callerVisibility(ctx);
  const { conditions: filters } = await filterConditions(ctx, v, { app_id: q.app_id });
  // The agent's ids behind init plans, as in the inbox list: the named statement below then keeps its one
  // generic plan instead of being planned again for each agent's ids.
  const base = and(visibilityCondition(v, { opaque: true }), ...filters) as SQL;
  const tz = sql`(select ${companies.timezone} from ${companies} where ${companies.id} = ${ctx.companyId})`;
  const active = sql`${conversations.status} in ('open', 'pending')`;
  const grouped = (cond: SQL) => groupTotal(and(base, cond) as SQL);
  // Named, so PostgreSQL plans it once per connection: planning its five counts on every call cost more than
  // running them (bench/RESULTS.md, inbox notes).
  const [row] = await preparedRows<
    Record<'open' | 'pending' | 'resolved_today' | 'unassigned' | 'mine', string>
  >(
    db,
    'dashboard_counts',
    sql`
    select ${grouped(sql`${conversations.status} = 'open'`)} as open,
      ${grouped(sql`${conversations.status} = 'pending'`)} as pending,
      (select count(*) from ${conversations} where ${base} and ${conversations.status} = 'resolved'
        and ${conversations.resolvedAt} >= (date_trunc('day', now() at time zone ${tz}) at time zone ${tz})
      ) as resolved_today,
      ${grouped(sql`${active} and ${conversations.assignedUserId} is null`)} as unassigned,
      ${grouped(sql`${active} and ${eq(conversations.assignedUserId, ctx.actor.user.id)}`)} as mine`,
  );
  const recent = await listConversations(db, v, filters, { limit: q.limit, offset: 0, withTotal: false });
  return {
    counts: {
      open: Number(row?.open ?? 0),
      pending: Number(row?.pending ?? 0),
      resolved_today: Number(row?.resolved_today ?? 0),
      unassigned: Number(row?.unassigned ?? 0),
      mine: Number(row?.mine ?? 0),
    },
    conversations: recent.rows,
  };
}
