import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { JobKind } from '../../jobs/runtime.ts';

/**
 * Deletes events older than the retention period, in batches, but never one a registered consumer has not
 * handled yet: a consumer that was down a long time still catches up. Returns how many went.
 */
export async function pruneEvents(db: Db, retentionDays: number, batch = 5000) {
  let removed = 0;
  for (;;) {
    const res = await db.execute(sql`
      delete from events where event_id in (
        select event_id from events
        where created_at < now() - make_interval(secs => ${retentionDays * 86400}::float8)
          and event_id < event_horizon()
          and event_id <= coalesce((select min(last_event_id) from event_consumers), event_id)
        limit ${batch})
      returning event_id`);
    const n = res.rows.length;
    removed += n;
    if (n < batch) return removed;
  }
}

/**
 * Every hour, at a quiet minute: the outbox keeps `EVENT_RETENTION_DAYS` of history, and stream tickets
 * that expired unused go (a used one is deleted when it is taken).
 */
export const pruneEventsJob = (db: Db, retentionDays: number): JobKind => ({
  name: 'events-prune',
  cron: '17 * * * *',
  handle: async () => {
    await pruneEvents(db, retentionDays);
    await db.execute(sql`delete from stream_tickets where expires_at < now()`);
  },
});
