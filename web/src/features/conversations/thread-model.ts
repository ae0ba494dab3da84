import type { ConsoleMessage, Conversation, Typing } from '@inbox/contract';

/** The open conversation as the thread keeps it between polls. */
export interface ThreadData {
  conversation: Conversation;
  messages: ConsoleMessage[];
  typing: Typing[];
  /**
   * The newest message id the poll itself returned. Sent messages are shown at once but do not move it: a
   * customer message committed just before ours, not yet polled, would otherwise be skipped.
   */
  cursor: number | undefined;
  /** Messages exist below the oldest one held: the thread offers to load them. */
  hasOlder: boolean;
}

/** Adds messages to a thread: each message once (by message_id), in id order (commit order). */
export function mergeMessages(current: ConsoleMessage[], incoming: ConsoleMessage[]): ConsoleMessage[] {
  if (incoming.length === 0) return current;
  const byId = new Map(current.map((m) => [m.message_id, m]));
  let appendOnly = true;
  const last = current.at(-1)?.message_id ?? 0;
  for (const m of incoming) {
    if (m.message_id <= last) appendOnly = false;
    byId.set(m.message_id, m);
  }
  const merged = [...byId.values()];
  return appendOnly ? merged : merged.sort((a, b) => a.message_id - b.message_id);
}

/** The newest message id a poll answer carries, or the cursor it had. */
export function nextCursor(cursor: number | undefined, polled: ConsoleMessage[]): number | undefined {
  const newest = polled.reduce((max, m) => Math.max(max, m.message_id), 0);
  return newest > (cursor ?? 0) ? newest : cursor;
}

/** The newest message from the customer: reading up to it clears the unread badge. */
export const lastCustomerMessageId = (messages: ConsoleMessage[]) =>
  messages.findLast((m) => m.sender_type === 'customer')?.message_id;

/** "Maria is typing...", "Maria and Sam are typing...". */
export function typingText(typing: Typing[], customerName: string): string | null {
  const names = typing.map((t) => ('customer' in t ? customerName : t.name));
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} is typing...`;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are typing...`;
}

/** Kept here too for the thread's callers; the rule lives with the other formatting rules. */
export { initialsOf } from '@/lib/format';

/** A day heading for the thread: 'Today', 'Yesterday' or the locale date. */
export function dayLabel(date: Date, now: Date = new Date()): string {
  const start = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  const days = Math.round((start(now) - start(date)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  return date.toLocaleDateString(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
}
