import { useSyncExternalStore } from 'react';
import { keepEmbed } from './embed';

/** Two screens need no router: the location is the state, pushState moves it, popstate follows Back. */
const EVENT = 'portal:navigate';

function subscribe(listener: () => void) {
  window.addEventListener('popstate', listener);
  window.addEventListener(EVENT, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(EVENT, listener);
  };
}

const snapshot = () => window.location.pathname + window.location.search;

export function useLocation(): { path: string; params: URLSearchParams } {
  const href = useSyncExternalStore(subscribe, snapshot, snapshot);
  const url = new URL(href, window.location.origin);
  return { path: url.pathname.replace(/\/+$/, '') || '/', params: url.searchParams };
}

export function navigate(to: string, opts: { replace?: boolean } = {}) {
  if (opts.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(EVENT));
}

/**
 * A full page load, for the spec's "reloads /portal?app_id={id}&new=true"; inside the website widget it keeps
 * the widget's query, so the new chat is still the widget's (its host page, its signed-in visitor).
 */
export function reload(to: string) {
  window.location.assign(keepEmbed(to));
}

export const entryUrl = (appId: string | null | undefined, fresh = false) => {
  const params = new URLSearchParams();
  if (appId) params.set('app_id', appId);
  if (fresh) params.set('new', 'true');
  const qs = params.toString();
  return qs ? `/portal?${qs}` : '/portal';
};

export const chatUrl = (token: string) => `/portal/chat?token=${encodeURIComponent(token)}`;
