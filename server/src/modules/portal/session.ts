import type { ConversationStatus } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';
import { statement } from '../../db/statement.ts';
import { AppError } from '../../http/app-error.ts';
import { sha256 } from '../../lib/tokens.ts';
import { agentTypingSql } from '../conversations/typing.ts';
import { ratingQuestionSql } from '../csat/requests.ts';
import { closeExpiredSessions } from './expiry.ts';

/** A token stays readable this long after its session expired; later it answers TOKEN_EXPIRED. */
export const READABLE_DAYS_AFTER_EXPIRY = 30;

export interface PortalSession {
  sessionId: number;
  companyId: number;
  conversationId: number;
  appId: number;
  appName: string;
  /** The customer as this visitor may see them: the name typed at the start (see `visitor_name`). */
  customerName: string;
  /** The status as this token sees it: an expired session shows an unresolved conversation as closed. */
  status: ConversationStatus;
  expiresAt: Date;
  expired: boolean;
  /**
   * This read closed the conversation because the session had run out: a read that wrote an event, so the
   * response wakes the announcer as a write's does (`app.ts`), and the console hears of it at once.
   */
  closedOnRead: boolean;
  /** Seconds left before expiry, by the database clock. */
  remainingSeconds: number;
  isAgentTyping: boolean;
  customerId: number;
  /**
   * Opened from a secure link mailed to the customer's address (no typed name), so its holder proved that
   * address; and whether the conversation is already proven (decision 037).
   */
  fromLink: boolean;
  verified: boolean;
  /** The satisfaction question asked while the latest resolution is unrated (contract section 14). */
  ratingQuestion: string | null;
}

interface SessionRow extends Record<string, unknown> {
  session_id: number;
  company_id: number;
  conversation_id: number | null;
  expires_at: Date | string;
  expired: boolean;
  unreadable: boolean;
  remaining: string | number;
  status: ConversationStatus | null;
  app_id: number | null;
  app_name: string | null;
  customer_name: string | null;
  agent_typing: boolean;
  customer_id: number | null;
  from_link: boolean;
  verified: boolean | null;
  rating_question: string | null;
}

/** The portal token from `Authorization: Bearer` or, for links and `<a href>` downloads, `?token=`. */
export function portalTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || undefined;
  const query = request.query as Record<string, unknown> | undefined;
  const token = query?.token;
  return typeof token === 'string' && token !== '' ? token : undefined;
}

export const invalidToken = () =>
  new AppError('INVALID_TOKEN', 'This conversation link is not valid. Please start a new conversation.');

export const tokenExpired = (appId: number | null) =>
  new AppError('TOKEN_EXPIRED', 'This conversation has expired. Please start a new conversation.', {
    ...(appId ? { details: { app_id: appId } } : {}),
  });

const ACTIVE = new Set<ConversationStatus>(['open', 'pending', 'snoozed']);

const SESSION = statement<SessionRow, { tokenHash: string }>(
  'portal_session',
  sql`
    select s.id as session_id, s.company_id, s.conversation_id, s.expires_at,
      s.expires_at <= now() as expired,
      s.expires_at + make_interval(days => ${READABLE_DAYS_AFTER_EXPIRY}) <= now() as unreadable,
      extract(epoch from s.expires_at - now()) as remaining,
      c.status, c.app_id, a.name as app_name, coalesce(s.visitor_name, cu.name) as customer_name,
      c.customer_id, s.visitor_name is null as from_link, c.verified,
      ${agentTypingSql(sql`s.conversation_id`)} as agent_typing, ${ratingQuestionSql} as rating_question
    from portal_sessions s
    left join conversations c on c.id = s.conversation_id and c.company_id = s.company_id
    left join apps a on a.id = c.app_id
    left join customers cu on cu.id = c.customer_id
    where s.token_hash = ${sql.placeholder('tokenHash')}`,
);

/**
 * Resolves a portal token in one query: session, conversation, names, and whether an agent is typing.
 * An expired session with an unresolved conversation is closed here, so every reader sees the same state
 * whether or not the background sweep has run yet.
 */
export async function resolvePortalSession(db: DbOrTx, token: string | undefined): Promise<PortalSession> {
  if (!token || token.length > 200) throw invalidToken();
  const [row] = await SESSION.rows(db, { tokenHash: sha256(token) });
  if (!row) throw invalidToken();
  if (row.status === null || row.conversation_id === null || row.unreadable) throw tokenExpired(row.app_id);
  let status = row.status;
  let closedOnRead = false;
  if (row.expired && ACTIVE.has(status)) {
    closedOnRead = (await closeExpiredSessions(db, { sessionId: Number(row.session_id) })).length > 0;
    status = 'closed';
  }
  return {
    sessionId: Number(row.session_id),
    companyId: Number(row.company_id),
    conversationId: Number(row.conversation_id),
    appId: Number(row.app_id),
    appName: row.app_name ?? '',
    customerName: row.customer_name ?? '',
    status,
    expiresAt: new Date(row.expires_at),
    expired: row.expired,
    closedOnRead,
    remainingSeconds: Number(row.remaining),
    isAgentTyping: row.agent_typing,
    customerId: Number(row.customer_id),
    fromLink: row.from_link,
    verified: row.verified === true,
    ratingQuestion: row.rating_question,
  };
}

/** Writing needs a live session and an unresolved conversation; the codes tell the portal which banner. */
export function assertCanWrite(session: PortalSession) {
  const details = { app_id: session.appId, conversation_id: session.conversationId };
  if (session.status === 'resolved') {
    throw new AppError('CONVERSATION_RESOLVED', 'This conversation has been resolved', { details });
  }
  if (session.status === 'closed' || session.expired) {
    throw new AppError('CONVERSATION_CLOSED', 'This conversation has been closed', { details });
  }
}

/**
 * Customer activity slides the expiry. Sessions refreshed within the last minute (or 5% of a short TTL)
 * are left alone, so a busy chat writes its session row about once a minute, not on every message.
 */
export const slideSlackSeconds = (ttlSeconds: number) => Math.min(60, ttlSeconds / 20);

export async function touchSession(db: DbOrTx, session: PortalSession, ttlSeconds: number) {
  const slack = slideSlackSeconds(ttlSeconds);
  if (session.remainingSeconds > ttlSeconds - slack) return session.expiresAt;
  const res = await db.execute<{ expires_at: Date | string }>(sql`
    update portal_sessions set expires_at = now() + make_interval(secs => ${ttlSeconds})
    where id = ${session.sessionId} and ended_at is null and expires_at > now()
    returning expires_at`);
  const row = res.rows[0];
  return row ? new Date(row.expires_at) : session.expiresAt;
}
