import type { Db } from '../../db/client.ts';
import type { JobKind } from '../../jobs/runtime.ts';
import { type AttemptJob, DELIVERY_JOB, queueAttempt } from '../channels/delivery-queue.ts';
import type { SenderDeps } from '../channels/sender-types.ts';
import { attemptDelivery } from './sender.ts';

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
