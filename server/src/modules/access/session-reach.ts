import { perDbMemo } from '../../lib/per-db-memo.ts';
import type { ReachRow } from './context.ts';

/**
 * Agents' reaches as the session lookup last read them, with the company's list catalog at that moment
 * (`list_versions.catalog`, migration 0021). Every write to the tables that decide a reach (apps, queues and
 * the three membership tables) moves the catalog in its own transaction, so while the catalog has not moved
 * the reach has not either: the lookup then sends the catalog it knows and reads the reach only when it
 * moved. The reach's own statement was about a tenth of an agent's poll (bench/RESULTS.md, inbox notes).
 * Each process keeps its own; the catalog they compare with is the database's.
 */
export interface KnownReach {
  catalog: string;
  rows: readonly ReachRow[];
}

/** An entry is a few ids. */
const known = perDbMemo<KnownReach>(10_000);

const keyOf = (companyId: number, userId: number) => `${companyId}.${userId}`;

export const knownReach = (db: object, companyId: number, userId: number) =>
  known.get(db, keyOf(companyId, userId));

export const rememberReach = (db: object, companyId: number, userId: number, reach: KnownReach) =>
  known.set(db, keyOf(companyId, userId), reach);
