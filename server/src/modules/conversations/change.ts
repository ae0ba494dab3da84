import type { ConversationStatus } from '@inbox/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { conversations } from '../../db/schema/index.ts';
import { type Actor, actorName, type CompanyScope } from '../access/context.ts';
import { recordActivity } from '../activities/service.ts';
import { askForRatings } from '../csat/ask.ts';
import { eventActorOf, type NewEvent, recordEvents } from '../events/record.ts';
import { appendMessage } from './append.ts';
import { priorityOf } from './priority.ts';
import { conversationState } from './state.ts';

export type ConversationRow = typeof conversations.$inferSelect;

/** What to change; a field left out stays as it is. */
export interface ConversationChange {
  status?: ConversationStatus;
  /** The new holder, or null to hand the conversation back to its team. */
  assignee?: { id: number; name: string } | null;
  queueId?: number | null;
  /** The customer proved the address the conversation is filed under, and how (decision 037); never undone. */
  verified?: VerifiedBy;
  /** A priority rank (`priority.ts`: 1 urgent to 4 low), or null for none. */
  priority?: number | null;
  /**
   * Snoozed until this time, or (null) until the customer writes: the status becomes `snoozed`. Any other
   * status clears the time (a wake, a resolve).
   */
  snoozeUntil?: Date | null;
}

/** How a customer proves an unverified conversation's address once it is open (decision 037). */
export type VerifiedBy = 'secure_link' | 'email';

interface Move<T> {
  from: T;
  to: T;
}

/** What changed, field by field; a field that did not change is absent. */
export interface ConversationChanges {
  conversationId: number;
  number: number;
  status?: Move<ConversationStatus>;
  assignedUserId?: Move<number | null>;
  queueId?: Move<number | null>;
  verified?: Move<boolean> & { by: VerifiedBy };
  priority?: Move<number | null>;
  /** A snooze began or moved: when it wakes now (null: when the customer writes). */
  snoozedUntil?: Move<Date | null>;
}

/** How the caller names what happened: the activity, the console-only system line, extra activity details. */
export interface ChangeRecord {
  action: string;
  note: string;
  details?: Record<string, unknown>;
}

/** The actor as system lines name them: "Olivia", or "Olivia (via Pat Platform)" when impersonated. */
export function actorLabel(actor: Actor): string {
  const name = actorName(actor);
  return actor.type === 'user' && actor.impersonator ? `${name} (via ${actor.impersonator.name})` : name;
}

const impersonatorOf = (actor: Actor) => (actor.type === 'user' ? (actor.impersonator?.id ?? null) : null);

function diff(conv: ConversationRow, change: ConversationChange): ConversationChanges {
  const out: ConversationChanges = { conversationId: conv.id, number: conv.number };
  const status = change.snoozeUntil !== undefined ? 'snoozed' : change.status;
  if (status !== undefined && status !== conv.status) {
    out.status = { from: conv.status, to: status };
  }
  if (change.snoozeUntil !== undefined) {
    const same =
      conv.status === 'snoozed' &&
      (conv.snoozedUntil?.getTime() ?? null) === (change.snoozeUntil?.getTime() ?? null);
    if (!same) out.snoozedUntil = { from: conv.snoozedUntil, to: change.snoozeUntil };
  }
  if (change.priority !== undefined && change.priority !== conv.priority) {
    out.priority = { from: conv.priority, to: change.priority };
  }
  const assignee = change.assignee === undefined ? undefined : (change.assignee?.id ?? null);
  if (assignee !== undefined && assignee !== conv.assignedUserId) {
    out.assignedUserId = { from: conv.assignedUserId, to: assignee };
  }
  if (change.queueId !== undefined && change.queueId !== conv.queueId) {
    out.queueId = { from: conv.queueId, to: change.queueId };
  }
  if (change.verified && !conv.verified) out.verified = { from: false, to: true, by: change.verified };
  return out;
}

export const changedAnything = (c: ConversationChanges) =>
  c.status !== undefined ||
  c.assignedUserId !== undefined ||
  c.queueId !== undefined ||
  c.verified !== undefined ||
  c.priority !== undefined ||
  c.snoozedUntil !== undefined;

/**
 * The one way a conversation's status, assignee, queue or verification changes (decision 015). Inside the caller's
 * transaction, on a row the caller has locked (`lockConversation`, `lockVisible`): updates the row, writes
 * the console-only system line (recording the impersonating admin), records the activity, and returns what
 * changed. When nothing would change it writes nothing and returns no fields. Many conversations at once
 * change through its set-based twin, `changeConversations` (`bulk-change.ts`), which writes the same.
 */
