import { type SQL, sql } from 'drizzle-orm';
import { eventInsert, isoTs } from '../events/record.ts';
import type { MessageRow } from './message-rows.ts';
import { conversationStateSql } from './state.ts';

/** How a message moves its conversation: customers wait for an answer, agents answer, the rest do neither. */
export type Effect = 'customer' | 'agent' | 'none';

/** The `set` list of `update conversations c` for a new message, by how the message moves it. */
export const conversationTouch = (effect: Effect) => sql`
        last_activity_at = now(),
        status = case
          when ${effect}::text = 'customer' and c.status in ('pending', 'snoozed') then 'open'
          when ${effect}::text = 'agent' and c.status = 'open' then 'pending'
          else c.status end,
        snoozed_until = case when ${effect}::text = 'customer' then null else c.snoozed_until end,
        waiting_since = case
          when ${effect}::text = 'customer' then coalesce(c.waiting_since, now())
          when ${effect}::text = 'agent' then null
          else c.waiting_since end,
        first_reply_at = case
          when ${effect}::text = 'agent' then coalesce(c.first_reply_at, now())
          else c.first_reply_at end`;

/**
 * The `conv` part of a one-statement message write: the conversation the message goes to, updated as the
 * message moves it (which takes its row lock before the message id is drawn) and returned for `messageWrite`.
 * `from` and `where` pick it: by id (`append.ts`), or through the portal session of a token (`portal/send.ts`).
 * The one `update conversations` a message makes, for every sender.
 */
export const touchedConversation = (effect: Effect, where: SQL, from?: SQL) => sql`conv as (
      update conversations c set ${conversationTouch(effect)}
      ${from ? sql`from ${from}` : sql``}
      where ${where}
      returning ${CONV_RETURNING}
    )`;

/**
 * The values of a new message. Each is anything Drizzle's `sql` takes: a value (sent as a parameter), a
 * `sql.placeholder()` of a prepared statement, or a SQL literal such as sql`'customer'`.
 */
export interface MessageValues {
  senderType: unknown;
  senderUserId: unknown;
  impersonatorUserId: unknown;
  content: unknown;
  contentType: unknown;
  isPrivate: unknown;
  clientMessageId: unknown;
  /** The typing signal the message ends (`customer` or `user:<id>`). */
  actorKey: unknown;
  /** The API key an agent message without a user came through; the event names it as the actor. */
  apiKeyId?: unknown;
  /** The provider's id of a message that came in through a channel (its receipts and duplicates find it). */
  providerMessageId?: unknown;
  /** A WhatsApp template reply's `{name, language, parameters}` (JSON text). */
  template?: unknown;
  /** The user ids a note mentions (`{1,2}` as int[] text), carried by its event for the notifications. */
  mentions?: unknown;
}

/** What the `conv` CTE before `messageWrite` returns: the updated conversation row's columns. */
export const CONV_RETURNING = sql`c.id, c.company_id, c.app_id, c.customer_id, c.queue_id, c.assigned_user_id,
      c.status, c.number, c.verified, c.priority`;

/**
 * The one message insert (decision 015): the `msg`, `ev` and `typed` CTEs that follow a `conv` CTE, which
 * has updated (and so locked) the conversation row and returns `CONV_RETURNING`. Because the insert reads
 * `conv`, the message id is drawn after the lock and ids of one conversation follow commit order. The
 * `message.created` event is written by the same statement (the outbox, contract section 7), with the
 * conversation's state after the message so live viewers can be chosen without another read. A repeated
 * `client_message_id` inserts nothing (`msg` and `ev` are empty); the typing signal is cleared only when
 * a message was stored, and the customer's `last_activity_at` (`customer_activity`) moves to the message's
 * time, only forward (the customer list sorts on it and shows it, so each message moves its customer up at
 * once; decision 042). A customer's row locked by another writer is skipped, not waited for: a merge holds it while it waits
 * for this conversation (and sets the time itself), and a message in the customer's other conversation
 * holds it for an instant with a time as recent as this one, so no send ever queues on a customer row.
 * `appendMessage` and the portal's one-statement send both write with it, and so does a change of many
 * conversations at once (`bulk-change.ts`): every part reads `conv` and `msg` row by row, joined on the
 * conversation, so a `conv` of many rows writes one message and one event for each.
 */
export const messageWrite = (v: MessageValues): SQL => sql`
    msg as (
      insert into messages (company_id, conversation_id, sender_type, sender_user_id, impersonator_user_id,
        content, content_type, is_private, client_message_id, provider_message_id, template, mention_user_ids)
      select conv.company_id, conv.id, ${v.senderType}::text, ${v.senderUserId}::int,
        ${v.impersonatorUserId}::int, ${v.content}::text, ${v.contentType}::text, ${v.isPrivate}::boolean,
        ${v.clientMessageId}::text, ${v.providerMessageId ?? null}::text, ${v.template ?? null}::jsonb,
        ${v.mentions ?? null}::int[]
      from conv
      on conflict (conversation_id, client_message_id) where client_message_id is not null do nothing
      returning id, created_at, conversation_id
    ), ev as (
      ${eventInsert}
      select 'message.created', conv.company_id, conv.app_id, conv.id, conv.customer_id,
        case when ${v.apiKeyId ?? null}::int is not null then 'api_key'
          when ${v.senderType}::text = 'agent' then 'user' else ${v.senderType}::text end,
        case when ${v.apiKeyId ?? null}::int is not null then ${v.apiKeyId ?? null}::int
          when ${v.senderType}::text = 'agent' then ${v.senderUserId}::int
          when ${v.senderType}::text = 'customer' then conv.customer_id end,
        jsonb_build_object(
          'message', jsonb_build_object('message_id', msg.id, 'sender_type', ${v.senderType}::text,
            'sender_user_id', ${v.senderUserId}::int, 'content', ${v.content}::text,
            'content_type', ${v.contentType}::text, 'is_private', ${v.isPrivate}::boolean,
            'created_ts', ${isoTs(sql`msg.created_at`)}),
          'conversation', ${conversationStateSql('conv')})
          || case when ${v.mentions ?? null}::int[] is null then '{}'::jsonb
            else jsonb_build_object('mentions', to_jsonb(${v.mentions ?? null}::int[])) end
      from msg join conv on conv.id = msg.conversation_id
    ), typed as (
      delete from typing_signals
      where conversation_id in (select conversation_id from msg) and actor_key = ${v.actorKey}::text
    ), seen as (
      update customer_activity set last_activity_at = now()
      where customer_id in (select ca.customer_id from customer_activity ca
          where ca.customer_id in (select conv.customer_id from conv join msg on msg.conversation_id = conv.id)
          and (ca.last_activity_at is null or ca.last_activity_at < now())
        for update skip locked)
    )`;

/** The stored message as `messageWrite` returned it (`msg.id`, `msg.created_at`), without attachments yet. */
export function writtenMessage(
  row: { id: string | number; created_at: string | Date },
  m: Omit<MessageRow, 'id' | 'createdAt' | 'attachments' | 'senderUserName' | 'impersonatorName'>,
): MessageRow {
  return {
    ...m,
    id: Number(row.id),
    senderUserName: null,
    impersonatorName: null,
    createdAt: new Date(row.created_at),
    attachments: [],
  };
}
