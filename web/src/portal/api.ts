import { errorFromResponse } from '@/lib/api-error';
import { type QueryValue, toQueryString } from '@/lib/query-string';
import { fetchOrNetworkError, REQUEST_TIMEOUT_MS, UPLOAD_TIMEOUT_MS } from '@/lib/request';
import type {
  Id,
  PortalAttachment,
  PortalConversation,
  PortalMessage,
  PortalPoll,
  PortalQueues,
  PortalSendBody,
  PortalStartBody,
  PortalStarted,
  Rating,
  RatingBody,
  RatingPage,
} from './types';

export const PORTAL_API = '/api/v1/portal';
const BASE = PORTAL_API;

interface Call {
  query?: Record<string, QueryValue>;
  body?: unknown;
  form?: FormData;
  bearer?: string;
  signal?: AbortSignal;
  /** Another API path than the portal's (the rate page's `/ratings`). */
  base?: string;
}

/** The portal's own small client: no console headers, the portal token where the contract wants it. */
async function call<T>(method: string, path: string, c: Call = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (c.body !== undefined) headers['Content-Type'] = 'application/json';
  if (c.bearer) headers.Authorization = `Bearer ${c.bearer}`;
  const res = await fetchOrNetworkError(`${c.base ?? BASE}${path}${toQueryString(c.query)}`, {
    method,
    headers,
    body: c.form ?? (c.body === undefined ? undefined : JSON.stringify(c.body)),
    signal: c.signal,
    timeoutMs: c.form ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS,
  });
  const body = await res.json().catch(() => undefined);
  if (!res.ok) {
    throw errorFromResponse(body, res);
  }
  return (body as { data: T }).data;
}

export const portalApi = {
  queues: (appId: string, signal?: AbortSignal) =>
    call<PortalQueues>('GET', '/queues', { query: { app_id: appId }, signal }),
  start: (body: PortalStartBody) => call<PortalStarted>('POST', '/start', { body }),
  conversation: (token: string, signal?: AbortSignal) =>
    call<PortalConversation>('GET', '/conversation', { query: { token }, signal }),
  poll: (token: string, lastMessageId: Id | null, signal?: AbortSignal) =>
    call<PortalPoll>('GET', '/poll', { query: { token, last_message_id: lastMessageId }, signal }),
  typing: (token: string) => call<unknown>('POST', '/typing', { body: {}, bearer: token }),
  send: (token: string, body: PortalSendBody) =>
    call<PortalMessage>('POST', '/messages', { body, bearer: token }),
  rate: (token: string, body: RatingBody) => call<Rating>('POST', '/rating', { body, bearer: token }),
  upload(token: string, file: File) {
    const form = new FormData();
    form.append('file', file);
    return call<PortalAttachment>('POST', '/attachment/upload', { query: { token }, form });
  },
};

/** The rate page's calls (`/rate/{token}`): the link's token is its only proof. */
export const ratingLinkApi = {
  get: (token: string, signal?: AbortSignal) =>
    call<RatingPage>('GET', `/ratings/${encodeURIComponent(token)}`, { base: '/api/v1', signal }),
  rate: (token: string, body: RatingBody) =>
    call<Rating>('POST', `/ratings/${encodeURIComponent(token)}`, { base: '/api/v1', body }),
};

export const downloadUrl = (attachmentId: Id, token: string) =>
  `${BASE}/attachment/download/${encodeURIComponent(String(attachmentId))}${toQueryString({ token })}`;
