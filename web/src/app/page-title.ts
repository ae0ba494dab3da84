import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { useUnseenCount } from '@/features/live/new-message-alert';

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

/** Keeps the browser tab's title in step with the page, with "(n) " for messages that came while away. */
export function useDocumentTitle() {
  const title = usePageTitle();
  const unseen = useUnseenCount();
  useEffect(() => {
    const base = title ? `${title} · Support Inbox` : 'Support Inbox';
    document.title = unseen > 0 ? `(${unseen}) ${base}` : base;
  }, [title, unseen]);
}
