import {
  defaultNotificationPreferences,
  NOTIFICATION_TYPES,
  type NotificationMediaSwitches,
  type NotificationPreferences,
  type NotificationType,
} from '@inbox/contract';
import { eq, sql } from 'drizzle-orm';
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

/** Stored preferences as a raw statement hands them back (both engines parse `jsonb`; text is parsed here). */
const parsedPreferences = (v: unknown): NotificationPreferences | undefined =>
  v == null ? undefined : ((typeof v === 'string' ? JSON.parse(v) : v) as NotificationPreferences);

export interface Choice extends NotificationMediaSwitches {
  emailDelayMinutes: number;
}

/** What each of these people wants, per type (one read for a whole batch of recipients). */
export async function choicesOf(
  db: DbOrTx,
  userIds: readonly number[],
): Promise<(userId: number, type: NotificationType) => Choice> {
  const res =
    userIds.length === 0
      ? { rows: [] }
      : // Push is wanted only where a browser is subscribed: without one, a push job would find nobody to
        // send to (and each customer message to an assignee queued one, bench/RESULTS.md).
        await db.execute<{ user_id: number; p: unknown; pushable: boolean }>(sql`
          select u.id as user_id, np.preferences as p,
            exists (select 1 from push_subscriptions ps where ps.user_id = u.id) as pushable
          from unnest(${sql.param([...new Set(userIds)])}::int[]) as u(id)
          left join notification_preferences np on np.user_id = u.id`);
  const stored = new Map(
    res.rows.map((r) => [
      Number(r.user_id),
      { p: withDefaults(parsedPreferences(r.p)), pushable: r.pushable === true },
    ]),
  );
  return (userId, type) => {
    const row = stored.get(userId) ?? { p: withDefaults(undefined), pushable: false };
    const media = row.p.types[type];
    return { ...media, push: media.push && row.pushable, emailDelayMinutes: row.p.email_delay_minutes };
  };
}
