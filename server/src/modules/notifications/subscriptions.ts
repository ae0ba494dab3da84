import type { PushSubscriptionBody } from '@inbox/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/index.ts';

/**
 * Keeps a browser's subscription for the caller. An endpoint is one browser profile: subscribed again (new
 * keys, or another person signed in there) it moves to the latest subscriber, so pushes never reach
 * someone who signed out of that browser in favour of a colleague.
 */
export async function subscribe(db: DbOrTx, userId: number, body: PushSubscriptionBody) {
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: sql`now()` },
    });
}

/** Drops the caller's subscription of that endpoint (another person's is left alone). */
export async function unsubscribe(db: DbOrTx, userId: number, body: PushSubscriptionBody) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, body.endpoint)));
}
