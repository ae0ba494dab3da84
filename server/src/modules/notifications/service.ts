import type { Notification, NotificationListQuery, NotificationReadBody } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import type { CompanyCtx } from '../access/context.ts';
import { requireVisibleConversation } from '../access/conversation-visibility.ts';
import { isoTs } from '../events/record.ts';

/** A notification row as the wire shows it (the actor's name read now, as a mention's is). */
export const NOTIFICATION_COLUMNS = sql`n.id as notification_id, n.type, n.conversation_id,
  case when n.actor_user_id is null then null
    else json_build_object('user_id', n.actor_user_id, 'name', au.name) end as actor,
  n.summary, ${isoTs(sql`n.created_at`)} as created_ts,
  case when n.read_at is null then null else ${isoTs(sql`n.read_at`)} end as read_ts`;

export const toNotification = (r: Record<string, unknown>): Notification => ({
  notification_id: Number(r.notification_id),
  type: r.type as Notification['type'],
  conversation_id: Number(r.conversation_id),
  actor: (r.actor as Notification['actor']) ?? null,
  summary: String(r.summary),
  created_ts: String(r.created_ts),
  read_ts: (r.read_ts as string | null) ?? null,
});

/** One person's unread notifications in one company (those shown in the app). */
export async function unreadCount(db: DbOrTx, companyId: number, userId: number): Promise<number> {
  const res = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from notifications
    where user_id = ${userId} and company_id = ${companyId} and read_at is null and in_app`);
  return Number(res.rows[0]?.n ?? 0);
}

/** The caller's own notifications in the company of the request, newest first, with the unread count. */
export async function listNotifications(ctx: CompanyCtx, q: NotificationListQuery) {
  const userId = ctx.actor.user.id;
  const unreadOnly = q.unread ? sql`and n.read_at is null` : sql``;
  const res = await ctx.db.execute<Record<string, unknown>>(sql`
    select ${NOTIFICATION_COLUMNS}, count(*) over ()::int as total
    from notifications n left join users au on au.id = n.actor_user_id
    where n.user_id = ${userId} and n.company_id = ${ctx.companyId} and n.in_app ${unreadOnly}
    order by n.id desc limit ${q.limit} offset ${q.offset}`);
  let total = Number(res.rows[0]?.total ?? 0);
  // A page past the end has no row to carry the total.
  if (res.rows.length === 0 && q.offset > 0) {
    const all = await ctx.db.execute<{ n: number }>(sql`
      select count(*)::int as n from notifications n
      where n.user_id = ${userId} and n.company_id = ${ctx.companyId} and n.in_app ${unreadOnly}`);
    total = Number(all.rows[0]?.n ?? 0);
  }
  return {
    rows: res.rows.map(toNotification),
    meta: {
      total,
      limit: q.limit,
      offset: q.offset,
      unread_count: await unreadCount(ctx.db, ctx.companyId, userId),
    },
  };
}

/**
 * Marks some of the caller's notifications in this company read: by id, those of one conversation, or all.
 * Ids that are not the caller's here change nothing and say nothing (another person's notification is not
 * revealed); a conversation out of the caller's sight answers 404.
 */
export async function markRead(ctx: CompanyCtx, body: NotificationReadBody) {
  const userId = ctx.actor.user.id;
  // A conversation is named as every call names one: another company's, a missing one or one out of sight
  // answers 404, and nothing tells them apart.
  if ('conversation_id' in body) await requireVisibleConversation(ctx, ctx.db, body.conversation_id);
  const which =
    'all' in body
      ? sql``
      : 'conversation_id' in body
        ? sql`and conversation_id = ${body.conversation_id}`
        : sql`and id = any(${sql.param(body.notification_ids.map(Number))}::bigint[])`;
  await ctx.db.execute(sql`
    update notifications set read_at = now()
    where user_id = ${userId} and company_id = ${ctx.companyId} and read_at is null ${which}`);
  return { unread_count: await unreadCount(ctx.db, ctx.companyId, userId) };
}
