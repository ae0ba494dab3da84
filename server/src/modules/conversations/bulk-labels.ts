import { BULK_PARAMS, type LabelChange } from '@inbox/contract';
import { type BulkOutcome, type BulkRun, bulkEntry, groupBy } from './bulk-run.ts';
import type { ConversationChanges, ConversationRow } from './change.ts';
import { changeConversationsLabels } from './labels.ts';

/** One set-based label change over `rows`: those that changed, as the bulk result counts them. */
async function labelRows(
  run: BulkRun,
  rows: ConversationRow[],
  edit: LabelChange,
): Promise<ConversationChanges[]> {
  if (rows.length === 0) return [];
  const numbers = new Map(rows.map((r) => [r.id, r.number]));
  const out = await changeConversationsLabels(
    run.scope,
    run.ctx.actor,
    run.v,
    rows.map((r) => r.id),
    edit,
  );
  return out.seen
    .filter((s) => s.added.length > 0 || s.removed.length > 0)
    .map((s) => ({ conversationId: s.conversationId, number: numbers.get(s.conversationId)! }));
}

/**
 * As `POST /conversation/labels` for each: `changeConversationsLabels` puts on and takes off the labels of
 * every row in one statement, with each changed row's system line, event and activity. The undo takes off
 * what the call put on where the row did not carry it before, and puts back what it took off where it did
 * (a label someone changed since on that row is changed back with it: labels carry no version to compare).
 */
export const bulkLabels = bulkEntry(
  BULK_PARAMS.labels,
  async (run, rows, params): Promise<BulkOutcome> => ({
    changed: await labelRows(run, rows, params),
    failed: [],
  }),
  async (run, rows, previous, params): Promise<BulkOutcome> => {
    const edits = groupBy(rows, (r) => {
      const before = new Set(previous.get(r.id)!.labels);
      const remove = params.add.filter((id) => !before.has(id));
      const add = params.remove.filter((id) => before.has(id));
      return JSON.stringify({ add, remove });
    });
    const changed: ConversationChanges[] = [];
    for (const [edit, group] of edits) {
      const { add, remove } = JSON.parse(edit) as LabelChange;
      if (add.length + remove.length > 0) changed.push(...(await labelRows(run, group, { add, remove })));
    }
    return { changed, failed: [] };
  },
);
