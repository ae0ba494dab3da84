import type {
  Channel,
  ConversationStatus,
  InboxEvent,
  Priority,
  WebhookConversation,
  WebhookCustomer,
  WebhookLabel,
  WebhookMessage,
  WebhookPayload,
} from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { type MessageRow, selectMessages, senderName, toMessage } from '../conversations/message-rows.ts';
import { priorityOf } from '../conversations/priority.ts';
import { labelRefsOf, labelRefsSql } from '../labels/refs.ts';

/**
 * The body of every outgoing webhook and `api` reply (contract section 10): the event's own fields, and in
 * `data` the event's kind-specific fields beside the records a receiver needs. The records are read once
 * per batch of events (`loadRecords`), a handful of statements however many events and targets; the
 * conversation's state (number, status, queue, assignee) is the event's own, as it was when it happened.
 */

interface State {
  number?: number;
  status?: ConversationStatus;
  queue_id?: number | null;
  assigned_user_id?: number | null;
  channel?: Channel;
  verified?: boolean;
  /** By name in an event's state; a rank as read from the row (`priorityOf` names both). */
  priority?: Priority | number | null;
}

interface ConversationRecord extends Required<Omit<State, 'channel'>> {
  id: number;
  company_id: number;
  app_id: number;
  customer_id: number;
  channel: Channel | null;
}

type CustomerRecord = WebhookCustomer & { company_id: number } & Record<string, unknown>;

/** What a batch of events refers to, read at once. */
export interface Records {
  conversations: Map<number, ConversationRecord>;
  customers: Map<number, CustomerRecord>;
  userNames: Map<number, string>;
  appNames: Map<number, string>;
  messages: Map<number, MessageRow>;
  /** Each conversation's labels as they are now (a deleted conversation has none). */
  labels: Map<number, WebhookLabel[]>;
}

type Keys = Record<'id' | 'company_id' | 'app_id' | 'customer_id', unknown> & Record<string, unknown>;

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** A conversation as read (drivers answer bigint columns as text), or as its deletion event left it. */
function conversationRecord(keys: Keys, state: State): ConversationRecord {
  return {
    id: Number(keys.id),
    company_id: Number(keys.company_id),
    app_id: Number(keys.app_id),
    customer_id: Number(keys.customer_id),
    number: Number(state.number),
    status: state.status!,
    queue_id: num(state.queue_id),
    assigned_user_id: num(state.assigned_user_id),
    channel: state.channel ?? null,
    // A deletion recorded before conversations carried the flag says nothing: not proven.
    verified: state.verified ?? false,
    priority: state.priority ?? null,
  };
}

const stateOf = (e: InboxEvent) => (e.data.conversation ?? {}) as State;
const messageOf = (e: InboxEvent) =>
  (e.data.message ?? undefined) as (Record<string, unknown> & { message_id: number }) | undefined;
const ids = (list: Iterable<number | null | undefined>) =>
  [...new Set([...list].filter((x): x is number => typeof x === 'number'))].map(Number);

export async function loadRecords(tx: Tx, events: InboxEvent[]): Promise<Records> {
  const companies = ids(events.map((e) => e.company_id));
  const inCompanies = sql.param(companies);
  const conversationIds = ids(events.map((e) => e.conversation_id));
  const conversations = new Map<number, ConversationRecord>();
  if (conversationIds.length > 0) {
    const res = await tx.execute<Keys & State>(sql`
      select id, company_id, number, app_id, queue_id, channel, status, assigned_user_id, customer_id, verified,
        priority
      from conversations
      where company_id = any(${inCompanies}::int[]) and id = any(${sql.param(conversationIds)}::bigint[])`);
    for (const r of res.rows) conversations.set(Number(r.id), conversationRecord(r, r));
    // A conversation deleted since: its deletion event holds its last state (channel included).
    const gone = conversationIds.filter((id) => !conversations.has(id));
    if (gone.length > 0) {
      const deleted = await tx.execute<Keys & { state: State }>(sql`
        select distinct on (conversation_id) conversation_id as id, company_id, app_id, customer_id,
          data->'conversation' as state
        from events
        where type = 'conversation.deleted' and company_id = any(${inCompanies}::int[])
          and conversation_id = any(${sql.param(gone)}::bigint[])
        order by conversation_id, event_id desc`);
      for (const r of deleted.rows) conversations.set(Number(r.id), conversationRecord(r, r.state));
    }
  }
  const messageIds = ids(events.map((e) => messageOf(e)?.message_id));
  const messageRows =
    messageIds.length === 0
      ? []
      : await selectMessages(
          tx,
          sql`m.company_id = any(${inCompanies}::int[]) and m.id = any(${sql.param(messageIds)}::bigint[])`,
          sql`m.id`,
          messageIds.length,
        );
  const customerIds = ids([
    ...events.map((e) => e.customer_id),
    ...[...conversations.values()].map((c) => c.customer_id),
  ]);
  const userIds = ids([
    ...events.map((e) => stateOf(e).assigned_user_id),
    ...events.map((e) => messageOf(e)?.sender_user_id as number | undefined),
    ...[...conversations.values()].map((c) => c.assigned_user_id),
  ]);
  const appIds = ids([...conversations.values()].map((c) => c.app_id));
  const liveIds = [...conversations.keys()];
  const [customers, users, apps, labels] = await Promise.all([
    customerIds.length === 0
      ? { rows: [] }
      : tx.execute<CustomerRecord>(sql`
          select id as customer_id, company_id, name, email, phone from customers
          where company_id = any(${inCompanies}::int[]) and id = any(${sql.param(customerIds)}::bigint[])`),
    userIds.length === 0
      ? { rows: [] }
      : tx.execute<{ id: number; name: string }>(
          sql`select id, name from users where id = any(${sql.param(userIds)}::bigint[])`,
        ),
    appIds.length === 0
      ? { rows: [] }
      : tx.execute<{ id: number; name: string }>(sql`
          select id, name from apps
          where company_id = any(${inCompanies}::int[]) and id = any(${sql.param(appIds)}::bigint[])`),
    liveIds.length === 0
      ? { rows: [] }
      : tx.execute<{ id: number; labels: unknown }>(sql`
          select c.id, ${labelRefsSql('conversation', sql`c.id`)} as labels from conversations c
          where c.company_id = any(${inCompanies}::int[]) and c.id = any(${sql.param(liveIds)}::bigint[])`),
  ]);
  return {
    conversations,
    customers: new Map(customers.rows.map((r) => [Number(r.customer_id), r])),
    userNames: new Map(users.rows.map((r) => [Number(r.id), r.name])),
    appNames: new Map(apps.rows.map((r) => [Number(r.id), r.name])),
    messages: new Map(messageRows.map((m) => [m.id, m])),
    labels: new Map(labels.rows.map((r) => [Number(r.id), labelRefsOf(r.labels)])),
  };
}

