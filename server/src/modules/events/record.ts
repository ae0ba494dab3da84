import type { EventActor, EventType } from '@inbox/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { events } from '../../db/schema/index.ts';
import type { Actor } from '../access/context.ts';

export interface NewEvent {
  type: EventType;
  companyId: number;
  appId?: number | null;
  conversationId?: number | null;
  customerId?: number | null;
  actor: EventActor;
  data?: Record<string, unknown>;
}

/** The event's actor for who is acting (contract section 7: user, customer, auto, api_key or system). */
export function eventActorOf(actor: Actor | null): EventActor {
  if (!actor) return { type: 'system' };
  if (actor.type === 'user') return { type: 'user', id: actor.user.id };
  if (actor.type === 'customer') return { type: 'customer', id: actor.customerId };
  if (actor.type === 'api_key') return { type: 'api_key', id: actor.apiKeyId };
  return actor.onBehalfOf ? { type: 'system', id: actor.onBehalfOf.id } : { type: 'system' };
}

/**
 * Writes events in the caller's transaction: they commit with the change or not at all. They get their
 * `event_id` after commit (`sequencer.ts`); the caller's request wakes the sequencer when it ends.
 */
export async function recordEvents(db: DbOrTx, list: NewEvent[]) {
  if (list.length === 0) return;
  await db.insert(events).values(
    list.map((e) => ({
      type: e.type,
      companyId: e.companyId,
      appId: e.appId ?? null,
      conversationId: e.conversationId ?? null,
      customerId: e.customerId ?? null,
      actorType: e.actor.type,
      actorId: e.actor.id ?? null,
      data: e.data ?? {},
    })),
  );
}

export const recordEvent = (db: DbOrTx, e: NewEvent) => recordEvents(db, [e]);

/** A timestamp column as the wire's ISO 8601 UTC text, for events built in SQL. */
export const isoTs = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
