import type { Conversation, PriorityBody, SnoozeBody } from '@inbox/contract';
import { SNOOZE_PAST_SENTENCE } from '@inbox/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { companies } from '../../db/schema/index.ts';
import { invalidField } from '../../http/app-error.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { CallerCtx } from '../access/context.ts';
import { act } from './actions.ts';
import { actorLabel } from './change.ts';
import { priorityLabel, rankOf } from './priority.ts';
import { queueWake } from './snooze-job.ts';

/**
 * Sets or clears a conversation's priority (contract section 13): anyone who can see it, as for assigning.
 * The thread says who set what, and `conversation.priority_changed` tells everyone else. Setting the
 * priority it already has changes nothing. `tx`: run inside the caller's transaction (a bulk change); an
 * error is the same `AppError` the route answers.
 */
export function setConversationPriority(
  ctx: CallerCtx,
  conversationId: number,
  params: Pick<PriorityBody, 'priority'>,
  tx?: Tx,
): Promise<Conversation> {
  const { priority } = params;
  return act(
    ctx,
    conversationId,
    async () => ({
      change: { priority: rankOf(priority) },
      record: {
        action: 'conversation.priority_changed',
        note:
          priority === null
            ? `Priority cleared by ${actorLabel(ctx.actor)}`
            : `Priority set to ${priorityLabel(priority)} by ${actorLabel(ctx.actor)}`,
      },
    }),
    tx,
  );
}

/** "Mon 8 Dec, 09:00 (Europe/Berlin)": when a snooze ends, in the company's timezone, for the thread. */
export function wakeLabel(at: Date, timezone: string) {
  const text = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: timezone,
  }).format(at);
  return `${text} (${timezone})`;
}

/**
 * Snoozes a conversation (contract section 13) until `until_ts`, or until the customer writes when it is
 * null: anyone who can change its state (anyone who can see it, as for resolving). A time not in the future
 * answers 422. The wake-up by time is a pg-boss job queued in the same transaction (`snooze-job.ts`); a
 * customer message wakes it sooner (`wakeOnCustomerMessage`). A snooze of a resolved or closed conversation
 * sets it aside as well: it comes back open. `tx`: as for `setConversationPriority`.
 */
export function snoozeConversation(
  ctx: CallerCtx,
  queue: JobQueue,
  conversationId: number,
  params: Pick<SnoozeBody, 'until_ts'>,
  tx?: Tx,
): Promise<Conversation> {
  const until = params.until_ts ? new Date(params.until_ts) : null;
  if (until && !(until.getTime() > Date.now())) throw invalidField('until_ts', SNOOZE_PAST_SENTENCE);
  return act(
    ctx,
    conversationId,
    async (conv, t) => {
      let when = 'the customer replies';
      if (until) {
        const [company] = await t
          .select({ timezone: companies.timezone })
          .from(companies)
          .where(eq(companies.id, conv.companyId));
        when = wakeLabel(until, company?.timezone ?? 'UTC');
      }
      return {
        change: { snoozeUntil: until },
        record: { action: 'conversation.snoozed', note: `Snoozed until ${when} by ${actorLabel(ctx.actor)}` },
        after: until ? (inner) => queueWake(inner, queue, conv, until) : undefined,
      };
    },
    tx,
  );
}
