import type { AutoResponderTrigger, BusinessHours, InboxEvent } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { isOpenAt, nextOpen } from '../../lib/business-hours.ts';
import { appendMessage } from '../conversations/append.ts';
import type { ConsumerSpec } from '../events/consumer.ts';
import { fillPlaceholders } from './placeholders.ts';

/**
 * Auto-responders that really fire (contract section 9). An event consumer decides, from each new
 * conversation and each customer message, which answers are owed, and records each as a run keyed by its
 * trigger occurrence; an occurrence is answered at most once whichever process or retry gets there, because
 * the run's row is unique and turns `sent` in the transaction that appends the message. Answers due now are
 * sent at once in the consumer's transaction; later ones (`no_agent_reply`) wait as `pending` rows, each with
 * a pg-boss job queued in the same transaction to run when due (`waiting.ts`), so a restart loses none; an
 * agent's reply cancels them.
 */

/** The pg-boss queue of `no_agent_reply` answers, one job per waiting run. */
export const WAITING_ANSWER_JOB = 'auto-responder-waiting';

/** At most this many automatic messages in a conversation within `LOOP_WINDOW_MINUTES`: a loop guard. */
export const LOOP_LIMIT = 3;
export const LOOP_WINDOW_MINUTES = 10;

interface Facts extends Record<string, unknown> {
  company_id: number;
  app_id: number;
  queue_id: number | null;
  status: string;
  customer_name: string;
  app_name: string;
  queue_name: string | null;
  timezone: string;
  business_hours: BusinessHours | null;
}

export interface Responder extends Record<string, unknown> {
  id: number;
  trigger: AutoResponderTrigger;
  delay_minutes: number;
  keywords: string[];
  message: string;
}

/**
 * What a responder's placeholders read. A portal chat's visitor is named as they typed it at the start, not
 * as the customer their email matched is stored: the answer goes to whoever typed that email.
 */
export async function factsOf(tx: DbOrTx, conversationId: number): Promise<Facts | null> {
  const res = await tx.execute<Facts>(sql`
    select c.company_id, c.app_id, c.queue_id, c.status,
      coalesce((select ps.visitor_name from portal_sessions ps
        where ps.conversation_id = c.id and ps.visitor_name is not null order by ps.id limit 1), cu.name)
        as customer_name,
      a.name as app_name,
      q.name as queue_name, co.timezone, co.business_hours
    from conversations c
    join customers cu on cu.id = c.customer_id
    join apps a on a.id = c.app_id
    join companies co on co.id = c.company_id
    left join queues q on q.id = c.queue_id
    where c.id = ${conversationId}`);
  return res.rows[0] ?? null;
}

/** Active responders of the conversation's app (and queue, for a queue's own) with one of these triggers. */
async function respondersFor(tx: DbOrTx, f: Facts, triggers: AutoResponderTrigger[], happened: string) {
  const res = await tx.execute<Responder>(sql`
    select id, trigger, delay_minutes, keywords, message from auto_responders
    where company_id = ${f.company_id} and app_id = ${f.app_id} and is_active
      and (queue_id is null or queue_id = ${f.queue_id})
      and trigger = any(${sql.param(triggers)}::text[])
      -- A responder answers what happens after it was made, not a backlog the consumer is catching up on.
      and created_at <= ${happened}::timestamptz
    order by id`);
  return res.rows.map((r) => ({ ...r, id: Number(r.id) }));
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A keyword as a whole word (or phrase), in any case: `refund` is in "Refund please!" but not "refunded". */
export const hasKeyword = (text: string, keywords: string[]) =>
  keywords.some((k) =>
    new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegex(k)}($|[^\\p{L}\\p{N}])`, 'iu').test(text),
  );

/** Records an owed answer; false when this occurrence already has one (answered, waiting or cancelled). */
async function owe(
  tx: Tx,
  f: Facts,
  responder: Responder,
  conversationId: number,
  occurrence: string,
  due: Date,
) {
  const res = await tx.execute<{ id: string }>(sql`
    insert into auto_responder_runs (company_id, responder_id, conversation_id, occurrence, due_at)
    values (${f.company_id}, ${responder.id}, ${conversationId}, ${occurrence}, ${due.toISOString()})
    on conflict do nothing returning id`);
  return res.rows[0] ? Number(res.rows[0].id) : null;
}

/** Sends one owed answer now, unless the conversation ended or the loop guard holds; marks the run. */
export async function deliver(
  tx: Tx,
  runId: number,
  responder: Responder,
  conversationId: number,
  f: Facts,
  now: Date,
) {
  const recent = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from messages
    where conversation_id = ${conversationId} and sender_type = 'auto'
      and created_at > now() - make_interval(mins => ${LOOP_WINDOW_MINUTES})`);
  const ended = f.status !== 'open' && f.status !== 'pending';
  if (ended || (recent.rows[0]?.n ?? 0) >= LOOP_LIMIT) {
    await tx.execute(
      sql`update auto_responder_runs set status = 'skipped', updated_at = now() where id = ${runId}`,
    );
    return;
  }
  const content = fillPlaceholders(
    responder.message,
    {
      customerName: f.customer_name,
      appName: f.app_name,
      queueName: f.queue_name,
      nextOpen: nextOpen(f.business_hours, f.timezone, now),
      timezone: f.timezone,
    },
    now,
  );
  const result = await appendMessage({
    db: tx,
    companyId: f.company_id,
    conversationId,
    sender: { type: 'auto' },
    content,
    requireActive: true,
  });
  const messageId = result.outcome === 'created' ? result.message.id : null;
  await tx.execute(sql`update auto_responder_runs set status = ${messageId ? 'sent' : 'skipped'},
    message_id = ${messageId}, updated_at = now() where id = ${runId}`);
}

