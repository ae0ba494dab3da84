import type { Message, PortalSendBody } from '@inbox/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { attachments, portalUploads } from '../../db/schema/index.ts';
import { statement } from '../../db/statement.ts';
import { invalidField } from '../../http/app-error.ts';
import { sha256 } from '../../lib/tokens.ts';
import { appendMessage, findByClientId } from '../conversations/append.ts';
import { toMessage } from '../conversations/message-rows.ts';
import { wakeOnCustomerMessage } from '../conversations/snooze-job.ts';
import { messageWrite, touchedConversation, writtenMessage } from '../conversations/write-statement.ts';
import {
  assertCanWrite,
  type PortalSession,
  resolvePortalSession,
  slideSlackSeconds,
  tokenExpired,
  touchSession,
} from './session.ts';

interface SendRow {
  conversation_id: number;
  company_id: number;
  id: string | null;
  created_at: string | Date | null;
  customer_name: string;
  app_name: string;
}

type SendPlaceholders = {
  tokenHash: string;
  content: string;
  clientMessageId: string | null;
  ttl: number;
  slack: number;
};

/**
 * A customer's text message in one statement and one commit: the token's live session, the conversation
 * update (which takes the row lock before the message id is drawn, so ids follow commit order, as in
 * `appendMessage`), the insert and the typing signal cleared (`messageWrite`, the one message insert),
 * and the session's expiry slid when it was last slid over a minute ago. No row back means the token, its
 * session or its conversation is not fit to write; the caller then finds out which, the slow way.
 */
const SEND = statement<SendRow, SendPlaceholders>(
  'portal_send',
  sql`
    with s as (
      select id, company_id, conversation_id, visitor_name from portal_sessions
      where token_hash = ${sql.placeholder('tokenHash')} and expires_at > now()
    ), ${touchedConversation(
      'customer',
      sql`c.id = s.conversation_id and c.company_id = s.company_id and c.status in ('open', 'pending')`,
      sql`s`,
    )}, slid as (
      update portal_sessions set expires_at = now() + make_interval(secs => ${sql.placeholder('ttl')}::float8)
      where id = (select id from s) and ended_at is null and exists (select 1 from conv)
        and expires_at < now() + make_interval(secs => ${sql.placeholder('ttl')}::float8 - ${sql.placeholder('slack')}::float8)
    ), ${messageWrite({
      senderType: sql`'customer'`,
      senderUserId: sql`null`,
      impersonatorUserId: sql`null`,
      content: sql.placeholder('content'),
      contentType: sql`'text'`,
      isPrivate: sql`false`,
      clientMessageId: sql.placeholder('clientMessageId'),
      actorKey: sql`'customer'`,
    })}
    select conv.id as conversation_id, conv.company_id, msg.id, msg.created_at,
      coalesce((select visitor_name from s), cu.name) as customer_name, a.name as app_name
    from conv
    join customers cu on cu.id = conv.customer_id
    join apps a on a.id = conv.app_id
    left join msg on true`,
);

/** Attachments must be this session's own uploads, not yet sent; anything else answers 422. */
async function checkOwnUploads(db: Db, session: PortalSession, ids: number[]) {
  if (ids.length === 0) return;
  const own = await db
    .select({ id: attachments.id })
    .from(attachments)
    .innerJoin(portalUploads, eq(portalUploads.attachmentId, attachments.id))
    .where(
      and(
        inArray(attachments.id, ids),
        eq(portalUploads.sessionId, session.sessionId),
        eq(attachments.conversationId, session.conversationId),
      ),
    );
  if (own.length !== new Set(ids).size) {
    throw invalidField('attachments', 'An attachment was not found or was already sent');
  }
}

interface SendInput {
  db: Db;
  config: Config;
  token: string | undefined;
  input: PortalSendBody;
}

/** The common case, a text message on a live chat, in one round trip; undefined when it does not apply. */
async function sendText({ db, config, token, input }: SendInput) {
  if (input.attachments.length > 0 || !token || token.length > 200) return undefined;
  const [row] = await SEND.rows(db, {
    tokenHash: sha256(token),
    content: input.content,
    clientMessageId: input.client_message_id ?? null,
    ttl: config.portalSessionTtlSeconds,
    slack: slideSlackSeconds(config.portalSessionTtlSeconds),
  });
  if (!row) return undefined;
  const names = { customer: row.customer_name, app: row.app_name };
  const conversationId = Number(row.conversation_id);
  if (row.id === null) {
    // The client_message_id was used before: answer with the first message, as appendMessage does.
    const first = await findByClientId(db, Number(row.company_id), conversationId, input.client_message_id!);
    return first ? { message: toMessage(first, names), created: false } : undefined;
  }
  const message = writtenMessage(
    { id: row.id, created_at: row.created_at! },
    {
      conversationId,
      senderType: 'customer',
      senderUserId: null,
      content: input.content,
      contentType: 'text',
      isPrivate: false,
      clientMessageId: input.client_message_id ?? null,
    },
  );
  return { message: toMessage(message, names), created: true };
}

/**
 * A customer sends a message. Text on a live chat takes the one-statement path; files, and every case that
 * path refuses, go through the session check and `appendMessage`, which also name the reason for a refusal
 * (INVALID_TOKEN, TOKEN_EXPIRED, CONVERSATION_CLOSED, CONVERSATION_RESOLVED).
 */
export async function sendPortalMessage(opts: SendInput): Promise<{ message: Message; created: boolean }> {
  const fast = await sendText(opts);
  if (fast) return fast;
  const { db, config, token, input } = opts;
  const session = await resolvePortalSession(db, token);
  assertCanWrite(session);
  await checkOwnUploads(db, session, input.attachments);
  // A snoozed conversation wakes with the message, in its transaction (the one-statement path leaves it here).
  const result = await db.transaction(async (tx) => {
    if (session.status === 'snoozed') {
      await wakeOnCustomerMessage(tx, session.companyId, session.conversationId);
    }
    return appendMessage({
      db: tx,
      companyId: session.companyId,
      conversationId: session.conversationId,
      sender: { type: 'customer' },
      content: input.content,
      attachments: input.attachments,
      clientMessageId: input.client_message_id,
      requireActive: true,
    });
  });
  if (result.outcome === 'missing') throw tokenExpired(session.appId);
  if (result.outcome === 'blocked') {
    assertCanWrite({ ...session, status: result.status });
    throw new Error(`send blocked in status ${result.status}`);
  }
  await touchSession(db, session, config.portalSessionTtlSeconds);
  const names = { customer: session.customerName, app: session.appName };
  return { message: toMessage(result.message, names), created: result.outcome === 'created' };
}
