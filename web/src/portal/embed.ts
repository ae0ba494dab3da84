import { useEffect, useState } from 'react';
import type { PortalMessage } from './types';

/**
 * The portal inside the website widget (`/portal?app_id=&embed=1`, from `widget.js`): the host site's
 * signed-in visitor (name, email and the site's identity hash), read once from the first URL since the
 * portal's own navigation drops the query. Null when the portal is opened on its own.
 */
export const embed = (() => {
  if (typeof window === 'undefined') return null;
  const p = new URLSearchParams(window.location.search);
  if (p.get('embed') !== '1') return null;
  return { name: p.get('name') ?? '', email: p.get('email') ?? '', hash: p.get('hash') ?? '' };
})();

const SEEN_KEY = 'portal_widget_seen';

/**
 * Talks to the widget on the host page: learns whether its panel is open, and tells it how many replies
 * came in since the customer last had it open (kept in the portal's storage, so the count survives the host
 * site's next page).
 */
export function useWidgetBridge(messages: PortalMessage[]) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (!embed) return;
    const onMessage = (e: MessageEvent) => {
      if (e.source === window.parent && e.data?.type === 'support-inbox:open') setOpen(e.data.open === true);
    };
    window.addEventListener('message', onMessage);
    window.parent.postMessage({ type: 'support-inbox:ready' }, '*');
    return () => window.removeEventListener('message', onMessage);
  }, []);
  const newest = messages.at(-1)?.message_id ?? 0;
  useEffect(() => {
    if (!embed) return;
    if (open) localStorage.setItem(SEEN_KEY, String(newest));
    const seen = Number(localStorage.getItem(SEEN_KEY) ?? 0);
    const unread = messages.filter((m) => m.sender_type !== 'customer' && m.message_id > seen).length;
    window.parent.postMessage({ type: 'support-inbox:unread', count: open ? 0 : unread }, '*');
  }, [open, newest, messages]);
}
