import { type ConversationStatus, type InboxEvent, portalStatus } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { covers, loadVisibility, type Visibility } from '../access/conversation-visibility.ts';
import type { TicketHolder } from './tickets.ts';

/** How long a console stream trusts what it loaded of its viewer's reach and standing. */
const REACH_TTL_MS = 30_000;

/** A console stream's viewer lost its right to it (logged out, suspended, removed from the company). */
export class StreamRevoked extends Error {}

interface ConversationState {
  queue_id: number | null;
  assigned_user_id: number | null;
}

/** The conversation as it was after the event and, for a move, before it: whoever saw either sees it. */
function statesOf(e: InboxEvent): ConversationState[] {
  const states: ConversationState[] = [];
  for (const key of ['conversation', 'previous'] as const) {
    const s = e.data[key] as ConversationState | undefined;
    if (s) states.push(s);
  }
  return states;
}

/** Whether a viewer with this reach may see the event (contract section 4). */
export function consoleMaySee(v: Visibility, e: InboxEvent): boolean {
  if (e.company_id !== v.viewer.companyId) return false;
  // One person's notification: their streams alone carry it, whoever else sees everything (decision 052).
  if (e.type === 'notification.created') return e.data.user_id === v.viewer.userId;
  if (v.all) return true;
  // The company's label list (names, colours) is everyone's: each console shows labels on what it sees.
  if (e.type.startsWith('label.')) return true;
  // A customer's own events go to whoever sees one of the apps it is linked to (contract section 8).
  if (e.type.startsWith('customer.')) {
    const apps = (e.data.app_ids as number[] | undefined) ?? [];
    return apps.some((a) => v.fullAppIds.includes(a) || v.agentAppIds.includes(a));
  }
  if (e.conversation_id === undefined || e.app_id === null) return false;
  const appId = e.app_id;
  return statesOf(e).some((s) =>
    covers(v, { companyId: e.company_id, appId, queueId: s.queue_id, assignedUserId: s.assigned_user_id }),
  );
}

/**
 * The console's view of events: the viewer's reach is loaded at once and again every 30 s (roles and
 * queue memberships change), and each reload also checks that the session is live, the user active and
 * still in the company; when not, the stream ends.
 */
export function consoleView(db: Db, holder: TicketHolder) {
  let reach: { v: Visibility; at: number } | null = null;
  const load = async () => {
    const res = await db.execute(sql`
      select 1 from sessions s join users u on u.id = s.user_id
      where s.id = ${holder.sessionId} and s.user_id = ${holder.userId} and s.revoked_at is null
        and s.expires_at > now() and u.status = 'active'
        and (u.is_platform_admin or exists (
          select 1 from company_members m where m.company_id = ${holder.companyId} and m.user_id = u.id))`);
    if (res.rows.length === 0) throw new StreamRevoked();
    const v = await loadVisibility(db, {
      companyId: holder.companyId,
      userId: holder.userId,
      role: holder.role,
    });
    reach = { v, at: Date.now() };
    return v;
  };
  return {
    load,
    async view(e: InboxEvent): Promise<InboxEvent | null> {
      const v = reach && Date.now() - reach.at < REACH_TTL_MS ? reach.v : await load();
      return consoleMaySee(v, e) ? e : null;
    },
  };
}

/** Portal-safe message fields: no agent ids, nothing of internal notes. */
const PORTAL_MESSAGE_FIELDS = ['message_id', 'sender_type', 'content', 'content_type', 'created_ts'];

/**
 * The portal's view: its own conversation only; messages that are not internal, agents typing, and
 * status changes. Never notes, system lines, assignments, transfers or anyone's ids.
 */
export function portalView(conversationId: number) {
  return (e: InboxEvent): InboxEvent | null => {
    if (e.conversation_id !== conversationId) return null;
    // No ids of people: the actor keeps its kind only, and the customer id goes.
    const base: InboxEvent = {
      event_id: e.event_id,
      type: e.type,
      company_id: e.company_id,
      app_id: e.app_id,
      conversation_id: e.conversation_id,
      actor: { type: e.actor.type },
      data: {},
      created_ts: e.created_ts,
    };
    if (e.type === 'message.created') {
      const m = e.data.message as Record<string, unknown>;
      if (m.is_private) return null;
      const message = Object.fromEntries(PORTAL_MESSAGE_FIELDS.map((k) => [k, m[k]]));
      return { ...base, data: { message } };
    }
    if (e.type === 'typing') return e.actor.type === 'user' ? { ...base, data: { typing: true } } : null;
    if (e.type === 'conversation.status_changed' || e.type === 'conversation.resolved') {
      // A snooze is the team's own business: the customer sees the conversation open (contract section 13).
      const c = e.data.conversation as { status: ConversationStatus };
      return { ...base, data: { status: portalStatus(c.status) } };
    }
    return null;
  };
}
