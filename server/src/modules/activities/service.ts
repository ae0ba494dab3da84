import type { DbOrTx } from '../../db/client.ts';
import { activities } from '../../db/schema/index.ts';
import { type Actor, actorUserId } from '../access/context.ts';

export interface ActivityInput {
  companyId: number | null;
  action: string;
  entityType: string;
  entityId?: number | string | null;
  details?: Record<string, unknown>;
}

/**
 * Every write records who did it, and the impersonating platform admin when there is one. Actors other than
 * users are recorded by type in `details.actor`, so an automation or an API key is never mistaken for nobody.
 */
export async function recordActivity(db: DbOrTx, actor: Actor | null, input: ActivityInput) {
  await db.insert(activities).values({
    companyId: input.companyId,
    actorUserId: actor ? actorUserId(actor) : null,
    impersonatorUserId: actor?.type === 'user' ? (actor.impersonator?.id ?? null) : null,
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId == null ? null : String(input.entityId),
    details:
      actor && actor.type !== 'user'
        ? { ...input.details, actor: actorDetails(actor) }
        : (input.details ?? {}),
  });
}

/** How an actor that is not a user is named in an activity's `details.actor` (the feed reads it back). */
export function actorDetails(actor: Exclude<Actor, { type: 'user' }>) {
  if (actor.type === 'customer') return { type: 'customer', id: actor.customerId };
  if (actor.type === 'api_key') return { type: 'api_key', id: actor.apiKeyId, name: actor.name };
  return { type: 'system', name: actor.name };
}

/** The usual record: `{entity}.{verb}` (`queue.updated`) on one entity of a company, by its id. */
export function recordChange(
  db: DbOrTx,
  actor: Actor | null,
  companyId: number | null,
  action: `${string}.${string}`,
  entityId: number | string,
  details?: Record<string, unknown>,
) {
  const entityType = action.slice(0, action.indexOf('.'));
  return recordActivity(db, actor, { companyId, action, entityType, entityId, details });
}
