import type { EventActor, EventType } from '@inbox/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
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
 * The head of every statement that writes events, in TypeScript (`recordEvents`) and in SQL (the message
 * write, the conversation changes, create, delete, read marker, typing): `${eventInsert} select …` or
 * `${eventInsert} values …` with the columns in this order. `event_id` and `created_at` are left to their
 * defaults: the id is given here, at insert, in the writer's transaction (`next_event_id()`, decision 046),
 * and readers take it once every transaction that could still write a smaller one has ended (`store.ts`).
 */
export const eventInsert = sql.raw(
  'insert into events (type, company_id, app_id, conversation_id, customer_id, actor_type, actor_id, data)',
);

/**
 * Writes events in the caller's transaction: they commit with the change or not at all. The caller's
 * request announces them when it ends (`announcer.ts`).
 */
export async function recordEvents(db: DbOrTx, list: NewEvent[]) {
  if (list.length === 0) return;
  const rows = list.map(
    (
      e,
    ) => sql`(${e.type}::text, ${e.companyId}::int, ${e.appId ?? null}::int, ${e.conversationId ?? null}::int,
      ${e.customerId ?? null}::int, ${e.actor.type}::text, ${e.actor.id ?? null}::int,
      ${JSON.stringify(e.data ?? {})}::jsonb)`,
  );
  await db.execute(sql`${eventInsert} values ${sql.join(rows, sql`, `)}`);
}

export const recordEvent = (db: DbOrTx, e: NewEvent) => recordEvents(db, [e]);

/** A timestamp column as the wire's ISO 8601 UTC text, for events built in SQL. */
export const isoTs = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
