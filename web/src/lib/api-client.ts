import type { ListMeta } from '@inbox/contract';
import { errorFromResponse } from './api-error';
import { type QueryValue, toQueryString } from './query-string';
import { fetchOrNetworkError, REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from './request';
import { clearSession, getToken, STORAGE_KEYS } from './storage';

export const API_BASE = '/api/v1';

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** Multipart upload: sent as is, without the JSON content type. */
  form?: FormData;
  signal?: AbortSignal;
}

export interface ListResult<T> {
  data: T[];
  meta: ListMeta;
}

/** Auth and platform-admin calls act outside any company: no X-Company-Id (contract section 2). */
const withoutCompany = (path: string) => path.startsWith('/auth/') || path.startsWith('/admin/');

function redirectToLogin() {
  const here = window.location.pathname + window.location.search;
  if (window.location.pathname.startsWith('/login')) return;
  window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
}

async function send(method: string, path: string, opts: RequestOptions = {}) {
  const headers: Record<string, string> = { Accept: 'application/json' };
  // Only a request that carries JSON says so: a bodiless DELETE with this header is refused as malformed.
  if (!opts.form && opts.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const companyId = localStorage.getItem(STORAGE_KEYS.companyId);
  if (companyId && !withoutCompany(path)) headers['X-Company-Id'] = companyId;
  const impersonate = localStorage.getItem(STORAGE_KEYS.impersonateUserId);
  if (impersonate) headers['X-Impersonate-User-Id'] = impersonate;

  const res = await fetchOrNetworkError(`${API_BASE}${path}${toQueryString(opts.query)}`, {
    method,
    headers,
    body: opts.form ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
    signal: opts.signal,
    timeoutMs: opts.form ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS,
  });
  const body = await res.json().catch(() => undefined);
  if (!res.ok) {
    // A dead session: forget it and come back here after signing in again (not for the login call itself).
    if (res.status === 401 && path !== '/auth/login') {
      clearSession();
      redirectToLogin();
    }
    throw errorFromResponse(body, res);
  }
  // A success without a JSON body (204, or a proxy's empty answer) carries no data rather than crashing callers.
  return (body ?? { success: true, data: undefined }) as {
    success: true;
    data: unknown;
    meta?: ListResult<unknown>['meta'];
  };
}

/** The console's one HTTP client: unwraps the contract envelope, throws ApiError on failure. */
export const api = {
  get: async <T>(path: string, opts?: RequestOptions) => (await send('GET', path, opts)).data as T,
  list: async <T>(path: string, opts?: RequestOptions) => {
    const body = await send('GET', path, opts);
    return { data: body.data as T[], meta: body.meta! } satisfies ListResult<T>;
  },
  post: async <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    (await send('POST', path, { ...opts, body: body ?? {} })).data as T,
  put: async <T>(path: string, body?: unknown, opts?: RequestOptions) =>
    (await send('PUT', path, { ...opts, body: body ?? {} })).data as T,
  delete: async <T>(path: string, opts?: RequestOptions) => (await send('DELETE', path, opts)).data as T,
  upload: async <T>(path: string, form: FormData, opts?: RequestOptions) =>
    (await send('POST', path, { ...opts, form })).data as T,
};
