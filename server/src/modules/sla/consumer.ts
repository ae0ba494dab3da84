import type { EventType, InboxEvent } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { JobQueue } from '../../jobs/queue.ts';
import type { ConsumerSpec } from '../events/consumer.ts';
import { refreshSla } from './refresh.ts';

/** The changes on which the policy is chosen again (contract section 14). */
const CHOOSE_ON: readonly EventType[] = [
  'conversation.created',
  'conversation.transferred',
  'conversation.priority_changed',
  'conversation.labels_changed',
];

/** The changes that start or stop a clock: a message (a reply, or a customer waiting), a resolve or reopen. */
const CLOCKS_ON: readonly EventType[] = ['message.created', 'conversation.status_changed'];

/**
 * The SLA module hears of conversations from the event log (decision 054): the conversations module, a
 * lower band, knows nothing of service levels. Each batch brings every conversation it touched up to date
 * once, choosing the policy again when any of its events asks for that.
 */
export function slaConsumer(queue: JobQueue): ConsumerSpec {
  return {
    name: 'sla',
    types: [...CHOOSE_ON, ...CLOCKS_ON],
    async handle(tx, events: InboxEvent[]) {
      const touched = new Map<number, { companyId: number; choose: boolean }>();
      for (const e of events) {
        if (e.conversation_id === undefined || e.conversation_id === null) continue;
        const was = touched.get(e.conversation_id);
        const choose = (was?.choose ?? false) || CHOOSE_ON.includes(e.type);
        touched.set(e.conversation_id, { companyId: e.company_id, choose });
      }
      // Only a conversation under a policy, or one choosing in a company that has policies, is read under
      // its lock: the rest (most messages of most companies) cost this one statement a batch. Locking every
      // messaged row for the consumer's whole batch made sends to those conversations wait for it (the send
      // bench's p99 went from 63 ms to 930 ms, bench/RESULTS.md).
      const ids = [...touched.keys()];
      const choosing = ids.filter((id) => touched.get(id)!.choose);
      const due = await tx.execute<{ id: number }>(sql`select c.id from conversations c
        where c.id = any(${sql.param(ids)}::int[]) and (c.sla_policy_id is not null
          or (c.id = any(${sql.param(choosing)}::int[])
            and exists (select 1 from sla_policies p where p.company_id = c.company_id)))
        order by c.id`);
      for (const { id } of due.rows) {
        const t = touched.get(Number(id))!;
        await refreshSla(tx, queue, t.companyId, Number(id), t.choose);
      }
    },
  };
}
