import type { EventType, InboxEvent } from '@inbox/contract';
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
      for (const [id, t] of touched) await refreshSla(tx, queue, t.companyId, id, t.choose);
    },
  };
}
