/** An http(s) origin exactly as given, or null. */
function originOf(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/** The query `widget.js` gives the frame, which a full reload of the frame must keep. */
const EMBED_PARAMS = ['embed', 'host', 'name', 'email', 'hash'] as const;

const first = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search);

/**
 * The portal inside the website widget (`/portal?app_id=&embed=1&host=`, from `widget.js`): the host page's
 * origin, the only one the frame talks to (`host-session.ts`), and the host site's signed-in visitor (name,
 * email and the site's identity hash), read once from the first URL since the portal's own navigation drops
 * the query. Null when the portal is opened on its own.
 */
export const embed =
  first?.get('embed') === '1'
    ? {
        host: originOf(first.get('host')),
        name: first.get('name') ?? '',
        email: first.get('email') ?? '',
        hash: first.get('hash') ?? '',
      }
    : null;

/** `to` with the widget's query, so a frame that reloads itself (a new chat) stays the widget's. */
export function keepEmbed(to: string): string {
  if (!embed || !first) return to;
  const url = new URL(to, window.location.origin);
  for (const key of EMBED_PARAMS) {
    const value = first.get(key);
    if (value !== null) url.searchParams.set(key, value);
  }
  return url.pathname + url.search;
}
