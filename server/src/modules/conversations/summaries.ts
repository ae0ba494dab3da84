import type {
  Channel,
  Conversation,
  ConversationSla,
  ConversationStatus,
  ConversationSummary,
  SenderType,
} from '@inbox/contract';
import { SLA_KINDS } from '@inbox/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { preparedRows } from '../../db/statement.ts';
import { isoFromDb } from '../../lib/timestamps.ts';
import { labelRefsOf, labelRefsSql } from '../labels/refs.ts';
import { priorityOf } from './priority.ts';
import { type ListOrder, latestOrder } from './sorts.ts';

interface Row extends Record<string, unknown> {
  id: number;
  number: number;
  app_id: number;
  app_name: string;
  queue_id: number | null;
  queue_name: string | null;
  channel: Channel;
  status: ConversationStatus;
  customer_id: number;
  customer_name: string;
  customer_email: string | null;
  customer_phone: string | null;
  verified: boolean;
  assigned_user_id: number | null;
  assigned_name: string | null;
  created_at: Date | string;
  last_activity_at: Date | string;
  first_reply_at: Date | string | null;
  waiting_since: Date | string | null;
  snoozed_until: Date | string | null;
  priority: number | null;
  resolved_at: Date | string | null;
  lm_content: string | null;
  lm_sender_type: SenderType | null;
  lm_is_private: boolean | null;
  lm_created_at: Date | string | null;
  rating_score: number | null;
  rating_comment: string | null;
  rated_at: Date | string | null;
  unread_count: string | number;
  labels: unknown;
  counted: string | number | null;
  sla_policy_id: number | null;
  sla_name: string | null;
  sla_first_response_due_at: Date | string | null;
  sla_next_response_due_at: Date | string | null;
  sla_resolution_due_at: Date | string | null;
  sla_breached: string[] | string | null;
  /** The row's place in the list's order (`ListPlace`, views.ts), to its microsecond. */
  list_place: string;
}

export type ConversationDetail = Conversation;

const iso = isoFromDb;
const isoOrNull = (v: Date | string | null) => (v === null ? null : iso(v));

/**
 * Conversations with everything a list row or a thread header shows, in one query: names by scalar lookups,
 * the last message through a lateral index lookup, and the unread count from the viewer's read marker.
 * `page` is a query yielding the `id`s to show (already filtered, ordered and limited); rows come back
 * latest activity first. `canDelete` decides the full view's `can_delete` per app. `count`, a scalar query,
 * is answered in the same statement as `counted` (a round trip less per poll; null without rows or `count`).
 * `prelude` holds common table expressions the page and the count refer to. `named: false` has it planned
 * for its values on every call (a search, see `preparedRows`).
 *
 * Names are scalar subqueries, not joins, on purpose: with seven joins the planner spent 2 ms choosing a
 * join order for a statement that runs in 1 ms; this shape plans in half a millisecond (bench/RESULTS.md,
 * inbox notes). The page yields ids alone, so walking the inbox index never reads a row it skips: the
 * index holds what the filters test.
 */
