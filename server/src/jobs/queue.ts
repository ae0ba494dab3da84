import { createHash } from 'node:crypto';
import type PgBoss from 'pg-boss';
import type { Tx } from '../db/client.ts';

/**
 * Queuing a job inside the caller's transaction: the job exists exactly when the row it works on does, so
 * nothing has to scan for rows that lost their job. pg-boss takes any connection that runs parameterised
 * SQL (`send(…, { db })`); this one runs its statement on the Drizzle transaction, on both engines (on
 * PGlite, the one connection is the transaction's while it lasts, so pg-boss's own would wait forever).
 */
export function txConnection(tx: Tx): PgBoss.Db {
  // pg-boss's statements name a parameter more than once with different casts, which Drizzle's `sql` cannot
  // say (each mention is a parameter of its own): they go to the transaction's own connection as written, a
  // `pg` client or a PGlite transaction, both of which answer `query(text, values)` with `rows`.
  const { client } = (tx as unknown as { session: { client: Queryable } }).session;
  return { executeSql: (text, values) => client.query(text, values) };
}

type Queryable = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * The job id a piece of work always gets: pg-boss inserts a job whose id exists as nothing, so queuing the
 * same work twice (a consumer's batch repeated after a crash, two processes) leaves one job. A job keyed
 * only by `singletonKey` would not do: a standard queue keeps such keys unique only within a time slot.
 */
export function onceId(key: string, order?: number) {
  let h = createHash('sha256').update(key).digest('hex');
  // pg-boss takes the jobs queued in one transaction in the order of their ids: `order` (a row's id) leads
  // the id, so a batch of deliveries leaves in the order of its events.
  if (order !== undefined) h = order.toString(16).padStart(12, '0').slice(-12) + h.slice(12);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** What a module needs to queue its own jobs: the one queue of the process (`jobs/runtime.ts`). */
export interface JobQueue {
  /**
   * Queues `name` once per `key`, in `tx`, to run `afterSeconds` from now (pg-boss keeps it across restarts
   * and hands it to one process), before the jobs of the same transaction with a greater `order`.
   */
  sendOnce(
    tx: Tx,
    name: string,
    key: string,
    data: object,
    when?: { afterSeconds?: number; order?: number },
  ): Promise<void>;
  /** The same for many jobs of `name` in one statement (a bulk snooze queues a wake-up per conversation). */
  sendManyOnce(tx: Tx, name: string, jobs: { key: string; data: object; at: Date }[]): Promise<void>;
}
