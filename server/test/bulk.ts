import { and, asc, eq, ne } from 'drizzle-orm';
import { activities, conversations, events, messages } from '../src/db/schema/index.ts';
import { dataOf } from './answers.ts';
import type { Inbox } from './conversations.ts';

/** A snooze time the twins share (the system line and events name it). */
export const SNOOZE_UNTIL = '2099-03-04T05:06:07.000Z';

/**
 * The bulk tests' calls over an inbox made in `beforeAll` (read when called): the bulk call, its undo and
 * the single call as one person, a conversation's row, a chat in the private VIP queue, and what a change
 * wrote about a conversation (its trail), to compare a bulk change with the single one.
 */
export function bulkTools(x: Inbox) {
  type Who = keyof Inbox['sessions'];
  const bulk = (who: Who, body: Record<string, unknown>) =>
    x.as(x.sessions[who])('POST', '/conversations/bulk', { body });
  const undo = (who: Who, body: Record<string, unknown>) =>
    x.as(x.sessions[who])('POST', '/conversations/bulk/undo', { body });
  const single = (who: Who, path: string, body: Record<string, unknown>) =>
    x.as(x.sessions[who])('POST', path, { body });

  const row = async (id: number) => {
    const [c] = await x.t.db.select().from(conversations).where(eq(conversations.id, id));
    return c!;
  };

  /** A chat moved into the private VIP queue (the portal offers public queues only). */
  async function vipChat(name: string) {
    const id = (await x.chat({ name })).conversationId;
    dataOf(
      await single('admin', '/conversation/transfer', {
        conversation_id: id,
        queue_id: x.privateQueue.id,
        transfer_reason: 'VIP',
      }),
    );
    return id;
  }

  /** What a change wrote about a conversation, with what differs between two conversations taken out. */
  async function trail(id: number) {
    const evs = await x.t.db
      .select({ type: events.type, actorType: events.actorType, actorId: events.actorId, data: events.data })
      .from(events)
      .where(
        and(
          eq(events.conversationId, id),
          ne(events.type, 'message.created'),
          ne(events.type, 'conversation.created'),
        ),
      )
      .orderBy(asc(events.eventId));
    const lines = await x.t.db
      .select({ content: messages.content, isPrivate: messages.isPrivate })
      .from(messages)
      .where(and(eq(messages.conversationId, id), eq(messages.senderType, 'system')))
      .orderBy(asc(messages.id));
    const acts = await x.t.db
      .select({ action: activities.action, details: activities.details, actor: activities.actorUserId })
      .from(activities)
      .where(
        and(
          eq(activities.entityType, 'conversation'),
          eq(activities.entityId, String(id)),
          ne(activities.action, 'conversation.created'),
        ),
      )
      .orderBy(asc(activities.id));
    const unnumbered = (d: Record<string, unknown>) => {
      const { number: _n, conversation, ...rest } = d as { number?: number; conversation?: object };
      return { ...rest, ...(conversation ? { conversation: { ...conversation, number: 0 } } : {}) };
    };
    return {
      events: evs
        .map((e) => ({ ...e, data: unnumbered(e.data) }))
        .sort((a, b) => a.type.localeCompare(b.type)),
      lines,
      activities: acts.map((a) => ({ ...a, details: unnumbered(a.details as Record<string, unknown>) })),
    };
  }

  return { bulk, undo, single, row, vipChat, trail };
}
