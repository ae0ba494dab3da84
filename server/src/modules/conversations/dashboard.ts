import type { Dashboard, DashboardQuery } from '@inbox/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { companies, conversations } from '../../db/schema/index.ts';
import type { CompanyCtx } from '../access/context.ts';
import { loadVisibility, viewerOf, visibilityCondition } from '../access/conversation-visibility.ts';
import { filterConditions } from './poll.ts';
import { listConversations } from './views.ts';

const count = (cond: SQL) => sql<string>`count(*) filter (where ${cond})`;

/**
 * The dashboard: counts over what the caller can see (optionally of one app) and the latest conversations.
 * "Resolved today" starts at midnight in the company's timezone.
 */
export async function getDashboard(ctx: CompanyCtx, q: DashboardQuery): Promise<Dashboard> {
  const db = ctx.db;
  const v = await loadVisibility(db, viewerOf(ctx));
  const { conditions: filters } = await filterConditions(ctx, v, { app_id: q.app_id });
  const tz = sql`(select ${companies.timezone} from ${companies} where ${companies.id} = ${ctx.companyId})`;
  const active = sql`${conversations.status} in ('open', 'pending')`;
  const [row] = await db
    .select({
      open: count(sql`${conversations.status} = 'open'`),
      pending: count(sql`${conversations.status} = 'pending'`),
      resolvedToday: count(
        sql`${conversations.status} = 'resolved'
          and ${conversations.resolvedAt} >= (date_trunc('day', now() at time zone ${tz}) at time zone ${tz})`,
      ),
      unassigned: count(sql`${active} and ${conversations.assignedUserId} is null`),
      mine: count(sql`${active} and ${eq(conversations.assignedUserId, ctx.actor.user.id)}`),
    })
    .from(conversations)
    .where(and(visibilityCondition(v), ...filters));
  const recent = await listConversations(db, v, filters, { limit: q.limit, offset: 0, withTotal: false });
  return {
    counts: {
      open: Number(row?.open ?? 0),
      pending: Number(row?.pending ?? 0),
      resolved_today: Number(row?.resolvedToday ?? 0),
      unassigned: Number(row?.unassigned ?? 0),
      mine: Number(row?.mine ?? 0),
    },
    conversations: recent.rows,
  };
}
