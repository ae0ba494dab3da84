import {
  defaultNotificationPreferences,
  NOTIFICATION_TYPES,
  type NotificationMediaSwitches,
  type NotificationPreferences,
  type NotificationType,
} from '@inbox/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { notificationPreferences } from '../../db/schema/index.ts';

/**
 * Stored preferences over the defaults: a type missing from what was stored (one added after the person
 * saved) takes its default, so a new type never arrives switched off nor on against the contract's word.
 */
function withDefaults(stored: NotificationPreferences | undefined): NotificationPreferences {
  const base = defaultNotificationPreferences();
  if (!stored) return base;
  const types = { ...base.types };
  for (const t of NOTIFICATION_TYPES) if (stored.types?.[t]) types[t] = stored.types[t];
  return { types, email_delay_minutes: stored.email_delay_minutes ?? base.email_delay_minutes };
}

/** One person's preferences: theirs wherever they work (they are a person's, not a company's). */
export async function getPreferences(db: DbOrTx, userId: number): Promise<NotificationPreferences> {
  const [row] = await db
    .select({ p: notificationPreferences.preferences })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return withDefaults(row?.p);
}

export async function putPreferences(
  db: DbOrTx,
  userId: number,
  prefs: NotificationPreferences,
): Promise<NotificationPreferences> {
  await db
    .insert(notificationPreferences)
    .values({ userId, preferences: prefs })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { preferences: prefs, updatedAt: sql`now()` },
    });
  return withDefaults(prefs);
}

export interface Choice extends NotificationMediaSwitches {
  emailDelayMinutes: number;
}

/** What each of these people wants for one type (one read for a whole batch of recipients). */
export async function choicesOf(
  db: DbOrTx,
  userIds: readonly number[],
  type: NotificationType,
): Promise<Map<number, Choice>> {
  const rows =
    userIds.length === 0
      ? []
      : await db
          .select({ userId: notificationPreferences.userId, p: notificationPreferences.preferences })
          .from(notificationPreferences)
          .where(inArray(notificationPreferences.userId, [...userIds]));
  const stored = new Map(rows.map((r) => [r.userId, r.p]));
  return new Map(
    userIds.map((id) => {
      const p = withDefaults(stored.get(id));
      return [id, { ...p.types[type], emailDelayMinutes: p.email_delay_minutes }];
    }),
  );
}
