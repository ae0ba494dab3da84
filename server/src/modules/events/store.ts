import type { EventActor, EventType, InboxEvent } from '@inbox/contract';
import { and, asc, eq, gt, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';

type EventRow = typeof events.$inferSelect;

/** The wire shape of a stored event (contract section 7). */
export function toInboxEvent(r: EventRow): InboxEvent {
  const actor: EventActor = { type: r.actorType as EventActor['type'] };
  if (r.actorId !== null) actor.id = r.actorId;
  return {
    event_id: r.eventId,
    type: r.type as EventType,
    company_id: r.companyId,
    app_id: r.appId,
    ...(r.conversationId !== null ? { conversation_id: r.conversationId } : {}),
    ...(r.customerId !== null ? { customer_id: r.customerId } : {}),
    actor,
    data: r.data,
    created_ts: r.createdAt.toISOString(),
  };
}

/**
 * Below this id every transaction that could write an event has ended (`event_horizon()`, migration 0032): a
 * reader takes only events below it, so an event that commits later never sorts before one it has taken, and
 * the id it has read up to is a cursor that skips nothing (decision 046). Read in the reader's own statement,
 * so with the same snapshot as the rows.
 */
export const belowHorizon = sql`${events.eventId} < event_horizon()`;

/** Readable events after `afterId`, oldest first, optionally narrowed (one company, one conversation). */
export async function eventsAfter(db: DbOrTx, afterId: number, limit: number, where?: SQL) {
  const rows = await db
    .select()
    .from(events)
    .where(and(gt(events.eventId, afterId), belowHorizon, where))
    .orderBy(asc(events.eventId))
    .limit(limit);
  return rows.map(toInboxEvent);
}

/**
 * The events of some types (all, without `types`) after `afterId` and up to `through`, oldest first: a
 * consumer's batch. `through` was below the horizon earlier in the caller's transaction, so every event up to
 * it has committed and this statement sees it; the caller's position may then pass every event up to it that
 * is not of its types without reading them (a consumer reads only what it handles).
 */
export async function eventsThrough(
  db: DbOrTx,
  afterId: number,
  through: number,
  limit: number,
  types?: readonly EventType[],
) {
  const rows = await db
    .select()
    .from(events)
    .where(
      and(
        gt(events.eventId, afterId),
        lte(events.eventId, through),
        types ? inArray(events.type, [...types]) : undefined,
      ),
    )
    .orderBy(asc(events.eventId))
    .limit(limit);
  return rows.map(toInboxEvent);
}

export const ofCompany = (companyId: number) => eq(events.companyId, companyId);

/** The newest readable event id: where a process that has just started begins to read. */
export async function lastEventId(db: DbOrTx): Promise<number> {
  const res = await db.execute<{ last: string | null }>(
    sql`select max(event_id)::text as last from events where event_id < event_horizon()`,
  );
  return Number(res.rows[0]?.last ?? 0);
}

/**
 * Where a stream opened without `Last-Event-ID` starts, so that it gets exactly what commits after it opens:
 * after the newest readable event, skipping the company's events that have already committed above the
 * horizon (a transaction still running holds the horizon back; what it writes later is not in the list).
 * One statement, so the horizon, the newest id and the list share one snapshot. The horizon is a subquery's
 * value so both reads walk the primary key from its end (joined, they scanned every event below it); the
 * upper bound, always true, tells the planner the range is narrow.
 */
export async function streamStart(db: DbOrTx, companyId: number) {
  const res = await db.execute<{ last: string | null; above: string[] | null }>(sql`
    with h as materialized (select event_horizon() as h)
    select (select max(e.event_id) from events e where e.event_id < (select h from h))::text as last,
      (select array_agg(e.event_id::text) from events e where e.company_id = ${companyId}
        and e.event_id >= (select h from h) and e.event_id <= (select max(event_id) from events)) as above`);
  const row = res.rows[0];
  return { after: Number(row?.last ?? 0), before: new Set((row?.above ?? []).map(Number)) };
}

export const ofConversation = (companyId: number, conversationId: number) =>
  and(eq(events.companyId, companyId), eq(events.conversationId, conversationId)) as SQL;
