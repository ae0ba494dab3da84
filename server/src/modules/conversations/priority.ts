import { PRIORITIES, type Priority } from '@inbox/contract';
import { sql } from 'drizzle-orm';

/**
 * Priorities are stored as their rank (`conversations.priority`: 1 urgent to 4 low, null none) so the
 * priority sort's index orders them; the wire says their names (contract section 13).
 */
export const rankOf = (p: Priority | null): number | null => (p === null ? null : PRIORITIES.indexOf(p) + 1);

export const priorityOf = (rank: number | string | null | undefined): Priority | null =>
  rank === null || rank === undefined ? null : (PRIORITIES[Number(rank) - 1] ?? null);

/** The same in SQL, for a column holding a rank (events and payloads built in one statement). */
export const priorityNameSql = (column: string) =>
  sql.raw(`(array[${PRIORITIES.map((p) => `'${p}'`).join(', ')}]::text[])[${column}]`);

/** "Urgent" for system lines. */
export const priorityLabel = (p: Priority) => p.charAt(0).toUpperCase() + p.slice(1);
