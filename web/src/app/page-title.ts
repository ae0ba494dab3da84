import { useEffect } from 'react';
import { useMatches } from 'react-router';

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

/** Keeps the browser tab's title in step with the page. */
export function useDocumentTitle() {
  const title = usePageTitle();
  useEffect(() => {
    document.title = title ? `${title} · Support Inbox` : 'Support Inbox';
  }, [title]);
}
