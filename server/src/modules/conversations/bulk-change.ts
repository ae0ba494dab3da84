import type { ConversationStatus } from '@inbox/contract';
import { type SQL, sql } from 'drizzle-orm';
import { type Actor, actorUserId, type CompanyScope } from '../access/context.ts';
import { actorDetails } from '../activities/service.ts';
import { askForRatings } from '../csat/ask.ts';
import { eventActorOf, eventInsert } from '../events/record.ts';
import type { ChangeRecord, ConversationChanges } from './change.ts';
import { priorityNameSql } from './priority.ts';
import { conversationStateSql } from './state.ts';
import { CONV_RETURNING, messageWrite } from './write-statement.ts';

/**
 * One change for every conversation chosen: any of a new status, a new queue (or none), a new assignee (or
 * none), as `ConversationChange` says; a field left out stays as it is.
 */
export interface BulkChange {
  status?: ConversationStatus;
  queueId?: number | null;
  /** The new holder (every row gets the same one), or null to hand the conversations back. */
  assignee?: { id: number } | null;
  /** A priority rank (`priority.ts`: 1 urgent to 4 low), or null for none. */
  priority?: number | null;
  /** Snoozed until this time, or (null) until the customer writes: the status becomes `snoozed`. */
  snoozeUntil?: Date | null;
}

export interface BulkChangeInput {
  /** Which of the company's conversations, as a condition on the row `c`; tested again under the row lock. */
  which: SQL;
  change: BulkChange;
  /** The same activity and system line for each. */
  record: ChangeRecord;
  /** Why, in the events' data (`portal_session_expired`; contract `WEBHOOK_EVENT_FIELDS` lists it). */
  eventReason?: 'portal_session_expired';
  /**
   * The activity names the queue and the holder before and after even where they did not change, as a
   * single transfer's activity does (`transfer.ts`).
   */
  recordMoves?: boolean;
}

/**
 * The `set` list and the "would change" condition of a change, on the row `c`. Resolving stamps
 * `resolved_at` and ends the customer's wait, as `changeConversation` does.
 */
function setOf(change: BulkChange): { set: SQL; differs: SQL } {
  const sets: SQL[] = [];
  const differs: SQL[] = [];
  if (change.status !== undefined) {
    sets.push(sql`status = ${change.status}::text`);
    differs.push(sql`c.status <> ${change.status}::text`);
    // Leaving `snoozed` ends the snooze; its job then finds nothing to wake, as in `changeConversation`.
    if (change.status !== 'snoozed') sets.push(sql`snoozed_until = null`);
    if (change.status === 'resolved') {
      sets.push(sql`resolved_at = case when c.status <> 'resolved' then now() else c.resolved_at end`);
      sets.push(sql`waiting_since = case when c.status <> 'resolved' then null else c.waiting_since end`);
    }
  }
  if (change.snoozeUntil !== undefined) {
    const until = change.snoozeUntil?.toISOString() ?? null;
    sets.push(sql`status = 'snoozed', snoozed_until = ${until}::timestamptz`);
    differs.push(sql`(c.status <> 'snoozed' or c.snoozed_until is distinct from ${until}::timestamptz)`);
  }
  if (change.priority !== undefined) {
    sets.push(sql`priority = ${change.priority}::smallint`);
    differs.push(sql`c.priority is distinct from ${change.priority}::smallint`);
  }
  if (change.queueId !== undefined) {
    sets.push(sql`queue_id = ${change.queueId}::int`);
    differs.push(sql`c.queue_id is distinct from ${change.queueId}::int`);
  }
  if (change.assignee !== undefined) {
    const to = change.assignee?.id ?? null;
    sets.push(sql`assigned_user_id = ${to}::int`);
    differs.push(sql`c.assigned_user_id is distinct from ${to}::int`);
  }
  if (sets.length === 0) throw new Error('a bulk change must change something');
  return { set: sql.join(sets, sql`, `), differs: sql`(${sql.join(differs, sql` or `)})` };
}

