import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { conversations } from '../../db/schema/index.ts';
import type { JobKind } from '../../jobs/runtime.ts';
import { recordEvent } from '../events/record.ts';
import { clocksStopped } from './clocks.ts';
import { dueOf, SLA_BREACH_JOB, type SlaBreachCheck } from './refresh.ts';

type ConversationRow = typeof conversations.$inferSelect;

/** Whether an agent replied (not a note, not an auto message) between `from` and `due`. */
async function answeredBetween(tx: Tx, conversationId: number, from: Date, due: Date) {
  const res = await tx.execute(sql`select 1 from messages where conversation_id = ${conversationId}
    and sender_type = 'agent' and not is_private
    and created_at >= ${from.toISOString()}::timestamptz and created_at <= ${due.toISOString()}::timestamptz
    limit 1`);
  return res.rows.length > 0;
}

/**
 * Whether the clock was met by its due time, from what happened rather than from the stored due times: the
 * consumer may not yet have handled a reply made just before the due time when this runs.
 */
async function met(tx: Tx, row: ConversationRow, job: SlaBreachCheck, due: Date) {
  const stoppedInTime =
    clocksStopped(row.status) && (row.resolvedAt === null || row.resolvedAt.getTime() <= due.getTime());
  if (stoppedInTime) return true;
  if (job.kind === 'first_response')
    return row.firstReplyAt !== null && row.firstReplyAt.getTime() <= due.getTime();
  if (job.kind === 'next_response') return answeredBetween(tx, row.id, new Date(job.from_ts), due);
  return false;
}

/**
 * The job, at a clock's due time: records the breach under the row lock when the clock was not met, with
 * its `conversation.sla_breached` event. Each kind is recorded once per conversation (`sla_breached`), so a
 * job run twice, two runs racing, or two due times of one kind leave one event. A clock moved since (a new
 * policy, another due time) is left to the job of its new due time.
 */
export async function checkBreach(db: Db, job: SlaBreachCheck): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.id, Number(job.conversation_id)),
          eq(conversations.companyId, Number(job.company_id)),
        ),
      )
      .for('update');
    if (!row || row.slaPolicyId !== Number(job.policy_id) || row.slaBreached.includes(job.kind)) return false;
    const due = new Date(job.due_ts);
    const current = dueOf(row, job.kind);
    if (current !== null && current.getTime() !== due.getTime()) return false;
    if (await met(tx, row, job, due)) return false;
    await tx
      .update(conversations)
      .set({ slaBreached: sql`array_append(${conversations.slaBreached}, ${job.kind}::text)` })
      .where(eq(conversations.id, row.id));
    await recordEvent(tx, {
      type: 'conversation.sla_breached',
      companyId: row.companyId,
      appId: row.appId,
      conversationId: row.id,
      customerId: row.customerId,
      actor: { type: 'system' },
      data: { kind: job.kind },
    });
    return true;
  });
}

export function slaBreachJob(db: Db, kick: () => void): JobKind<SlaBreachCheck> {
  return {
    name: SLA_BREACH_JOB,
    retryLimit: 5,
    retryDelay: 5,
    async handle(data) {
      if (await checkBreach(db, data)) kick();
    },
  };
}
