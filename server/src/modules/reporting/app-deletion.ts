import type { InboxEvent } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { refreshDays } from './rollups.ts';

/**
 * An app deleted (`app.deleted`, written in the deletion's transaction): its facts went with it (their key
 * cascades), but the rollups carry no key to apps, and those of agents across apps (app 0) still count its
 * work. The days it was counted on are those of its own rollup rows, which are still there: they are counted
 * again from the facts left, in the consumer's transaction, which also drops the app's own rows.
 */
export async function recountDeletedApps(tx: Tx, deleted: InboxEvent[]) {
  for (const e of deleted) {
    if (e.app_id === null) continue;
    const res = await tx.execute<{ day: string }>(sql`
      select distinct to_char(day, 'YYYY-MM-DD') as day from report_daily
      where company_id = ${e.company_id} and app_id = ${e.app_id}`);
    await refreshDays(
      tx,
      e.company_id,
      res.rows.map((r) => r.day),
    );
  }
}
