import type { NextRequest } from './load.ts';

export interface Session {
  token: string;
  conversationId: number;
}

export const POLL_PATH = '/api/v1/portal/poll';
export const SEND_PATH = '/api/v1/portal/messages';

const pollUrl = (token: string, last?: number) =>
  `${POLL_PATH}?token=${encodeURIComponent(token)}${last === undefined ? '' : `&last_message_id=${last}`}`;

/**
 * The newest visible message id of each session, read through the server under test (a poll without
 * `last_message_id` answers the latest messages), so the poll scenario asks exactly "anything new?".
 */
export async function latestMessageIds(baseUrl: string, sessions: Session[]) {
  const out = new Map<string, number>();
  let next = 0;
  const worker = async () => {
    while (next < sessions.length) {
      const s = sessions[next++]!;
      const res = await fetch(`${baseUrl}${pollUrl(s.token)}`);
      if (!res.ok) throw new Error(`poll for conversation ${s.conversationId} answered ${res.status}`);
      const body = (await res.json()) as { data: { messages: { message_id: number | string }[] } };
      const ids = body.data.messages.map((m) => Number(m.message_id));
      out.set(s.token, ids.length ? Math.max(...ids) : 0);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return out;
}

/** Empty polls: every session asks for messages after its newest one, round robin over all sessions. */
export function pollRequests(sessions: Session[], latest: Map<string, number>): NextRequest {
  const paths = sessions.map((s) => pollUrl(s.token, latest.get(s.token) ?? 0));
  let i = 0;
  return () => ({ method: 'GET', path: paths[i++ % paths.length]! });
}

/**
 * Customer sends, round robin over the sessions, each with a unique `client_message_id` as a retrying
 * client sends it. With hundreds of sessions and 50 connections, two requests rarely hit one conversation.
 */
export function sendRequests(sessions: Session[], tag: string): NextRequest {
  const headers = sessions.map((s) => ({
    authorization: `Bearer ${s.token}`,
    'content-type': 'application/json',
  }));
  let i = 0;
  return () => {
    const n = i++;
    const body = JSON.stringify({
      content: `Benchmark message ${n}: is there any update on my order?`,
      client_message_id: `${tag}-${n}`,
    });
    return { method: 'POST', path: SEND_PATH, headers: headers[n % headers.length]!, body };
  };
}

/** Field names of a poll answer and of a message, to show the baseline answers what the product answers. */
export async function answerShape(baseUrl: string, session: Session) {
  const res = await fetch(`${baseUrl}${pollUrl(session.token)}`);
  const body = (await res.json()) as { data?: { messages?: Record<string, unknown>[] } };
  const data = body.data ?? {};
  return {
    status: res.status,
    poll: Object.keys(data).sort(),
    message: Object.keys(data.messages?.[0] ?? {}).sort(),
  };
}

/** One send must succeed before a scenario is worth measuring. */
export async function checkSend(baseUrl: string, session: Session, tag: string) {
  const res = await fetch(`${baseUrl}${SEND_PATH}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: 'Benchmark check: hello?', client_message_id: `${tag}-check` }),
  });
  if (res.status !== 201)
    throw new Error(`send check on ${baseUrl} answered ${res.status}: ${await res.text()}`);
}