async function owedNow(
  tx: Tx,
  f: Facts,
  r: Responder,
  conversationId: number,
  occurrence: string,
  now: Date,
) {
  const runId = await owe(tx, f, r, conversationId, occurrence, now);
  if (runId !== null) await deliver(tx, runId, r, conversationId, f, now);
}

async function onStarted(tx: Tx, conversationId: number, happened: string, now: Date) {
  const f = await factsOf(tx, conversationId);
  if (!f) return;
  for (const r of await respondersFor(tx, f, ['conversation_started'], happened)) {
    await owedNow(tx, f, r, conversationId, 'start', now);
  }
}

async function onCustomerMessage(
  tx: Tx,
  queue: JobQueue,
  conversationId: number,
  message: { id: number; content: string },
  happened: string,
  now: Date,
) {
  const f = await factsOf(tx, conversationId);
  if (!f) return;
  const open = isOpenAt(f.business_hours, f.timezone, now);
  for (const r of await respondersFor(
    tx,
    f,
    ['keyword', 'outside_business_hours', 'no_agent_reply'],
    happened,
  )) {
    if (r.trigger === 'keyword' && hasKeyword(message.content, r.keywords)) {
      await owedNow(tx, f, r, conversationId, `message:${message.id}`, now);
    } else if (r.trigger === 'outside_business_hours' && !open) {
      // Once per closed spell: a customer writing three times in one night hears it once.
      const opens = nextOpen(f.business_hours, f.timezone, now);
      await owedNow(tx, f, r, conversationId, `closed:${opens?.toISOString() ?? 'never'}`, now);
    } else if (r.trigger === 'no_agent_reply') {
      // The wait starts at the first unanswered message: later ones do not push it back.
      const waiting = await tx.execute(sql`select 1 from auto_responder_runs where responder_id = ${r.id}
        and conversation_id = ${conversationId} and status = 'pending' limit 1`);
      if (waiting.rows.length > 0) continue;
      const due = new Date(now.getTime() + r.delay_minutes * 60_000);
      const runId = await owe(tx, f, r, conversationId, `waiting:${message.id}`, due);
      if (runId === null) continue;
      // Keyed by the run: a batch the consumer repeats finds the row and queues nothing more.
      await queue.sendOnce(
        tx,
        WAITING_ANSWER_JOB,
        String(runId),
        { run_id: runId },
        {
          afterSeconds: r.delay_minutes * 60,
        },
      );
    }
  }
}

/** An agent answered in time: the conversation's waiting `no_agent_reply` answers are called off. */
async function onAgentReply(tx: Tx, conversationId: number) {
  await tx.execute(sql`update auto_responder_runs set status = 'cancelled', updated_at = now()
    where conversation_id = ${conversationId} and status = 'pending'`);
}

interface MessageData {
  message_id?: number;
  sender_type?: string;
  is_private?: boolean;
  content?: string;
}

export const AUTO_RESPONDER_CONSUMER = 'auto-responders';

/** The consumer of contract section 7's events that decides and sends answers. */
export function autoResponderConsumer(clock: () => Date, queue: JobQueue): ConsumerSpec {
  return {
    name: AUTO_RESPONDER_CONSUMER,
    types: ['conversation.created', 'message.created'],
    async handle(tx: Tx, events: InboxEvent[]) {
      // Most apps have no responder: one look for the whole batch spares them a read per message. An agent's
      // reply still cancels what is waiting, so it is let through whatever the app (a responder may have been
      // switched off after owing an answer).
      const appIds = [...new Set(events.map((e) => e.app_id).filter((id): id is number => id !== null))];
      const withResponders = new Set(
        appIds.length === 0
          ? []
          : (
              await tx.execute<{ app_id: number }>(sql`
                select distinct app_id from auto_responders
                where app_id = any(${sql.param(appIds)}::int[]) and is_active`)
            ).rows.map((r) => Number(r.app_id)),
      );
      for (const e of events) {
        const conversationId = e.conversation_id;
        if (conversationId === undefined) continue;
        const agentReply =
          e.type === 'message.created' && (e.data.message as MessageData)?.sender_type === 'agent';
        if (!agentReply && (e.app_id === null || !withResponders.has(e.app_id))) continue;
        if (e.type === 'conversation.created') {
          await onStarted(tx, conversationId, e.created_ts, clock());
          continue;
        }
        const m = (e.data.message ?? {}) as MessageData;
        if (m.is_private) continue;
        if (m.sender_type === 'agent') await onAgentReply(tx, conversationId);
        else if (m.sender_type === 'customer' && m.message_id !== undefined) {
          const message = { id: Number(m.message_id), content: m.content ?? '' };
          await onCustomerMessage(tx, queue, conversationId, message, e.created_ts, clock());
        }
      }
    },
  };
}
