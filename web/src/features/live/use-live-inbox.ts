import { type ConsoleMessage, EVENT_TYPES, type InboxEvent, type StreamTicket } from '@inbox/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { inboxKeys } from '@/features/conversations/api';
import type { ThreadData } from '@/features/conversations/thread-model';
import { API_BASE, api } from '@/lib/api-client';
import { openEventStream } from '@/lib/event-stream';
import { labelKeys } from '@/lib/labels';
import { getSession } from '@/lib/session';
import { customerKeys } from '../customers/api';
import { takeNotificationEvent } from '../notifications/live';
import { isLive, setLive } from './live-state';
import { clearNewMessages, noteNewMessage } from './new-message-alert';

/** Events that change no list row or count: an open thread refetches, the list stays. */
const THREAD_ONLY = new Set<InboxEvent['type']>(['typing', 'message.updated']);
/** "Is typing" shows for 6 s on the server: look again once it would have lapsed. */
const TYPING_LAPSE_MS = 6500;
/** Events of one burst (a resolve writes three) refresh once. */
const COALESCE_MS = 100;

/**
 * The console's live connection for the current company (contract section 7): one event stream per tab.
 * Each event refreshes what it touches (the open thread, the list and its counts, the dashboard), a burst
 * of events refreshes once, and while the stream is up the inbox does not poll. A customer message that
 * arrives in a background tab counts in the title (and plays a tone when the user asked for one).
 */
export function useLiveInbox(cid: number | undefined) {
  const client = useQueryClient();
  useEffect(() => {
    if (cid === undefined) return;
    const threads = new Set<number>();
    let lists = false;
    let flush: ReturnType<typeof setTimeout> | undefined;
    const later = new Set<ReturnType<typeof setTimeout>>();
    const refreshThread = (id: number) => client.invalidateQueries({ queryKey: inboxKeys.thread(cid, id) });
    const refresh = () => {
      flush = undefined;
      for (const id of threads) void refreshThread(id);
      threads.clear();
      if (lists) {
        void client.invalidateQueries({ queryKey: inboxKeys.lists(cid) });
        void client.invalidateQueries({ queryKey: inboxKeys.dashboards(cid) });
        // An open customer page shows counts and conversations that the same events change.
        void client.invalidateQueries({ queryKey: customerKeys.all(cid) });
      }
      lists = false;
    };
    const everything = () => client.invalidateQueries({ queryKey: inboxKeys.all(cid) });
    let dropped = false;

    const stop = openEventStream({
      url: async () => {
        const { ticket } = await api.post<StreamTicket>('/events/ticket');
        return `${API_BASE}/events/stream?ticket=${encodeURIComponent(ticket)}`;
      },
      types: EVENT_TYPES,
      onEvent: (e) => {
        // One's own new notification: the bell takes it; no conversation changed.
        if (takeNotificationEvent(client, cid, getSession().user?.user_id, e)) return;
        if (e.conversation_id !== undefined) threads.add(e.conversation_id);
        // The company's labels changed (renamed, recoloured, deleted): every row, thread and customer that
        // shows one reads it again, and so does the label list.
        if (e.type.startsWith('label.')) {
          void client.invalidateQueries({ queryKey: labelKeys.all(cid) });
          void everything();
          void client.invalidateQueries({ queryKey: customerKeys.all(cid) });
        }
        if (!THREAD_ONLY.has(e.type)) lists = true;
        if (e.type === 'typing' && e.conversation_id !== undefined) {
          const id = e.conversation_id;
          later.add(setTimeout(() => void refreshThread(id), TYPING_LAPSE_MS));
        }
        if (e.type === 'message.created' && e.actor.type === 'customer') noteNewMessage();
        // A reply's delivery moved on: the thread's poll only asks for newer messages, so the event's own
        // status goes into the message held.
        if (e.type === 'message.updated' && e.conversation_id !== undefined) {
          const { message_id, delivery } = e.data.message as Pick<ConsoleMessage, 'message_id' | 'delivery'>;
          client.setQueryData<ThreadData>(
            inboxKeys.thread(cid, e.conversation_id),
            (old) =>
              old && {
                ...old,
                messages: old.messages.map((m) => (m.message_id === message_id ? { ...m, delivery } : m)),
              },
          );
        }
        flush ??= setTimeout(refresh, COALESCE_MS);
      },
      // Reconnected after a drop: catch up once, then the events carry it. (The first connection needs no
      // catch-up: the page has just loaded what it shows.)
      onOpen: () => {
        const wasDown = dropped;
        setLive(true);
        if (wasDown) void everything();
      },
      // Dropped: refetch now, which also restarts the polls that wait on `isLive()`.
      onDown: () => {
        dropped = true;
        if (!isLive()) return;
        setLive(false);
        void everything();
      },
    });
    const onVisible = () => {
      if (!document.hidden) clearNewMessages();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stop();
      setLive(false);
      clearTimeout(flush);
      for (const t of later) clearTimeout(t);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [cid, client]);
}
