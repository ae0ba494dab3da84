import { errorFromResponse } from './api-error';
import { type QueryValue, toQueryString } from './query-string';
import { getToken, STORAGE_KEYS } from './storage';

/** The console's headers for a call made outside the JSON client (a file download). */
export function consoleHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const company = localStorage.getItem(STORAGE_KEYS.companyId);
  if (company) headers['X-Company-Id'] = company;
  const impersonate = localStorage.getItem(STORAGE_KEYS.impersonateUserId);
  if (impersonate) headers['X-Impersonate-User-Id'] = impersonate;
  return headers;
}

/** Hands a blob to the browser as a saved file. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches a file the API names in Content-Disposition and saves it under that name. */
export async function downloadFile(path: string, query: Record<string, QueryValue>, fallbackName: string) {
  const res = await fetch(`/api/v1${path}${toQueryString(query)}`, { headers: consoleHeaders() });
  if (!res.ok) throw errorFromResponse(await res.json().catch(() => undefined), res);
  const named = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1];
  saveBlob(await res.blob(), named ?? fallbackName);
}
