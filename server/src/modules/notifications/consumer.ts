import type { InboxEvent, NotificationCreatedData, NotificationType } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { pairsInSight } from '../conversations/audience.ts';
import type { ConsumerSpec } from '../events/consumer.ts';
import { isoTs, recordEvents } from '../events/record.ts';
import { queueMails } from './mail-job.ts';
import { choicesOf } from './preferences.ts';
import { queuePushes } from './push-job.ts';
import { type ConversationNow, intentsOf, mayNotify, NOTIFYING_TYPES, summaryOf } from './recipients.ts';

/** The batch's conversations as they are now, by id (an event's own company is checked where it is used). */
async function conversationsNow(tx: Tx, ids: readonly number[]): Promise<Map<number, ConversationNow>> {
  const res = await tx.execute<Record<string, unknown>>(sql`
    select c.id, c.company_id, c.app_id, c.queue_id, c.assigned_user_id, c.number, cu.name as customer_name
    from conversations c join customers cu on cu.id = c.customer_id
    where c.id = any(${sql.param([...new Set(ids)])}::int[])`);
  return new Map(
    res.rows.map((r) => [
      Number(r.id),
      {
        id: Number(r.id),
        companyId: Number(r.company_id),
        appId: Number(r.app_id),
        queueId: r.queue_id == null ? null : Number(r.queue_id),
        assignedUserId: r.assigned_user_id == null ? null : Number(r.assigned_user_id),
        number: Number(r.number),
        customerName: String(r.customer_name ?? 'Customer'),
      },
    ]),
  );
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

async function userNames(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const res = await tx.execute<{ id: number; name: string }>(sql`
    select id, name from users where id = any(${sql.param([...new Set(ids)])}::int[])`);
  return new Map(res.rows.map((r) => [Number(r.id), r.name]));
}

/** One person to tell of one event. */
interface Told {
  e: InboxEvent;
  conv: ConversationNow;
  actorUserId: number | null;
  userId: number;
  type: NotificationType;
}

/**
 * Whom each event may tell: each person once per event (the first intent for them wins), never the actor.
 * The reads some types need (a queue's members, the snoozer) are few; the common ones (a customer's reply,
 * a mention, an assignment) need none.
 */
async function toldOf(tx: Tx, events: readonly InboxEvent[]): Promise<Told[]> {
  const ids = events.flatMap((e) => (e.conversation_id === undefined ? [] : [e.conversation_id]));
  if (ids.length === 0) return [];
  const convs = await conversationsNow(tx, ids);
  const out: Told[] = [];
  for (const e of events) {
    const conv = e.conversation_id === undefined ? undefined : convs.get(e.conversation_id);
    if (!conv || conv.companyId !== e.company_id) continue;
    const actorUserId = e.actor.type === 'user' && e.actor.id !== undefined ? e.actor.id : null;
    const seen = new Set<number>();
    for (const i of await intentsOf(tx, e, conv)) {
      if (i.userId === actorUserId || seen.has(i.userId)) continue;
      seen.add(i.userId);
      out.push({ e, conv, actorUserId, ...i });
    }
  }
  return out;
}

type Made = {
  id: number;
  event_id: number;
  user_id: number;
  due: number | null;
  created_ts: string;
};

/** Each person's unread notifications in each company, after the batch's were made (kept by triggers). */
async function unreadCounts(tx: Tx, whom: readonly { companyId: number; userId: number }[]) {
  if (whom.length === 0) return new Map<string, number>();
  const res = await tx.execute<{ company_id: number; user_id: number; n: number }>(sql`
    select c.company_id, c.user_id, c.unread as n
    from notification_counts c
      join unnest(${sql.param(whom.map((w) => w.userId))}::int[],
        ${sql.param(whom.map((w) => w.companyId))}::int[]) as w(user_id, company_id)
      on c.user_id = w.user_id and c.company_id = w.company_id`);
  return new Map(res.rows.map((r) => [`${Number(r.company_id)}:${Number(r.user_id)}`, Number(r.n)]));
}

/**
 * Makes the notifications of a batch of events, a statement per step for the whole batch (a customer's
 * reply to an assigned conversation is most of the traffic, and one event at a time it cost the send path
 * about seven statements, bench/RESULTS.md). Each person is told once per event (the unique key on
 * (event, user) holds it if the batch is handled again), never of their own action, and only while they can
 * see the conversation now. What each one wants decides what is made: a row when any medium is on (shown in
 * the app only when `in_app` is), the mail job, the push job, and the live event.
 */
async function notifyOf(tx: Tx, queue: JobQueue, events: readonly InboxEvent[]) {
  const told = await toldOf(tx, events);
  if (told.length === 0) return;
  const sight = await pairsInSight(
    tx,
    told.map((t) => ({ companyId: t.conv.companyId, conversationId: t.conv.id, userId: t.userId })),
  );
  const seeing = told.filter((t) => sight.has(`${t.conv.id}:${t.userId}`));
  if (seeing.length === 0) return;
  const choice = await choicesOf(
    tx,
    seeing.map((t) => t.userId),
  );
  const names = await userNames(
    tx,
    seeing.flatMap((t) => (t.actorUserId === null ? [] : [t.actorUserId])),
  );
  const wanted = seeing.flatMap((t) => {
    const c = choice(t.userId, t.type);
    if (!c.in_app && !c.email && !c.push) return [];
    const actor = t.actorUserId === null ? null : (names.get(t.actorUserId) ?? null);
    return [{ ...t, c, actor, summary: summaryOf(t.type, t.e, t.conv, actor) }];
  });
  if (wanted.length === 0) return;
  const values = wanted.map(
    (w) => sql`(${w.conv.companyId}::int, ${w.userId}::int, ${w.e.event_id}::bigint, ${w.type}::text,
      ${w.conv.id}::int, ${w.actorUserId}::int, ${w.summary}::text, ${w.c.in_app}::boolean,
      ${w.c.email ? w.c.emailDelayMinutes : null}::int)`,
  );
  const res = await tx.execute<Made>(sql`
    insert into notifications (company_id, user_id, event_id, type, conversation_id, actor_user_id, summary,
      in_app, email_due_at)
    select company_id, user_id, event_id, type, conversation_id, actor_user_id, summary, in_app,
      now() + make_interval(mins => delay)
    from (values ${sql.join(values, sql`, `)})
      as v(company_id, user_id, event_id, type, conversation_id, actor_user_id, summary, in_app, delay)
    on conflict (event_id, user_id) do nothing
    returning id, event_id, user_id, extract(epoch from email_due_at)::float8 as due,
      ${isoTs(sql`created_at`)} as created_ts`);
  // The rows made now (a batch handled again makes none), matched back to what was asked by (event, user).
  const byKey = new Map(res.rows.map((m) => [`${Number(m.event_id)}:${Number(m.user_id)}`, m]));
  const made = wanted.flatMap((w) => {
    const m = byKey.get(`${w.e.event_id}:${w.userId}`);
    return m ? [{ ...w, m }] : [];
  });
  await queueMails(
    tx,
    queue,
    made.flatMap((w) =>
      w.m.due === null ? [] : [{ userId: w.userId, companyId: w.conv.companyId, due: Number(w.m.due) }],
    ),
  );
  await queuePushes(
    tx,
    queue,
    made.filter((w) => w.c.push).map((w) => Number(w.m.id)),
  );
  const shown = made.filter((w) => w.c.in_app);
  const unread = await unreadCounts(
    tx,
    shown.map((w) => ({ companyId: w.conv.companyId, userId: w.userId })),
  );
  // Written with the notifications: the recipient's streams alone show it (`events/views.ts`). No app and
  // no conversation on the event, so no portal stream or webhook ever reads it.
  await recordEvents(
    tx,
    shown.map((w) => ({
      type: 'notification.created' as const,
      companyId: w.conv.companyId,
      actor: { type: 'system' as const },
      data: {
        user_id: w.userId,
        notification: {
          notification_id: Number(w.m.id),
          type: w.type,
          conversation_id: w.conv.id,
          actor: w.actorUserId === null ? null : { user_id: w.actorUserId, name: w.actor ?? '' },
          summary: w.summary,
          created_ts: String(w.m.created_ts),
          read_ts: null,
        },
        unread_count: unread.get(`${w.conv.companyId}:${w.userId}`) ?? 0,
      } satisfies NotificationCreatedData,
    })),
  );
}

/** The notifications consumer (decision 052): every process runs one; each event is handled once. */
export const notificationConsumer = (queue: JobQueue): ConsumerSpec => ({
  name: 'notifications',
  types: NOTIFYING_TYPES,
  async handle(tx, events) {
    // In the batch's order, a snooze kept before the notifications of the events after it (its end may be
    // among them), and the events between snoozes notified together.
    let run: InboxEvent[] = [];
    for (const e of events) {
      if (e.type !== 'conversation.snoozed') {
        if (mayNotify(e)) run.push(e);
        continue;
      }
      await notifyOf(tx, queue, run);
      run = [];
      await keepSnoozer(tx, e);
    }
    await notifyOf(tx, queue, run);
  },
});
