import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { queueWaitingRuns } from '../modules/auto-responders/waiting.ts';
import { queuePendingDeliveries } from '../modules/integrations/delivery-job.ts';

/**
 * The mark migration 0033 leaves in `instance_settings`: work left pending by a version that scanned for due
 * rows (webhook deliveries, channel replies, waiting auto-responder answers) still needs its pg-boss job.
 */
export const PENDING_WORK_MARK = 'jobs-for-pending-work';

/**
 * Gives each row that was pending when the installation upgraded its job, once (decision 045). The process
 * that deletes the mark queues the jobs in that same transaction; several processes starting at once wait on
 * the mark's row lock and then find it gone, and a failure leaves the mark for the next start. The jobs' keys
 * are those their work always uses, so a row that already has its job keeps that one job. After the first
 * start this is one statement that finds no mark.
 */
export async function queueJobsForPendingWork(db: Db, queue: JobQueue) {
  return db.transaction(async (tx) => {
    const mark = await tx.execute(
      sql`delete from instance_settings where key = ${PENDING_WORK_MARK} returning key`,
    );
    if (mark.rows.length === 0) return null;
    return {
      deliveries: await queuePendingDeliveries(tx, queue),
      waitingAnswers: await queueWaitingRuns(tx, queue),
    };
  });
}
