import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { JobKind } from '../../jobs/runtime.ts';
import { deliver, factsOf, type Responder, WAITING_ANSWER_JOB } from './engine.ts';

/**
 * A `no_agent_reply` answer coming due: the job the consumer queued with the run, `startAfter` its delay.
 * It sends only while the run still waits (the row lock makes a repeated job, or two processes, find it
 * answered) and no agent has replied publicly since the message that started the wait: the consumer
 * cancels on a reply, but may not have read that reply yet when the job runs.
 */
export async function sendWaitingAnswer(db: Db, runId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const res = await tx.execute<
      Responder & { conversation_id: number; occurrence: string; is_active: boolean }
    >(sql`
      select r.conversation_id, r.occurrence, ar.id, ar.trigger, ar.delay_minutes, ar.keywords, ar.message,
        ar.is_active
      from auto_responder_runs r join auto_responders ar on ar.id = r.responder_id
      where r.id = ${runId} and r.status = 'pending'
      for update of r`);
    const row = res.rows[0];
    if (!row) return false;
    const conversationId = Number(row.conversation_id);
    const waitedFrom = Number(row.occurrence.replace('waiting:', ''));
    const answered = await tx.execute(sql`select 1 from messages
      where conversation_id = ${conversationId} and id > ${waitedFrom} and sender_type = 'agent'
        and not is_private limit 1`);
    // Switched off while it waited, or answered in time: it owes nothing any more.
    if (!row.is_active || answered.rows.length > 0) {
      await tx.execute(sql`update auto_responder_runs set status = 'cancelled', updated_at = now()
        where id = ${runId}`);
      return false;
    }
    const f = await factsOf(tx, conversationId);
    if (!f) return false;
    await deliver(tx, runId, { ...row, id: Number(row.id) }, conversationId, f, now);
    return true;
  });
}

/** The job kind; `kick` wakes the announcer so the answer reaches the portal and the console live. */
export function waitingAnswerJob(db: Db, clock: () => Date, kick: () => void): JobKind<{ run_id: number }> {
  return {
    name: WAITING_ANSWER_JOB,
    retryLimit: 5,
    retryDelay: 5,
    async handle(data) {
      if (await sendWaitingAnswer(db, Number(data.run_id), clock())) kick();
    },
  };
}

/**
 * Once, at the first start after the upgrade to jobs (decision 045; `bootstrap/pending-work.ts` decides when):
 * `no_agent_reply` answers left waiting by a version that scanned for them have no job. Each gets its job,
 * due at the run's `due_at`, keyed by the run as the consumer keys it, so a run that has its job keeps one.
 * Answers how many it saw.
 */
export async function queueWaitingRuns(tx: Tx, queue: JobQueue) {
  const res = await tx.execute<{ id: string; wait: number }>(sql`
    select id, greatest(0, ceil(extract(epoch from due_at - now())))::int as wait
    from auto_responder_runs where status = 'pending' order by id`);
  for (const r of res.rows) {
    const runId = Number(r.id);
    await queue.sendOnce(
      tx,
      WAITING_ANSWER_JOB,
      String(runId),
      { run_id: runId },
      { afterSeconds: Number(r.wait) },
    );
  }
  return res.rows.length;
}
