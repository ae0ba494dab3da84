import type { DbOrTx } from '../../db/client.ts';
import { activities } from '../../db/schema/index.ts';
import type { Actor } from '../../http/context.ts';

export interface ActivityInput {
  companyId: number | null;
  action: string;
  entityType: string;
  entityId?: number | string | null;
  details?: Record<string, unknown>;
}

/** Every write records who did it, and the impersonating platform admin when there is one. */
export async function recordActivity(db: DbOrTx, actor: Actor | null, input: ActivityInput) {
  await db.insert(activities).values({
    companyId: input.companyId,
    actorUserId: actor?.user.id ?? null,
    impersonatorUserId: actor?.impersonator?.id ?? null,
    action: input.action,
    entityType: input.entityType,
    entityId: input.entityId == null ? null : String(input.entityId),
    details: input.details ?? {},
  });
}
