import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useUnseenCount } from '@/features/live/new-message-alert';
import { useUnreadCount } from '@/features/notifications/use-unread-count';

export interface RouteHandle {
  title?: string;
}

/** The deepest matched route's title (routes carry it in `handle`). */
export function usePageTitle(): string | undefined {
  return useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
}

/**
 * Keeps the browser tab's title in step with the page, with "(n) " in front: one's unread notifications, or
 * the customer messages that came while the tab was away when those are more (the larger, so neither hides
 * the other and a message that also notified is not counted twice).
 */
export function useDocumentTitle() {
  const title = usePageTitle();
  const unseen = useUnseenCount();
  const unread = useUnreadCount();
  const count = Math.max(unseen, unread);
  useEffect(() => {
    document.title = titleWith(title, count);
  }, [title, count]);
}

/** "(3) Inbox · Support Inbox"; plain "Support Inbox" with no page title and nothing unread. */
export function titleWith(page: string | undefined, count: number) {
  const base = page ? `${page} · Support Inbox` : 'Support Inbox';
  return count > 0 ? `(${count}) ${base}` : base;
}