/** A timestamp as the events say it (`toISOString`: milliseconds, `Z`). */
const isoSql = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** A snooze began or moved to another time, on the `conv` row (as `changeConversation`'s `snoozedUntil`). */
const snoozeMoved = sql.raw(
  `(conv.status = 'snoozed' and (conv.from_status <> 'snoozed' or conv.snoozed_until is distinct from conv.from_snoozed_until))`,
);

const date = (v: string | Date | null) => (v == null ? null : new Date(v));

/**
 * `changeConversation` for many conversations in one statement, whatever their number (a queue of thousands
 * deleted, a member leaving, expired portal sessions): it locks the chosen rows in id order, changes those
 * it would change, and writes for each the console-only system line (through `messageWrite`, the one
 * message insert), the events and the activity, exactly as the single change does. Inside the caller's
 * transaction; returns what changed, row by row.
 */
export async function changeConversations(
  scope: CompanyScope,
  actor: Actor,
  input: BulkChangeInput,
): Promise<ConversationChanges[]> {
  const { set, differs } = setOf(input.change);
  const event = eventActorOf(actor);
  const impersonator = actor.type === 'user' ? (actor.impersonator?.id ?? null) : null;
  const reason = input.eventReason ?? null;
  const moves = sql.raw(input.recordMoves ? 'true' : 'false');
  const details = {
    ...input.record.details,
    ...(actor.type === 'user' ? {} : { actor: actorDetails(actor) }),
  };
  const res = await scope.db.execute<{
    id: number;
    number: number;
    status: ConversationStatus;
    queue_id: number | null;
    assigned_user_id: number | null;
    from_status: ConversationStatus;
    from_queue_id: number | null;
    from_user_id: number | null;
    priority: number | null;
    from_priority: number | null;
    snoozed_until: string | Date | null;
    from_snoozed_until: string | Date | null;
    snooze_moved: boolean;
  }>(sql`
    with locked as (
      select c.id, c.status, c.queue_id, c.assigned_user_id, c.priority, c.snoozed_until from conversations c
      where c.company_id = ${scope.companyId} and (${input.which}) and ${differs}
      order by c.id for update
    ), conv as (
      update conversations c set ${set}, last_activity_at = now()
      from locked o
      where c.id = o.id and c.company_id = ${scope.companyId}
      returning ${CONV_RETURNING}, c.snoozed_until, o.status as from_status, o.queue_id as from_queue_id,
        o.assigned_user_id as from_user_id, o.priority as from_priority, o.snoozed_until as from_snoozed_until
    ), ${messageWrite({
      senderType: 'system',
      senderUserId: null,
      impersonatorUserId: impersonator,
      content: input.record.note,
      contentType: 'text',
      isPrivate: true,
      clientMessageId: null,
      actorKey: 'system',
    })}, moved as (
      select conv.*, e.type, e.data from conv cross join lateral (values
        ('conversation.status_changed', case when conv.status <> conv.from_status
          then jsonb_build_object('from', conv.from_status, 'to', conv.status) end),
        ('conversation.resolved', case when conv.status <> conv.from_status and conv.status = 'resolved'
          then jsonb_build_object('from', conv.from_status) end),
        (case when conv.assigned_user_id is null then 'conversation.unassigned' else 'conversation.assigned' end,
          case when conv.assigned_user_id is distinct from conv.from_user_id
          then jsonb_build_object('from', conv.from_user_id, 'to', conv.assigned_user_id) end),
        ('conversation.transferred', case when conv.queue_id is distinct from conv.from_queue_id
          then jsonb_build_object('from', conv.from_queue_id, 'to', conv.queue_id) end),
        ('conversation.priority_changed', case when conv.priority is distinct from conv.from_priority
          then jsonb_build_object('from', ${priorityNameSql('conv.from_priority')},
            'to', ${priorityNameSql('conv.priority')}) end),
        ('conversation.snoozed', case when ${snoozeMoved}
          then jsonb_build_object('until_ts', ${isoSql('conv.snoozed_until')}, 'from', conv.from_status) end)
      ) as e(type, data)
      where e.data is not null
    ), changed_ev as (
      ${eventInsert}
      select m.type, m.company_id, m.app_id, m.id, m.customer_id, ${event.type}::text, ${event.id ?? null}::int,
        m.data || jsonb_build_object('conversation', ${conversationStateSql('conv')},
          'previous', jsonb_build_object('queue_id', m.from_queue_id, 'assigned_user_id', m.from_user_id))
          || case when ${reason}::text is null then '{}'::jsonb
            else jsonb_build_object('reason', ${reason}::text) end
      from moved m join conv on conv.id = m.id
    ), logged as (
      insert into activities (company_id, actor_user_id, impersonator_user_id, action, entity_type, entity_id,
        details)
      select conv.company_id, ${actorUserId(actor)}::int, ${impersonator}::int, ${input.record.action}::text,
        'conversation', conv.id::text,
        jsonb_build_object('number', conv.number)
          || case when conv.status <> conv.from_status then
            jsonb_build_object('from_status', conv.from_status, 'to_status', conv.status) else '{}'::jsonb end
          || case when ${moves} or conv.assigned_user_id is distinct from conv.from_user_id then
            jsonb_build_object('from_user_id', conv.from_user_id, 'to_user_id', conv.assigned_user_id)
            else '{}'::jsonb end
          || case when ${moves} or conv.queue_id is distinct from conv.from_queue_id then
            jsonb_build_object('from_queue_id', conv.from_queue_id, 'to_queue_id', conv.queue_id)
            else '{}'::jsonb end
          || case when conv.priority is distinct from conv.from_priority then
            jsonb_build_object('from_priority', ${priorityNameSql('conv.from_priority')},
              'to_priority', ${priorityNameSql('conv.priority')})
            else '{}'::jsonb end
          || case when ${snoozeMoved} then
            jsonb_build_object('snoozed_until', ${isoSql('conv.snoozed_until')}) else '{}'::jsonb end
          || ${JSON.stringify(details)}::jsonb
      from conv
    )
    select id, number, status, queue_id, assigned_user_id, from_status, from_queue_id, from_user_id,
      priority, from_priority, snoozed_until, from_snoozed_until, ${snoozeMoved} as snooze_moved
    from conv order by id`);
  if (actor.type === 'user') {
    // As the single change does: an agent's resolutions ask for ratings (decision 055).
    const resolved = res.rows.filter((r) => r.status === 'resolved' && r.from_status !== 'resolved');
    await askForRatings(
      scope.db,
      scope.companyId,
      resolved.map((r) => Number(r.id)),
      actor.user.id,
    );
  }
  return res.rows.map((r) => {
    const out: ConversationChanges = { conversationId: Number(r.id), number: Number(r.number) };
    if (r.status !== r.from_status) out.status = { from: r.from_status, to: r.status };
    const num = (v: number | null) => (v == null ? null : Number(v));
    if (num(r.assigned_user_id) !== num(r.from_user_id)) {
      out.assignedUserId = { from: num(r.from_user_id), to: num(r.assigned_user_id) };
    }
    if (num(r.queue_id) !== num(r.from_queue_id)) {
      out.queueId = { from: num(r.from_queue_id), to: num(r.queue_id) };
    }
    if (num(r.priority) !== num(r.from_priority)) {
      out.priority = { from: num(r.from_priority), to: num(r.priority) };
    }
    if (r.snooze_moved) out.snoozedUntil = { from: date(r.from_snoozed_until), to: date(r.snoozed_until) };
    return out;
  });
}
