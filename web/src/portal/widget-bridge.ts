import { useEffect, useState } from 'react';
import { embed } from './embed';
import { onHost, toHost } from './host-session';
import { portalStore } from './storage';
import type { PortalMessage } from './types';

/**
 * Talks to the widget on the host page: learns whether its panel is open, and tells it how many replies
 * came in since the customer last had it open (the newest seen is kept with the session on the host page,
 * so the count survives the host site's next page).
 */
export function useWidgetBridge(messages: PortalMessage[]) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!embed) return;
    const stop = onHost('open', (data) => setOpen(data.open === true));
    toHost('ready');
    return stop;
  }, []);
  const newest = messages.at(-1)?.message_id ?? 0;
  useEffect(() => {
    if (!embed) return;
    if (open && portalStore.seen() !== newest) portalStore.setSeen(newest);
    const seen = portalStore.seen();
    const unread = messages.filter((m) => m.sender_type !== 'customer' && m.message_id > seen).length;
    toHost('unread', { count: open ? 0 : unread });
  }, [open, newest, messages]);
}
