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

/** Kept per process; an entry is a few ids. */
const MAX_ENTRIES = 10_000;

/** Per database handle, so two databases in one process (the tests) never share a reach. */
const known = new WeakMap<object, Map<string, KnownReach>>();

const keyOf = (companyId: number, userId: number) => `${companyId}.${userId}`;

export function knownReach(db: object, companyId: number, userId: number): KnownReach | undefined {
  return known.get(db)?.get(keyOf(companyId, userId));
}

export function rememberReach(db: object, companyId: number, userId: number, reach: KnownReach) {
  let entries = known.get(db);
  if (!entries) {
    entries = new Map();
    known.set(db, entries);
  }
  const key = keyOf(companyId, userId);
  entries.delete(key);
  // The oldest entry makes room: a Map iterates in insertion order.
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
  entries.set(key, reach);
}
