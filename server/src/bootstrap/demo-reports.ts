import type { InboxEvent } from '@inbox/contract';
import type { Tx } from '../db/client.ts';
import { recordFacts } from '../modules/reporting/facts.ts';
import type { DemoLine, DemoThread } from './demo-threads.ts';

/** One seeded conversation, with the ids and times the demo gave it. */
export interface SeededThread {
  thread: DemoThread;
  conversationId: number;
  appId: number;
  queueId: number;
  customerId: number;
  /** The assignee's user id, and who assigned it when. */
  assignee: { userId: number; by: number; at: Date } | null;
  createdAt: Date;
  resolvedAt: Date | null;
  at: (line: DemoLine) => Date;
  userOf: (line: DemoLine) => number | null;
}

/**
 * The demo's reports: the events its conversations stand for (start, assignment, every message, resolution),
 * at the times the threads give them, turned into facts and rollups by the reporting consumer's own code, so
 * Reports and the dashboard show the demo's week as they would have counted it live. The demo writes no
 * events (nothing would react to them now), so these ids are negative: no real event, whose id is positive,
 * can share a fact's (event, kind) key with them.
 */
export async function seedDemoReports(tx: Tx, companyId: number, seeded: SeededThread[]) {
  const events: InboxEvent[] = [];
  const add = (s: SeededThread, e: Pick<InboxEvent, 'type' | 'actor' | 'data'>, at: Date) =>
    events.push({
      ...e,
      event_id: 0,
      company_id: companyId,
      app_id: s.appId,
      conversation_id: s.conversationId,
      customer_id: s.customerId,
      created_ts: at.toISOString(),
    });
  for (const s of seeded) {
    const customer = { type: 'customer' as const, id: s.customerId };
    // Whoever holds the conversation at a moment (facts of customer messages are credited to them).
    const state = (at: Date) => ({
      queue_id: s.queueId,
      assigned_user_id: s.assignee && s.assignee.at <= at ? s.assignee.userId : null,
    });
    add(
      s,
      { type: 'conversation.created', actor: customer, data: { conversation: state(s.createdAt) } },
      s.createdAt,
    );
    if (s.assignee) {
      const { userId, by, at } = s.assignee;
      add(
        s,
        {
          type: 'conversation.assigned',
          actor: { type: 'user', id: by },
          data: { to: userId, conversation: state(at) },
        },
        at,
      );
    }
    for (const line of s.thread.lines) {
      const at = s.at(line);
      const userId = s.userOf(line);
      const message = {
        sender_type: 'customer' in line ? 'customer' : userId === null ? 'auto' : 'agent',
        sender_user_id: userId,
        is_private: 'note' in line,
      };
      const actor =
        'customer' in line
          ? customer
          : userId === null
            ? { type: 'system' as const }
            : { type: 'user' as const, id: userId };
      add(s, { type: 'message.created', actor, data: { message, conversation: state(at) } }, at);
    }
    if (s.resolvedAt && s.assignee) {
      const actor = { type: 'user' as const, id: s.assignee.userId };
      add(
        s,
        { type: 'conversation.resolved', actor, data: { conversation: state(s.resolvedAt) } },
        s.resolvedAt,
      );
    }
  }
  // In time order, as the log would hold them: a start comes before the reply it times.
  events.sort((a, b) => a.created_ts.localeCompare(b.created_ts));
  events.forEach((e, i) => {
    e.event_id = -(i + 1);
  });
  await recordFacts(tx, events, { rollups: true });
}