export async function selectConversations(
  db: DbOrTx,
  viewerId: number,
  page: SQL,
  canDelete: (appId: number) => boolean,
  opts: { count?: SQL; named?: boolean; prelude?: SQL; order?: ListOrder } = {},
): Promise<{
  rows: Conversation[];
  counted: number | null;
  firstPlace: string | null;
  lastPlace: string | null;
}> {
  const { count, named = true, prelude, order = latestOrder } = opts;
  const rows = await preparedRows<Row>(
    db,
    'conversation_rows',
    sql`
    with ${prelude ? sql`${prelude}, ` : sql``}page as (${page})
    select c.id, c.number, c.app_id, (select a.name from apps a where a.id = c.app_id) as app_name,
      c.queue_id, (select q.name from queues q where q.id = c.queue_id) as queue_name, c.channel, c.status,
      c.customer_id, cu.name as customer_name, cu.email as customer_email, cu.phone as customer_phone,
      c.verified, c.assigned_user_id, (select u.name from users u where u.id = c.assigned_user_id) as assigned_name,
      c.created_at, c.last_activity_at, c.first_reply_at, c.waiting_since, c.resolved_at,
      c.snoozed_until, c.priority, c.sla_policy_id,
      (select sp.name from sla_policies sp where sp.id = c.sla_policy_id) as sla_name,
      c.sla_first_response_due_at, c.sla_next_response_due_at, c.sla_resolution_due_at, c.sla_breached,
      lm.content as lm_content, lm.sender_type as lm_sender_type, lm.is_private as lm_is_private,
      lm.created_at as lm_created_at,
      rt.score as rating_score, rt.comment as rating_comment, rt.rated_at,
      (select count(*) from messages mu where mu.conversation_id = c.id and mu.sender_type = 'customer'
        and mu.id > coalesce((select r.last_read_message_id from conversation_reads r
          where r.conversation_id = c.id and r.user_id = ${viewerId}), 0)) as unread_count,
      ${labelRefsSql('conversation', sql`c.id`)} as labels,
      ${count ?? sql`null`} as counted,
      ${order.placeText} as list_place
    from page p
    join conversations c on c.id = p.id
    join customers cu on cu.id = c.customer_id
    left join lateral (
      select m.content, m.sender_type, m.is_private, m.created_at from messages m
      where m.conversation_id = c.id order by m.id desc limit 1
    ) lm on true
    left join lateral (
      -- The latest satisfaction rating (contract section 14); the resolution key's index finds it.
      select r.score, r.comment, r.rated_at from csat_requests r
      where r.conversation_id = c.id and r.rated_at is not null order by r.rated_at desc limit 1
    ) rt on true
    order by ${order.outer}`,
    { named },
  );
  const counted = rows[0]?.counted;
  return {
    rows: rows.map((r) => toConversation(r, canDelete(Number(r.app_id)))),
    counted: counted === undefined || counted === null ? null : Number(counted),
    firstPlace: rows[0]?.list_place ?? null,
    lastPlace: rows.at(-1)?.list_place ?? null,
  };
}

function toConversation(r: Row, canDelete: boolean): Conversation {
  return {
    conversation_id: Number(r.id),
    number: Number(r.number),
    app_id: Number(r.app_id),
    app_name: r.app_name,
    queue_id: r.queue_id === null ? null : Number(r.queue_id),
    queue_name: r.queue_name,
    channel: r.channel,
    status: r.status,
    is_resolved: r.status === 'resolved',
    customer: {
      customer_id: Number(r.customer_id),
      name: r.customer_name,
      email: r.customer_email,
      phone: r.customer_phone,
    },
    verified: r.verified,
    assigned_user:
      r.assigned_user_id === null
        ? null
        : { user_id: Number(r.assigned_user_id), name: r.assigned_name ?? '' },
    labels: labelRefsOf(r.labels),
    last_message:
      r.lm_created_at === null
        ? null
        : {
            content: r.lm_content ?? '',
            sender_type: r.lm_sender_type!,
            is_private: r.lm_is_private ?? false,
            created_ts: iso(r.lm_created_at),
          },
    unread_count: Number(r.unread_count),
    created_ts: iso(r.created_at),
    updated_ts: iso(r.last_activity_at),
    first_reply_ts: isoOrNull(r.first_reply_at),
    priority: priorityOf(r.priority),
    waiting_since_ts: isoOrNull(r.waiting_since),
    snoozed_until_ts: isoOrNull(r.snoozed_until),
    resolved_ts: isoOrNull(r.resolved_at),
    can_delete: canDelete,
    rating:
      r.rated_at === null
        ? null
        : { score: Number(r.rating_score), comment: r.rating_comment, created_ts: iso(r.rated_at) },
    sla: slaOf(r),
  };
}

/** A text array as either engine hands it back: an array, or PostgreSQL's `{a,b}` text. */
const textArray = (v: string[] | string | null): string[] =>
  v === null
    ? []
    : Array.isArray(v)
      ? v
      : v
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean);

/** The service level the SLA module keeps on the row (contract section 14, decision 054). */
function slaOf(r: Row): ConversationSla | null {
  if (r.sla_policy_id === null || r.sla_name === null) return null;
  return {
    sla_policy_id: Number(r.sla_policy_id),
    name: r.sla_name,
    first_response_due_ts: isoOrNull(r.sla_first_response_due_at),
    next_response_due_ts: isoOrNull(r.sla_next_response_due_at),
    resolution_due_ts: isoOrNull(r.sla_resolution_due_at),
    breached: SLA_KINDS.filter((k) => textArray(r.sla_breached).includes(k)),
  };
}

/** The list shape: the full view without its thread-only fields. */
export function toSummary(c: Conversation): ConversationSummary {
  const { first_reply_ts, resolved_ts, can_delete, rating, ...summary } = c;
  const { phone, ...customer } = c.customer;
  return { ...summary, customer };
}