export async function changeConversation(
  tx: DbOrTx,
  actor: Actor,
  conv: ConversationRow,
  change: ConversationChange,
  record: ChangeRecord | ((changes: ConversationChanges) => ChangeRecord),
): Promise<ConversationChanges> {
  const changes = diff(conv, change);
  if (!changedAnything(changes)) return changes;
  const { status, assignedUserId, queueId, verified, priority, snoozedUntil } = changes;
  await tx
    .update(conversations)
    .set({
      ...(status ? { status: status.to } : {}),
      ...(status?.to === 'resolved' ? { resolvedAt: sql`now()`, waitingSince: null } : {}),
      // Leaving `snoozed` ends the snooze; its job then finds nothing to wake (`snooze.ts`).
      ...(status && status.to !== 'snoozed' && status.from === 'snoozed' ? { snoozedUntil: null } : {}),
      ...(snoozedUntil ? { snoozedUntil: snoozedUntil.to } : {}),
      ...(priority ? { priority: priority.to } : {}),
      ...(assignedUserId ? { assignedUserId: assignedUserId.to } : {}),
      ...(queueId ? { queueId: queueId.to } : {}),
      ...(verified ? { verified: true } : {}),
    })
    .where(and(eq(conversations.id, conv.id), eq(conversations.companyId, conv.companyId)));
  const { action, note, details } = typeof record === 'function' ? record(changes) : record;
  await appendMessage({
    db: tx,
    companyId: conv.companyId,
    conversationId: conv.id,
    sender: { type: 'system' },
    content: note,
    isPrivate: true,
    impersonatorUserId: impersonatorOf(actor),
  });
  await recordEvents(tx, changeEvents(actor, conv, changes));
  // An agent's resolution asks the customer for a rating when the app wants one (decision 055).
  if (status?.to === 'resolved' && actor.type === 'user') {
    await askForRatings(tx, conv.companyId, [conv.id], actor.user.id);
  }
  await recordActivity(tx, actor, {
    companyId: conv.companyId,
    action,
    entityType: 'conversation',
    entityId: conv.id,
    details: {
      number: conv.number,
      ...(status ? { from_status: status.from, to_status: status.to } : {}),
      ...(assignedUserId ? { from_user_id: assignedUserId.from, to_user_id: assignedUserId.to } : {}),
      ...(queueId ? { from_queue_id: queueId.from, to_queue_id: queueId.to } : {}),
      ...(verified ? { verified_by: verified.by } : {}),
      ...(priority ? { from_priority: priorityOf(priority.from), to_priority: priorityOf(priority.to) } : {}),
      ...(snoozedUntil ? { snoozed_until: snoozedUntil.to?.toISOString() ?? null } : {}),
      ...details,
    },
  });
  return changes;
}

/**
 * The events of a change (contract section 7), each carrying the conversation as it is now and, for a
 * move, as it was: a viewer who could see either is told (the one who lost sight of it drops it).
 */
function changeEvents(actor: Actor, conv: ConversationRow, c: ConversationChanges): NewEvent[] {
  const now = conversationState({
    number: conv.number,
    status: c.status?.to ?? conv.status,
    queueId: c.queueId ? c.queueId.to : conv.queueId,
    assignedUserId: c.assignedUserId ? c.assignedUserId.to : conv.assignedUserId,
    verified: c.verified ? c.verified.to : conv.verified,
    priority: c.priority ? c.priority.to : conv.priority,
  });
  const previous = { queue_id: conv.queueId, assigned_user_id: conv.assignedUserId };
  const event = (type: NewEvent['type'], data: Record<string, unknown>): NewEvent => ({
    type,
    companyId: conv.companyId,
    appId: conv.appId,
    conversationId: conv.id,
    customerId: conv.customerId,
    actor: eventActorOf(actor),
    data: { ...data, conversation: now, previous },
  });
  const out: NewEvent[] = [];
  if (c.status) {
    out.push(event('conversation.status_changed', { from: c.status.from, to: c.status.to }));
    if (c.status.to === 'resolved') out.push(event('conversation.resolved', { from: c.status.from }));
  }
  if (c.assignedUserId) {
    const { from, to } = c.assignedUserId;
    out.push(event(to === null ? 'conversation.unassigned' : 'conversation.assigned', { from, to }));
  }
  if (c.queueId) out.push(event('conversation.transferred', { from: c.queueId.from, to: c.queueId.to }));
  if (c.verified) out.push(event('conversation.verified', { by: c.verified.by }));
  if (c.priority) {
    out.push(
      event('conversation.priority_changed', {
        from: priorityOf(c.priority.from),
        to: priorityOf(c.priority.to),
      }),
    );
  }
  if (c.snoozedUntil) {
    out.push(
      event('conversation.snoozed', {
        until_ts: c.snoozedUntil.to?.toISOString() ?? null,
        from: c.status?.from ?? conv.status,
      }),
    );
  }
  return out;
}

/** A conversation of the company, row-locked for a change; undefined when there is none. */
export async function lockConversation(scope: CompanyScope, id: number) {
  const [conv] = await scope.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.companyId, scope.companyId)))
    .for('update');
  return conv;
}