/** The event's conversation as read, only ever of the event's company (a batch spans companies). */
function conversationRow(e: InboxEvent, r: Records) {
  const row = e.conversation_id === undefined ? undefined : r.conversations.get(e.conversation_id);
  return row?.company_id === e.company_id ? row : undefined;
}

function conversationOf(e: InboxEvent, r: Records): WebhookConversation | null {
  if (e.conversation_id === undefined) return null;
  const row = conversationRow(e, r);
  const state = { ...row, ...stateOf(e) };
  // Nothing left to say which conversation it was (no row, no deletion on record): no snapshot.
  if (!Number.isFinite(Number(state.number)) || state.status === undefined) return null;
  const assigned = state.assigned_user_id ?? null;
  return {
    conversation_id: e.conversation_id,
    number: Number(state.number),
    app_id: Number(row?.app_id ?? e.app_id),
    queue_id: state.queue_id ?? null,
    channel: row?.channel ?? (e.data.channel as Channel | undefined) ?? null,
    status: state.status,
    // The event's own state says the priority it had then; an event from before priorities, the row's.
    priority:
      typeof state.priority === 'string' ? state.priority : priorityOf(state.priority as number | null),
    // A label change carries the labels as of its event; any other event, the labels as they are now
    // (decision 048): a label's name is the label's, not the event's, and a deleted label is gone.
    labels: (e.data.labels as WebhookLabel[] | undefined) ?? r.labels.get(e.conversation_id) ?? [],
    verified: state.verified ?? false,
    assigned_user:
      assigned === null ? null : { user_id: assigned, name: r.userNames.get(Number(assigned)) ?? null },
  };
}

function messageRecord(
  e: InboxEvent,
  r: Records,
  customer: WebhookCustomer | null,
): WebhookMessage | undefined {
  const said = messageOf(e);
  if (!said) return undefined;
  const names = {
    customer: customer?.name ?? 'Customer',
    app: r.appNames.get(Number(e.app_id)) ?? 'Support',
  };
  const row = r.messages.get(Number(said.message_id));
  const delivery = (said.delivery ??
    (row?.deliveryStatus ? { status: row.deliveryStatus, error: row.deliveryError ?? null } : undefined)) as
    | WebhookMessage['delivery']
    | undefined;
  if (!row) {
    // Gone with its conversation before the delivery was prepared: what the event recorded.
    const senderType = said.sender_type as WebhookMessage['sender_type'];
    const senderUserId = (said.sender_user_id as number | null | undefined) ?? null;
    return {
      message_id: said.message_id,
      conversation_id: e.conversation_id!,
      sender_type: senderType,
      sender_name: senderName(
        {
          senderType,
          senderUserName: senderUserId === null ? null : (r.userNames.get(senderUserId) ?? null),
        },
        names,
      ),
      content: String(said.content ?? ''),
      content_type: String(said.content_type ?? 'text'),
      created_ts: String(said.created_ts ?? e.created_ts),
      attachments: [],
      is_private: Boolean(said.is_private),
      sender_user_id: senderUserId,
      ...(delivery ? { delivery } : {}),
    };
  }
  return {
    ...toMessage(row, names),
    is_private: row.isPrivate,
    sender_user_id: row.senderUserId,
    ...(delivery ? { delivery } : {}),
  };
}

/** The delivery of one event, from the event and the records of its batch. */
export function webhookPayload(e: InboxEvent, r: Records): WebhookPayload {
  const conversation = conversationOf(e, r);
  const row = conversationRow(e, r);
  const customerId = e.customer_id ?? row?.customer_id;
  const read = customerId === undefined ? undefined : r.customers.get(Number(customerId));
  const found = Number(read?.company_id) === e.company_id ? read : undefined;
  const customer: WebhookCustomer | null = found
    ? { customer_id: Number(found.customer_id), name: found.name, email: found.email, phone: found.phone }
    : null;
  const { conversation: _state, message: _message, ...own } = e.data;
  const message = messageRecord(e, r, customer);
  return {
    event_id: e.event_id,
    type: e.type,
    created_ts: e.created_ts,
    company_id: e.company_id,
    app_id: e.app_id,
    ...(e.conversation_id !== undefined ? { conversation_id: e.conversation_id } : {}),
    ...(customerId !== undefined ? { customer_id: Number(customerId) } : {}),
    actor: e.actor,
    data: { ...own, conversation, customer, ...(message ? { message } : {}) },
  } as WebhookPayload;
}
