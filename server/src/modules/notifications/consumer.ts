import type { InboxEvent, NotificationCreatedData, NotificationType } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { admitCompany } from '../access/context.ts';
import { whoCanSee } from '../conversations/audience.ts';
import type { ConsumerSpec } from '../events/consumer.ts';
import { recordEvents } from '../events/record.ts';
import { queueMail } from './mail-job.ts';
import { choicesOf } from './preferences.ts';
import { queuePush } from './push-job.ts';
import {
  type ConversationNow,
  type Intent,
  intentsOf,
  mayNotify,
  NOTIFYING_TYPES,
  summaryOf,
} from './recipients.ts';
import { NOTIFICATION_COLUMNS, toNotification, unreadCount } from './service.ts';

async function conversationNow(tx: Tx, e: InboxEvent): Promise<ConversationNow | null> {
  const res = await tx.execute<Record<string, unknown>>(sql`
    select c.id, c.company_id, c.app_id, c.queue_id, c.assigned_user_id, c.number, cu.name as customer_name
    from conversations c join customers cu on cu.id = c.customer_id
    where c.id = ${e.conversation_id} and c.company_id = ${e.company_id}`);
  const r = res.rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    companyId: Number(r.company_id),
    appId: Number(r.app_id),
    queueId: r.queue_id == null ? null : Number(r.queue_id),
    assignedUserId: r.assigned_user_id == null ? null : Number(r.assigned_user_id),
    number: Number(r.number),
    customerName: String(r.customer_name ?? 'Customer'),
  };
}

/** The snoozer is kept for the snooze's end (`recipients.ts`); a key or the system snoozing keeps no one. */
async function keepSnoozer(tx: Tx, e: InboxEvent) {
  if (e.actor.type !== 'user' || e.actor.id === undefined || e.conversation_id === undefined) return;
  await tx.execute(sql`
    insert into notification_snoozers (conversation_id, company_id, user_id)
    select id, company_id, ${e.actor.id} from conversations
    where id = ${e.conversation_id} and company_id = ${e.company_id}
    on conflict (conversation_id) do update set user_id = excluded.user_id, updated_at = now()`);
}

async function actorName(tx: Tx, userId: number | null) {
  if (userId === null) return null;
  const res = await tx.execute<{ name: string }>(sql`select name from users where id = ${userId}`);
  return res.rows[0]?.name ?? null;
}

/**
 * Makes the notifications of one event. Each person is told once (the first intent for them wins; the
 * unique key on (event, user) holds it if the batch is handled again), never of their own action, and
 * only while they can see the conversation now. What each one wants decides what is made: a row when any
 * medium is on (shown in the app only when `in_app` is), the mail job, the push job, and the live event.
 */
async function notifyOf(tx: Tx, queue: JobQueue, e: InboxEvent) {
  if (e.type === 'conversation.snoozed') return keepSnoozer(tx, e);
  if (!mayNotify(e)) return;
  const conv = await conversationNow(tx, e);
  if (!conv) return;
  const actorUserId = e.actor.type === 'user' && e.actor.id !== undefined ? e.actor.id : null;
  const intents = new Map<number, Intent>();
  for (const i of await intentsOf(tx, e, conv)) {
    if (i.userId !== actorUserId && !intents.has(i.userId)) intents.set(i.userId, i);
  }
  if (intents.size === 0) return;
  // The event's company, on the conversation read under it: the consumer acts for no caller.
  const scope = admitCompany({ db: tx, companyId: conv.companyId });
  const seeing = new Set((await whoCanSee(scope, conv.id, [...intents.keys()])).map((p) => p.user_id));
  const actor = await actorName(tx, actorUserId);
  const byType = new Map<NotificationType, number[]>();
  for (const i of intents.values()) {
    if (seeing.has(i.userId)) byType.set(i.type, [...(byType.get(i.type) ?? []), i.userId]);
  }
  const live: NotificationCreatedData[] = [];
  for (const [type, userIds] of byType) {
    const choices = await choicesOf(tx, userIds, type);
    const summary = summaryOf(type, e, conv, actor);
    for (const userId of userIds) {
      const c = choices.get(userId)!;
      if (!c.in_app && !c.email && !c.push) continue;
      const res = await tx.execute<{ id: number; due: number | null; now: number }>(sql`
        insert into notifications (company_id, user_id, event_id, type, conversation_id, actor_user_id,
          summary, in_app, email_due_at)
        values (${conv.companyId}, ${userId}, ${e.event_id}, ${type}, ${conv.id}, ${actorUserId},
          ${summary}, ${c.in_app}, case when ${c.email}::boolean
            then now() + make_interval(mins => ${c.emailDelayMinutes}::int) end)
        on conflict (event_id, user_id) do nothing
        returning id, extract(epoch from email_due_at)::float8 as due, extract(epoch from now())::float8 as now`);
      const made = res.rows[0];
      if (made === undefined) continue;
      const id = made.id;
      if (made.due !== null) {
        await queueMail(tx, queue, { userId, companyId: conv.companyId }, Number(made.due), Number(made.now));
      }
      if (c.push) await queuePush(tx, queue, Number(id));
      if (c.in_app) {
        const row = await tx.execute<Record<string, unknown>>(sql`
          select ${NOTIFICATION_COLUMNS} from notifications n left join users au on au.id = n.actor_user_id
          where n.id = ${id}`);
        live.push({
          user_id: userId,
          notification: toNotification(row.rows[0]!),
          unread_count: await unreadCount(tx, conv.companyId, userId),
        });
      }
    }
  }
  // Written with the notifications: the recipient's streams alone show it (`events/views.ts`). No app and
  // no conversation on the event, so no portal stream or webhook ever reads it.
  await recordEvents(
    tx,
    live.map((data) => ({
      type: 'notification.created' as const,
      companyId: conv.companyId,
      actor: { type: 'system' as const },
      data: { ...data },
    })),
  );
}

/** The notifications consumer (decision 052): every process runs one; each event is handled once. */
export const notificationConsumer = (queue: JobQueue): ConsumerSpec => ({
  name: 'notifications',
  types: NOTIFYING_TYPES,
  async handle(tx, events) {
    for (const e of events) await notifyOf(tx, queue, e);
  },
});
