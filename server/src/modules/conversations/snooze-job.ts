import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { conversations } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { JobKind } from '../../jobs/runtime.ts';
import { SYSTEM_ACTOR } from '../access/context.ts';
import { type ConversationRow, changeConversation } from './change.ts';

export const SNOOZE_WAKE_JOB = 'conversation-snooze-wake';

export interface SnoozeWake {
  company_id: number;
  conversation_id: number;
  /** The snooze's own time: a conversation snoozed again to another time (or woken) is not woken by it. */
  until_ts: string;
}

/** The line the thread shows when a snooze ends, by time or by the customer (contract section 13). */
export const SNOOZE_ENDED = 'Snooze ended';

/**
 * Queues the wake-up of a snooze in the transaction that snoozed (decision 045): one job per snooze, its key
 * the conversation and a fresh id of this snooze, so two processes or a repeated call never queue two for
 * one snooze, and a snooze after a wake gets a job of its own.
 */
export function queueWake(tx: Tx, queue: JobQueue, conv: ConversationRow, until: Date) {
  return queueWakes(tx, queue, conv.companyId, [conv.id], until);
}

/** The wake-ups of many conversations snoozed until one time (a bulk snooze), in one statement. */
export function queueWakes(tx: Tx, queue: JobQueue, companyId: number, ids: number[], until: Date) {
  const untilTs = until.toISOString();
  return queue.sendManyOnce(
    tx,
    SNOOZE_WAKE_JOB,
    ids.map((id) => ({
      key: `${id}:${untilTs}:${randomUUID()}`,
      data: { company_id: companyId, conversation_id: id, until_ts: untilTs } satisfies SnoozeWake,
      at: until,
    })),
  );
}

/** Under the row lock: `conv` back to `open` with "Snooze ended", when it is still snoozed. */
async function wake(tx: DbOrTx, conv: ConversationRow) {
  await changeConversation(
    tx,
    SYSTEM_ACTOR,
    conv,
    { status: 'open' },
    {
      action: 'conversation.snooze_ended',
      note: SNOOZE_ENDED,
    },
  );
}

const lockSnoozed = async (tx: DbOrTx, companyId: number, conversationId: number) => {
  const [conv] = await tx
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.id, conversationId),
        eq(conversations.companyId, companyId),
        eq(conversations.status, 'snoozed'),
      ),
    )
    .for('update');
  return conv;
};

/**
 * The job: wakes the conversation only if it is still snoozed until exactly this snooze's time, under the row
 * lock. The job running twice (a crash after the commit), a re-snooze to another time, a customer's earlier
 * message or a resolve all leave nothing for it to do, so each snooze wakes once, on whichever process.
 */
export async function wakeSnoozed(db: Db, job: SnoozeWake): Promise<boolean> {
  return db.transaction(async (tx) => {
    const conv = await lockSnoozed(tx, Number(job.company_id), Number(job.conversation_id));
    if (conv?.snoozedUntil?.getTime() !== Date.parse(job.until_ts)) return false;
    await wake(tx, conv);
    return true;
  });
}

export function snoozeWakeJob(db: Db, kick: () => void): JobKind<SnoozeWake> {
  return {
    name: SNOOZE_WAKE_JOB,
    retryLimit: 5,
    retryDelay: 5,
    async handle(data) {
      if (await wakeSnoozed(db, data)) kick();
    },
  };
}

/**
 * A customer's message wakes a snoozed conversation first ("Snooze ended", then the message), in the
 * message's transaction: every inbound path calls it before `appendMessage` (the portal, and the channels'
 * `receiveInbound`, through which mail, SMS, WhatsApp, Messenger and API integrations arrive).
 */
export async function wakeOnCustomerMessage(tx: Tx, companyId: number, conversationId: number) {
  const conv = await lockSnoozed(tx, companyId, conversationId);
  if (conv) await wake(tx, conv);
}
