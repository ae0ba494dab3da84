import type { Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';

/*
 * Queueing an attempt is shared by the webhook deliveries and the channels' reply retries, so it sits here, below
 * the integrations module whose job (`integrations/delivery-job.ts`) makes the attempts.
 */

/** What the sender needs to queue the next attempt (the integrations module's job, `delivery-job.ts`). */
export type QueueAttempt = (
  tx: Tx,
  d: { id: number; round: string; attempt: number; afterSeconds: number },
) => Promise<void>;

/** The pg-boss queue of delivery attempts: webhook calls and replies through provider channels. */
export const DELIVERY_JOB = 'webhook-delivery';

export interface AttemptJob {
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
