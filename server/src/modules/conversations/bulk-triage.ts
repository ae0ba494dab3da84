import {
  BULK_MESSAGES,
  BULK_PARAMS,
  type BulkPrevious,
  type Priority,
  SNOOZE_PAST_SENTENCE,
} from '@inbox/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { invalidField } from '../../http/app-error.ts';
import {
  type BulkOutcome,
  type BulkRun,
  bulkEntry,
  changeRows,
  failure,
  groupBy,
  sortOut,
} from './bulk-run.ts';
import { actorLabel, type ConversationChanges, type ConversationRow } from './change.ts';
import { priorityLabel, rankOf } from './priority.ts';
import { queueWakes } from './snooze-job.ts';
import { wakeLabel } from './triage.ts';

/** As `setConversationPriority`: any conversation the caller sees; one already at that priority is left. */
export const bulkPriority = bulkEntry(
  BULK_PARAMS.priority,
  async (run, rows, { priority }) => {
    const who = actorLabel(run.ctx.actor);
    const changed = await changeRows(
      run,
      rows,
      { priority: rankOf(priority) },
      {
        action: 'conversation.priority_changed',
        note:
          priority === null
            ? `Priority cleared by ${who}`
            : `Priority set to ${priorityLabel(priority)} by ${who}`,
      },
    );
    return { changed, failed: [] };
  },
  async (run, rows, previous, { priority }) => {
    const set = rankOf(priority);
    const { change, failed } = sortOut(rows, (row) =>
      row.priority === set ? 'change' : failure(row, 'CONFLICT', BULK_MESSAGES.changedSince),
    );
    const who = actorLabel(run.ctx.actor);
    const changed: ConversationChanges[] = [];
    for (const [before, group] of groupBy(change, (r) => previous.get(r.id)!.priority)) {
      const p = before as Priority | null;
      const note =
        p === null
          ? `Priority cleared by ${who} (undo)`
          : `Priority set back to ${priorityLabel(p)} by ${who} (undo)`;
      changed.push(
        ...(await changeRows(
          run,
          group,
          { priority: rankOf(p) },
          { action: 'conversation.restored', note, details: { undo_of: 'priority' } },
        )),
      );
    }
    return { changed, failed };
  },
);

async function companyTimezone(run: BulkRun) {
  const [company] = await run.tx
    .select({ timezone: companies.timezone })
    .from(companies)
    .where(eq(companies.id, run.scope.companyId));
  return company?.timezone ?? 'UTC';
}

/** Snoozes `rows` until `until` (null: the customer's next message), each with its wake-up job. */
async function snoozeRows(
  run: BulkRun,
  rows: ConversationRow[],
  until: Date | null,
  note: (when: string) => string,
  action: string,
) {
  const when = until ? wakeLabel(until, await companyTimezone(run)) : 'the customer replies';
  const changed = await changeRows(run, rows, { snoozeUntil: until }, { action, note: note(when) });
  if (until) {
    const ids = changed.map((c) => c.conversationId);
    await queueWakes(run.tx as Tx, run.jobs, run.scope.companyId, ids, until);
  }
  return changed;
}

/**
 * As `snoozeConversation`: any conversation the caller sees, until a time in the future (else 422 on
 * `params.until_ts` for the whole call, before anything changes) or until the customer writes.
 */
export const bulkSnooze = bulkEntry(
  BULK_PARAMS.snooze,
  async (run, rows, { until_ts }) => {
    const until = until_ts ? new Date(until_ts) : null;
    if (until && !(until.getTime() > Date.now())) throw invalidField('params.until_ts', SNOOZE_PAST_SENTENCE);
    const who = actorLabel(run.ctx.actor);
    const changed = await snoozeRows(
      run,
      rows,
      until,
      (when) => `Snoozed until ${when} by ${who}`,
      'conversation.snoozed',
    );
    return { changed, failed: [] };
  },
  async (run, rows, previous, { until_ts }): Promise<BulkOutcome> => {
    const set = until_ts ? Date.parse(until_ts) : null;
    const { change, failed } = sortOut(rows, (row) =>
      row.status === 'snoozed' && (row.snoozedUntil?.getTime() ?? null) === set
        ? 'change'
        : failure(row, 'CONFLICT', BULK_MESSAGES.changedSince),
    );
    const who = actorLabel(run.ctx.actor);
    const changed: ConversationChanges[] = [];
    const key = (r: ConversationRow) => {
      const p: BulkPrevious = previous.get(r.id)!;
      return `${p.status}|${p.snoozed_until_ts ?? ''}`;
    };
    for (const [k, group] of groupBy(change, key)) {
      const [status, until] = k.split('|') as [BulkPrevious['status'], string];
      const details = { undo_of: 'snooze' };
      if (status === 'snoozed') {
        changed.push(
          ...(await snoozeRows(
            run,
            group,
            until ? new Date(until) : null,
            (when) => `Snoozed until ${when} by ${who} (undo)`,
            'conversation.restored',
          )),
        );
      } else {
        changed.push(
          ...(await changeRows(
            run,
            group,
            { status },
            {
              action: 'conversation.restored',
              note: `Status set back to ${status} by ${who} (undo)`,
              details,
            },
          )),
        );
      }
    }
    return { changed, failed };
  },
);
