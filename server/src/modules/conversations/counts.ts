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
export function groupTotal(where: SQL, labelId?: number): SQL {
  if (labelId !== undefined) return labelGroupTotal(where, labelId);
  return sql`(select coalesce(sum(n), 0) from (
      select company_id, app_id, queue_id, assigned_user_id, status, n from conversation_counts
      union all
      select company_id, app_id, queue_id, assigned_user_id, status, n from conversation_count_changes
    ) conversations where ${where})`;
}

/**
 * The same for a list filtered by one label, from that label's groups (`conversation_label_counts`, decision
 * 056). Each group shows the label as the `label_ids` it carries alone, so the list's own label condition
 * (`labelIn` in poll.ts) applies verbatim too. A conversation with two labels is in two groups: a list
 * asking for any of several labels cannot be summed this way and is counted row by row instead.
 */
function labelGroupTotal(where: SQL, labelId: number): SQL {
  if (!Number.isSafeInteger(labelId)) throw new Error(`not a label id: ${labelId}`);
  // In the text, as the list's label condition is: one statement per label either way.
  const id = sql.raw(String(labelId));
  return sql`(select coalesce(sum(n), 0) from (
      select company_id, array[label_id] as label_ids, app_id, queue_id, assigned_user_id, status, n
        from conversation_label_counts where label_id = ${id}
      union all
      select company_id, array[label_id], app_id, queue_id, assigned_user_id, status, n
        from conversation_label_count_changes where label_id = ${id}
    ) conversations where ${where})`;
}

/**
 * Moves the changes the triggers appended into `conversation_counts` (and the per-label ones into
 * `conversation_label_counts`), each in one statement, so a reader sees
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
  const movedByLabel = await db.execute<{ moved: string | number }>(sql`
    with moved as (
      delete from conversation_label_count_changes
      returning company_id, label_id, app_id, queue_id, assigned_user_id, status, n
    ), folded as (
      insert into conversation_label_counts as c (company_id, label_id, app_id, queue_id, assigned_user_id, status, n)
      select company_id, label_id, app_id, queue_id, assigned_user_id, status, sum(n) from moved
      group by company_id, label_id, app_id, queue_id, assigned_user_id, status
      order by company_id, label_id, app_id, queue_id, assigned_user_id, status
      on conflict on constraint conversation_label_counts_group_key do update set n = c.n + excluded.n
    )
    select count(*) as moved from moved`);
  await db.execute(sql`delete from conversation_label_counts where n = 0`);
  return Number(moved.rows[0]?.moved ?? 0) + Number(movedByLabel.rows[0]?.moved ?? 0);
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
