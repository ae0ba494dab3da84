import type { ConversationStatus, Id, PortalMessage } from '../types';

export type Phase = 'active' | 'ended' | 'expired';

/** Resolved is Ended; closed (session expired before resolution) is Session Expired (contract section 5). */
export function phaseOf(status: ConversationStatus, isResolved = false): Phase {
  if (isResolved || status === 'resolved') return 'ended';
  return status === 'closed' ? 'expired' : 'active';
}

const numeric = (id: Id) => typeof id === 'number' || /^\d+$/.test(id);

/**
 * Adds messages not yet shown (a sent message comes back from its POST and again from the poll), keeping
 * id order: ids grow in commit order, so an agent reply committed just before our send sorts before it.
 */
export function mergeMessages(current: PortalMessage[], incoming: PortalMessage[]): PortalMessage[] {
  const seen = new Set(current.map((m) => String(m.message_id)));
  const added = incoming.filter((m) => {
    const key = String(m.message_id);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (!added.length) return current;
  const all = [...current, ...added];
  if (!all.every((m) => numeric(m.message_id))) return all;
  return all.sort((a, b) => Number(a.message_id) - Number(b.message_id));
}

/** The newest id among messages, to ask the poll for what came after (null when there are none). */
export function newestId(messages: PortalMessage[], previous: Id | null = null): Id | null {
  let best = previous;
  for (const m of messages) {
    if (best === null) best = m.message_id;
    else if (numeric(m.message_id) && numeric(best)) {
      if (Number(m.message_id) > Number(best)) best = m.message_id;
    } else best = m.message_id;
  }
  return best;
}

/** A per-send id so a retried send is stored once (randomUUID needs a secure context; fall back). */
export function newClientMessageId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
