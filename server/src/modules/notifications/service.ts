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

/** One person's notifications in one company shown in the app, and how many of them are unread. */
async function countsOf(db: DbOrTx, companyId: number, userId: number) {
  const res = await db.execute<{ shown: number; unread: number }>(sql`
    select shown, unread from notification_counts where user_id = ${userId} and company_id = ${companyId}`);
  return { shown: Number(res.rows[0]?.shown ?? 0), unread: Number(res.rows[0]?.unread ?? 0) };
}

/** One person's unread notifications in one company (those shown in the app). */
export const unreadCount = async (db: DbOrTx, companyId: number, userId: number) =>
  (await countsOf(db, companyId, userId)).unread;

/**
 * The caller's own notifications in the company of the request, newest first, with the unread count. Both
 * totals come from the kept counts (`notification_counts`): a person's list grows without end, and counting
 * it on every open of the bell grew with it.
 */
export async function listNotifications(ctx: CompanyCtx, q: NotificationListQuery) {
  const userId = ctx.actor.user.id;
  const unreadOnly = q.unread ? sql`and n.read_at is null` : sql``;
  const res = await ctx.db.execute<Record<string, unknown>>(sql`
    select ${NOTIFICATION_COLUMNS}
    from notifications n left join users au on au.id = n.actor_user_id
    where n.user_id = ${userId} and n.company_id = ${ctx.companyId} and n.in_app ${unreadOnly}
    order by n.id desc limit ${q.limit} offset ${q.offset}`);
  const counts = await countsOf(ctx.db, ctx.companyId, userId);
  return {
    rows: res.rows.map(toNotification),
    meta: {
      total: q.unread ? counts.unread : counts.shown,
      limit: q.limit,
      offset: q.offset,
      unread_count: counts.unread,
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
