import type { App } from '../src/app.ts';
import type { Db } from '../src/db/client.ts';
import { appendMessage, type Sender } from '../src/modules/conversations/append.ts';
import { setTyping } from '../src/modules/conversations/typing.ts';
import { before, call, useTestApp } from './app.ts';
import { createTenant } from './factories.ts';
import { multipartBody } from './files.ts';

type Method = 'GET' | 'POST';

/** Calls a portal path with the portal token as a bearer (or as `?token=` when `inQuery`). */
export function portal(
  app: App,
  method: Method,
  path: string,
  opts: { token?: string; body?: unknown; query?: Record<string, string | number>; inQuery?: boolean } = {},
) {
  const query = { ...opts.query, ...(opts.token && opts.inQuery ? { token: opts.token } : {}) };
  const headers: Record<string, string> =
    opts.token && !opts.inQuery ? { authorization: `Bearer ${opts.token}` } : {};
  return call(app, method, path, { body: opts.body, query, headers });
}

let emailCounter = 0;

/** Starts a chat through the API and returns its token and conversation id. */
export async function startChat(
  app: App,
  appId: number,
  opts: { queueId?: number; name?: string; email?: string; message?: string; ip?: string } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/portal/start',
    remoteAddress: opts.ip,
    payload: {
      app_id: appId,
      customer_info: {
        name: opts.name ?? 'Casey Customer',
        email: opts.email ?? `casey${++emailCounter}@example.test`,
      },
      initial_message: opts.message ?? 'My order has not arrived',
      ...(opts.queueId ? { queue_id: opts.queueId } : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(`portal start failed: ${res.statusCode} ${res.body}`);
  const data = res.json().data as { portal_token: string; conversation_id: number };
  return { token: data.portal_token, conversationId: data.conversation_id };
}

/** An agent's reply through the service layer (the console's send route belongs to the agent inbox). */
export async function agentSend(
  db: Db,
  where: { companyId: number; conversationId: number },
  userId: number,
  content: string,
  extra: { isPrivate?: boolean; clientMessageId?: string; attachments?: number[] } = {},
) {
  const sender: Sender = { type: 'agent', userId };
  const result = await appendMessage({ db, ...where, sender, content, ...extra });
  if (result.outcome !== 'created' && result.outcome !== 'duplicate')
    throw new Error(`agent send: ${result.outcome}`);
  return result.message;
}

export const agentTyping = (db: Db, where: { companyId: number; conversationId: number }, userId: number) =>
  setTyping(db, { ...where, who: { type: 'agent', userId } });

export async function uploadFile(app: App, token: string, filename: string, data: Buffer, type?: string) {
  const { payload, headers } = multipartBody('file', filename, data, type);
  const res = await app.inject({
    method: 'POST',
    url: `/api/v1/portal/attachment/upload?token=${encodeURIComponent(token)}`,
    payload,
    headers,
  });
  let body: any;
  try {
    body = res.json();
  } catch {
    body = undefined;
  }
  return { status: res.statusCode, body };
}

/**
 * A portal suite's app, with rate limits far above what its tests send (the limits have their own tests),
 * and one tenant to chat with.
 */
export function usePortalSuite() {
  const t = useTestApp({
    portalRateLimit: { startsPerIp: 1000, messagesPerIp: 1000, messagesPerToken: 1000, windowMs: 60_000 },
  });
  const tenant = before(() => createTenant(t.db));
  return { t, tenant };
}
