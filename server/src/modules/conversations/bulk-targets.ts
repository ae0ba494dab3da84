import { BULK_MESSAGES, type BulkFailure, type BulkFilter, MAX_BULK_MATCHES } from '@inbox/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { conversations } from '../../db/schema/index.ts';
import { invalidField } from '../../http/app-error.ts';
import type { CallerCtx } from '../access/context.ts';
import { covers, isSqlInt, type Visibility, visibilityCondition } from '../access/conversation-visibility.ts';
import type { ConversationRow } from './change.ts';
import { filterConditions } from './poll.ts';

/** The conversations a bulk call acts on, locked, and those of its ids the caller cannot see. */
export interface BulkTargets {
  matched: number;
  rows: ConversationRow[];
  notFound: BulkFailure[];
}

export const notFoundFailure = (id: number): BulkFailure => ({
  conversation_id: id,
  code: 'NOT_FOUND',
  message: BULK_MESSAGES.notFound,
});

/** The rows of `where`, row-locked in id order (the order every bulk change locks in, so two never deadlock). */
async function lockRows(tx: DbOrTx, where: SQL, prelude: SQL | undefined, limit: number) {
  const res = await tx.execute<Record<string, unknown>>(sql`
    ${prelude ? sql`with ${prelude}` : sql``}
    select ${conversations.id} as id from ${conversations} where ${where}
    order by ${conversations.id} limit ${limit} for update of ${conversations}`);
  const ids = res.rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(conversations)
    .where(sql`${conversations.id} in (select unnest(${sql.param(ids)}::int[]))`)
    .orderBy(conversations.id);
}

/**
 * The given ids, within the company, each judged by the caller's sight as its single call would be: one
 * the caller cannot see, of another company or of none, is `NOT_FOUND` alike (its existence not revealed).
 */
export async function targetsByIds(tx: DbOrTx, v: Visibility, ids: readonly number[]): Promise<BulkTargets> {
  const asked = [...new Set(ids)];
  const valid = asked.filter(isSqlInt);
  const where = and(
    eq(conversations.companyId, v.viewer.companyId),
    sql`${conversations.id} in (select unnest(${sql.param(valid)}::int[]))`,
  );
  const locked = valid.length ? await lockRows(tx, where as SQL, undefined, valid.length) : [];
  const rows = locked.filter((r) => covers(v, r));
  const seen = new Set(rows.map((r) => r.id));
  return { matched: asked.length, rows, notFound: asked.filter((id) => !seen.has(id)).map(notFoundFailure) };
}

/**
 * Every conversation the caller can see that matches the poll's filters now (the poll's own conditions,
 * `filterConditions`), not one page; more than `MAX_BULK_MATCHES` answers 422 before anything changes.
 */
export async function targetsByFilter(
  ctx: CallerCtx,
  tx: DbOrTx,
  v: Visibility,
  filter: BulkFilter,
): Promise<BulkTargets> {
  const { conditions, prelude } = await filterConditions({ ...ctx, db: tx }, v, filter);
  const where = and(visibilityCondition(v), ...conditions) as SQL;
  const rows = await lockRows(tx, where, prelude, MAX_BULK_MATCHES + 1);
  if (rows.length > MAX_BULK_MATCHES) throw invalidField('filter', BULK_MESSAGES.tooManyMatches);
  return { matched: rows.length, rows, notFound: [] };
}
