import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
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

/**
 * Once, at the first start after the upgrade to jobs (decision 045; `bootstrap/pending-work.ts` decides when):
 * deliveries left pending by a version that scanned for them have no job. Each gets the job of its next
 * attempt, due when its row says, under the key the sender itself would use, so a row that has its job
 * already still has one. Answers how many it saw.
 */
export async function queuePendingDeliveries(tx: Tx, queue: JobQueue) {
  const res = await tx.execute<{ id: string; round: string; attempts: number; wait: number }>(sql`
    select id, created_at::text as round, attempts,
      greatest(0, ceil(extract(epoch from next_attempt_at - now())))::int as wait
    from webhook_deliveries where status = 'pending' order by id`);
  const queueNext = queueAttempt(queue);
  for (const d of res.rows) {
    await queueNext(tx, {
      id: Number(d.id),
      round: d.round,
      attempt: Number(d.attempts) + 1,
      afterSeconds: Number(d.wait),
    });
  }
  return res.rows.length;
}
