import type { Db, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { JobKind } from '../../jobs/runtime.ts';
import { attemptDelivery, type QueueAttempt, type SenderDeps } from './sender.ts';

/** The pg-boss queue of delivery attempts: webhook calls and replies through provider channels. */
export const DELIVERY_JOB = 'webhook-delivery';

interface AttemptJob {
  delivery_id: number;
  attempt: number;
}

/**
 * Queues attempt `attempt` of a delivery, in the transaction that recorded the row or its last attempt. The
 * job's key names the delivery, its round (the row's `created_at`, which a manual "send again" restarts)
 * and the attempt, so a batch the consumer repeats, or two processes, queue it once.
 */
export function queueAttempt(queue: JobQueue): QueueAttempt {
  return (tx: Tx, d) =>
    queue.sendOnce(
      tx,
      DELIVERY_JOB,
      `${d.id}:${d.round}:${d.attempt}`,
      { delivery_id: d.id, attempt: d.attempt } satisfies AttemptJob,
      { afterSeconds: d.afterSeconds, order: d.id },
    );
}

/**
 * One attempt per job. pg-boss's own retries (a crash, a database error) repeat the same attempt, which
 * `attemptDelivery` makes at most once; the schedule of contract section 10 is the next job's `startAfter`.
 */
export function deliveryJob(db: Db, deps: SenderDeps, kick: () => void): JobKind<AttemptJob> {
  return {
    name: DELIVERY_JOB,
    retryLimit: 3,
    retryDelay: 5,
    async handle(data, queue) {
      await attemptDelivery(
        db,
        deps,
        queueAttempt(queue),
        { id: Number(data.delivery_id), attempt: Number(data.attempt) },
        kick,
      );
    },
  };
}
