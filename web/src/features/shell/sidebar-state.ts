import { SIDEBAR_COOKIE, SIDEBAR_COOKIE_MAX_AGE } from '@/lib/storage';

/** The remembered expanded/collapsed state (product spec section 4); expanded when never set. */
export function readSidebarCookie(cookie: string = document.cookie): boolean {
  const entry = cookie
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${SIDEBAR_COOKIE}=`));
  return entry ? entry.slice(SIDEBAR_COOKIE.length + 1) !== 'false' : true;
}

export function writeSidebarCookie(open: boolean) {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie is the spec'd store; the Cookie Store API is async
  document.cookie = `${SIDEBAR_COOKIE}=${open}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; samesite=lax`;
}

/** Ctrl+B (or Cmd+B on macOS) toggles the sidebar. */
export const isToggleShortcut = (e: KeyboardEvent) =>
  (e.key === 'b' || e.key === 'B') && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey;
