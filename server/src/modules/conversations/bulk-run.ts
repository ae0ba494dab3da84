import type { BulkFailure, BulkPrevious } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { CompanyCtx, CompanyScope } from '../access/context.ts';
import type { Visibility } from '../access/conversation-visibility.ts';
import { type BulkChange, changeConversations } from './bulk-change.ts';
import type { ChangeRecord, ConversationChanges, ConversationRow } from './change.ts';

/** One bulk call inside its transaction: the caller, and the company's rows through that transaction. */
export interface BulkRun {
  ctx: CompanyCtx;
  tx: DbOrTx;
  scope: CompanyScope;
  /** What the caller can see (the rows given are within it; labels change through it). */
  v: Visibility;
  /** Where a snooze queues its wake-up. */
  jobs: JobQueue;
}

/** What an action did: the rows it changed (as `changeConversations` reports them) and those it refused. */
export interface BulkOutcome {
  changed: ConversationChanges[];
  failed: BulkFailure[];
}

/**
 * One action of the bulk table: its params (the contract's schema) and how it applies to rows the caller
 * can see, locked, and how it undoes itself from those rows as they are now and `previous`. Both check each
 * row as the single call would (in memory, on the rows read once) and change the passing rows through
 * `changeConversations`, a statement per group of rows getting the same change.
 */
export interface BulkEntry {
  apply(run: BulkRun, rows: ConversationRow[], params: unknown): Promise<BulkOutcome>;
  undo(
    run: BulkRun,
    rows: ConversationRow[],
    previous: Map<number, BulkPrevious>,
    params: unknown,
  ): Promise<BulkOutcome>;
}

/** An entry whose functions receive their params parsed by `schema` (the body was checked already). */
export function bulkEntry<S extends z.ZodType>(
  schema: S,
  apply: (run: BulkRun, rows: ConversationRow[], params: z.output<S>) => Promise<BulkOutcome>,
  undo: (
    run: BulkRun,
    rows: ConversationRow[],
    previous: Map<number, BulkPrevious>,
    params: z.output<S>,
  ) => Promise<BulkOutcome>,
): BulkEntry {
  return {
    apply: (run, rows, params) => apply(run, rows, schema.parse(params ?? {})),
    undo: (run, rows, previous, params) => undo(run, rows, previous, schema.parse(params ?? {})),
  };
}

export const failure = (
  row: { id: number },
  code: 'VALIDATION_ERROR' | 'CONFLICT' | 'NOT_FOUND',
  message: string,
): BulkFailure => ({ conversation_id: row.id, code, message });

/** Changes these rows (none: nothing) with one statement, as `changeConversations` does. */
export async function changeRows(
  run: BulkRun,
  rows: readonly { id: number }[],
  change: BulkChange,
  record: ChangeRecord,
  opts: { recordMoves?: boolean } = {},
): Promise<ConversationChanges[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  return changeConversations(run.scope, run.ctx.actor, {
    // A join on the ids, not `= any(array)`: tested row by row, 10,000 ids against 10,000 rows took minutes.
    which: sql`c.id in (select unnest(${sql.param(ids)}::int[]))`,
    change,
    record,
    recordMoves: opts.recordMoves,
  });
}

/** Items grouped by a key, in first-seen order. */
export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = out.get(k);
    if (group) group.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** Rows that pass a test, and the failures of those that do not. */
export function sortOut(
  rows: readonly ConversationRow[],
  test: (row: ConversationRow) => BulkFailure | 'skip' | 'change',
) {
  const change: ConversationRow[] = [];
  const failed: BulkFailure[] = [];
  for (const row of rows) {
    const verdict = test(row);
    if (verdict === 'change') change.push(row);
    else if (verdict !== 'skip') failed.push(verdict);
  }
  return { change, failed };
}
