import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { JobKind } from '../../jobs/runtime.ts';

/**
 * A list's exact total from the company's conversation groups (`conversation_counts` with the changes not
 * folded in yet; decision 033), as a scalar query. `where` is the list's condition without its search or
 * cursor: it may test only the group columns (company, app, queue, assignee, status), and it is written
 * against `conversations`, so the groups are read under that name and the condition applies verbatim.
 * A condition on any other column fails loudly (no such column), never counts wrong.
 */
export function groupTotal(where: SQL): SQL {
  return sql`(select coalesce(sum(n), 0) from (
      select company_id, app_id, queue_id, assigned_user_id, status, n from conversation_counts
      union all
      select company_id, app_id, queue_id, assigned_user_id, status, n from conversation_count_changes
    ) conversations where ${where})`;
}

/**
 * Moves the changes the triggers appended into `conversation_counts`, in one statement, so a reader sees
 * either the changes or their sum, never both or neither; then drops groups left at zero (a deleted
 * company's, or a status no conversation is in any more). Rows are upserted in key order: two folds at
 * once queue behind each other instead of deadlocking. Returns how many changes it moved.
 */
export async function foldCountChanges(db: DbOrTx): Promise<number> {
  const moved = await db.execute<{ moved: string | number }>(sql`
    with moved as (
      delete from conversation_count_changes
      returning company_id, app_id, queue_id, assigned_user_id, status, n
    ), folded as (
      insert into conversation_counts as c (company_id, app_id, queue_id, assigned_user_id, status, n)
      select company_id, app_id, queue_id, assigned_user_id, status, sum(n) from moved
      group by company_id, app_id, queue_id, assigned_user_id, status
      order by company_id, app_id, queue_id, assigned_user_id, status
      on conflict on constraint conversation_counts_group_key do update set n = c.n + excluded.n
    )
    select count(*) as moved from moved`);
  await db.execute(sql`delete from conversation_counts where n = 0`);
  return Number(moved.rows[0]?.moved ?? 0);
}

/**
 * Every minute, in whichever process takes the slot. Between folds a list's total also sums the minute's
 * changes: a few per conversation created, moved or resolved, so even a busy company's stay small.
 */
export const foldCountsJob = (db: Db): JobKind => ({
  name: 'conversation-counts-fold',
  cron: '* * * * *',
  retryLimit: 2,
  handle: async () => {
    await foldCountChanges(db);
  },
});
