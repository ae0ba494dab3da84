/** The public auth paths of product spec section 2; each is open together with its sub-paths. */
export const PUBLIC_AUTH_PATHS = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password',
  '/password-reset',
] as const;

export const DEFAULT_REDIRECT = '/dashboard';

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_AUTH_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
}

/** Where an anonymous visitor of `path` (pathname plus query) is sent: the login page, coming back after. */
export function loginPathFor(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}

/**
 * The redirect target after login. Only a same-origin path is followed (open-redirect guard): absolute URLs,
 * protocol-relative `//host` and `/\host` forms and anything not starting with '/' fall back to the dashboard,
 * as do the public auth pages themselves (no loop back to the login form).
 */
export function safeRedirect(target: string | null | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return DEFAULT_REDIRECT;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\u0000-\u001f\\]/.test(target)) return DEFAULT_REDIRECT;
  const base = 'http://same.origin';
  let url: URL;
  try {
    url = new URL(target, base);
  } catch {
    return DEFAULT_REDIRECT;
  }
  if (url.origin !== base || isPublicPath(url.pathname)) return DEFAULT_REDIRECT;
  return `${url.pathname}${url.search}${url.hash}`;
}
