import type { InboxEvent, NotificationType } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/** The conversation as it is when the event is handled, with what a summary names. */
export interface ConversationNow {
  id: number;
  companyId: number;
  appId: number;
  queueId: number | null;
  assignedUserId: number | null;
  number: number;
  customerName: string;
}

/** Someone an event may notify, and of what; whether it is made is decided after (sight, preferences). */
export interface Intent {
  userId: number;
  type: NotificationType;
}

interface ConversationState {
  assigned_user_id: number | null;
}

const SLA_WORDS: Record<string, string> = {
  first_response: 'first response',
  next_response: 'next response',
  resolution: 'resolution',
};

/** One line saying what happened, the same in the list, the mail and the push. */
export function summaryOf(
  type: NotificationType,
  e: InboxEvent,
  conv: ConversationNow,
  actor: string | null,
) {
  const n = `#${conv.number}`;
  switch (type) {
    case 'assigned':
      return actor ? `${actor} assigned conversation ${n} to you` : `Conversation ${n} was assigned to you`;
    case 'mentioned':
      return `${actor ?? 'Someone'} mentioned you in conversation ${n}`;
    case 'customer_replied':
      return `${conv.customerName} replied in conversation ${n}`;
    case 'new_conversation':
      return `New conversation ${n} from ${conv.customerName}`;
    case 'snooze_ended':
      return `The snooze of conversation ${n} ended`;
    case 'sla_breached': {
      const kind = SLA_WORDS[String(e.data.kind)] ?? 'service level';
      return `Conversation ${n} missed its ${kind} time`;
    }
  }
}

/** Members of a queue (`new_conversation`). */
async function queueMembers(db: DbOrTx, queueId: number | null, role?: 'manager'): Promise<number[]> {
  if (queueId === null) return [];
  const res = await db.execute<{ user_id: number }>(sql`
    select user_id from queue_members where queue_id = ${queueId}
      ${role ? sql`and role = ${role}` : sql``} order by user_id`);
  return res.rows.map((r) => Number(r.user_id));
}

/** The app's managers (an unassigned breach in no queue has no queue managers to tell). */
async function appManagers(db: DbOrTx, conv: ConversationNow): Promise<number[]> {
  const res = await db.execute<{ user_id: number }>(sql`
    select user_id from app_members where app_id = ${conv.appId} and company_id = ${conv.companyId}
      and role in ('admin', 'manager') order by user_id`);
  return res.rows.map((r) => Number(r.user_id));
}

/** Who last snoozed the conversation (`notification_snoozers`, kept by the consumer). */
async function snoozer(db: DbOrTx, conv: ConversationNow): Promise<number | null> {
  const res = await db.execute<{ user_id: number }>(sql`
    select user_id from notification_snoozers
    where conversation_id = ${conv.id} and company_id = ${conv.companyId}`);
  const row = res.rows[0];
  return row ? Number(row.user_id) : null;
}

const one = (userId: number | null | undefined, type: NotificationType): Intent[] =>
  userId == null ? [] : [{ userId: Number(userId), type }];

/** Whom an event may notify (contract section 14), before sight, preferences and the actor are judged. */
export async function intentsOf(db: DbOrTx, e: InboxEvent, conv: ConversationNow): Promise<Intent[]> {
  switch (e.type) {
    case 'message.created': {
      const m = e.data.message as { sender_type: string; is_private: boolean };
      const state = e.data.conversation as ConversationState | undefined;
      const mentions = ((e.data.mentions as number[] | undefined) ?? []).map(Number);
      const out: Intent[] = mentions.map((userId) => ({ userId, type: 'mentioned' as const }));
      if (m.sender_type === 'customer') out.push(...one(state?.assigned_user_id, 'customer_replied'));
      return out;
    }
    case 'conversation.assigned':
      // A transfer to a person writes `conversation.assigned` too.
      return one(e.data.to as number | null, 'assigned');
    case 'conversation.created':
      return (await queueMembers(db, conv.queueId)).map((userId) => ({ userId, type: 'new_conversation' }));
    case 'conversation.status_changed': {
      // The clock or the customer's message ended the snooze (a person changing the status ended nothing).
      if (e.data.from !== 'snoozed' || e.data.to === 'snoozed' || e.actor.type !== 'system') return [];
      return one(await snoozer(db, conv), 'snooze_ended');
    }
    case 'conversation.sla_breached': {
      if (conv.assignedUserId !== null) return one(conv.assignedUserId, 'sla_breached');
      const managers =
        conv.queueId !== null ? await queueMembers(db, conv.queueId, 'manager') : await appManagers(db, conv);
      return managers.map((userId) => ({ userId, type: 'sla_breached' }));
    }
    default:
      return [];
  }
}

/**
 * Whether an event may notify anyone at all, judged from the event alone: most messages (agents' replies,
 * notes without mentions, customers' messages to no one's conversation) and status changes cost the
 * consumer no read.
 */
export function mayNotify(e: InboxEvent): boolean {
  if (e.type === 'message.created') {
    const m = e.data.message as { sender_type: string };
    const state = e.data.conversation as ConversationState | undefined;
    const mentioned = ((e.data.mentions as number[] | undefined) ?? []).length > 0;
    return mentioned || (m.sender_type === 'customer' && state?.assigned_user_id != null);
  }
  if (e.type === 'conversation.status_changed') return e.data.from === 'snoozed' && e.actor.type === 'system';
  return true;
}

/** The event types the consumer reads. */
export const NOTIFYING_TYPES = [
  'message.created',
  'conversation.assigned',
  'conversation.created',
  'conversation.status_changed',
  'conversation.sla_breached',
  'conversation.snoozed',
] as const;
