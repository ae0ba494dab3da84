import { type Message, type PortalConversation, type PortalPoll, portalStatus } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { listMessages } from '../conversations/list-messages.ts';
import { toMessage } from '../conversations/message-rows.ts';
import { setTyping } from '../conversations/typing.ts';
import { verifyConversation } from '../conversations/verify.ts';
import { assertCanWrite, type PortalSession, touchSession } from './session.ts';

const API = '/api/v1/portal';
const ENDPOINTS = {
  conversation: `${API}/conversation`,
  poll: `${API}/poll`,
  messages: `${API}/messages`,
  typing: `${API}/typing`,
  attachment_upload: `${API}/attachment/upload`,
  attachment_download: `${API}/attachment/download/{attachment_id}`,
};

/** Asked only while the session can show it: an expired session's chat is over. */
const ratingRequestOf = (s: PortalSession) =>
  s.ratingQuestion === null || s.expired ? null : { question: s.ratingQuestion };

const namesOf = (s: PortalSession) => ({ customer: s.customerName, app: s.appName });

async function visibleMessages(db: Db, session: PortalSession, afterId?: number): Promise<Message[]> {
  const rows = await listMessages({
    db,
    companyId: session.companyId,
    conversationId: session.conversationId,
    afterId,
    includePrivate: false,
  });
  return rows.map((r) => toMessage(r, namesOf(session)));
}

interface DetailRow extends Record<string, unknown> {
  company_name: string;
  customer_email: string | null;
  queue_id: number | null;
  queue_name: string | null;
  assigned_name: string | null;
  message_count: string | number;
}

/**
 * The customer opened the secure link mailed to their address (the portal page loads the chat first): that
 * proves the address, so the conversation stops being an unproven claim (decision 037). Once: a verified
 * conversation, or a session a visitor started by typing an email, changes nothing.
 */
async function verifyByLink(db: Db, session: PortalSession) {
  if (!session.fromLink || session.verified) return;
  const actor = { type: 'customer' as const, customerId: session.customerId, name: session.customerName };
  await db.transaction((tx) => verifyConversation(tx, actor, session, 'secure_link'));
}

/** The whole chat for a (re)opened portal page: names for the header and the latest 50 messages. */
export async function getPortalConversation(db: Db, session: PortalSession): Promise<PortalConversation> {
  await verifyByLink(db, session);
  const res = await db.execute<DetailRow>(sql`
    select co.name as company_name, cu.email as customer_email, c.queue_id, q.name as queue_name,
      u.name as assigned_name,
      (select count(*) from messages m where m.conversation_id = c.id and not m.is_private) as message_count
    from conversations c
    join companies co on co.id = c.company_id
    join customers cu on cu.id = c.customer_id
    left join queues q on q.id = c.queue_id
    left join users u on u.id = c.assigned_user_id
    where c.id = ${session.conversationId} and c.company_id = ${session.companyId}`);
  const d = res.rows[0]!;
  return {
    app: { app_id: session.appId, app_name: session.appName },
    company: { company_id: session.companyId, company_name: d.company_name },
    conversation: {
      conversation_id: session.conversationId,
      status: portalStatus(session.status),
      is_resolved: session.status === 'resolved',
    },
    customer: { name: session.customerName, email: d.customer_email ?? '' },
    queue: { queue_id: d.queue_id === null ? null : Number(d.queue_id), queue_name: d.queue_name },
    assigned_user: d.assigned_name === null ? null : { name: d.assigned_name },
    statistics: { message_count: Number(d.message_count) },
    portal_session: { expires_ts: session.expiresAt.toISOString() },
    endpoints: ENDPOINTS,
    messages: await visibleMessages(db, session),
    rating_request: ratingRequestOf(session),
  };
}

/**
 * The hot path: the session query (which also answers is_agent_typing) and one messages query. Polling is
 * not customer activity, so it writes nothing and does not extend the session (decision 008).
 */
export async function pollPortal(db: Db, session: PortalSession, afterId?: number): Promise<PortalPoll> {
  return {
    messages: await visibleMessages(db, session, afterId),
    is_agent_typing: session.isAgentTyping && session.status !== 'closed' && session.status !== 'resolved',
    conversation_status: portalStatus(session.status),
    session_expires_ts: session.expiresAt.toISOString(),
    rating_request: ratingRequestOf(session),
  };
}

export async function portalTyping(opts: { db: Db; config: Config; session: PortalSession }) {
  const { db, config, session } = opts;
  assertCanWrite(session);
  await setTyping(db, {
    companyId: session.companyId,
    conversationId: session.conversationId,
    who: { type: 'customer' },
  });
  await touchSession(db, session, config.portalSessionTtlSeconds);
}
