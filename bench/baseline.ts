/**
 * The bare baseline the portal is measured against: Fastify with no plugins, `pg` with raw SQL, the same
 * tables and the same answers as the product's portal poll and send, on their hot paths only (a live
 * session of an open or pending conversation). No zod, no Drizzle, no helmet, no request ids, no logging.
 *
 *   DATABASE_URL=postgres://... PORT=3902 npx tsx bench/baseline.ts
 *
 * (a) poll: one query for the token (session, conversation status, customer name, agent typing), one for
 *     the visible messages after `last_message_id` (and, only when there are some, one for their files).
 * (b) send: one statement (a CTE) that checks the token, updates the conversation and inserts the message.
 *     With `BASELINE_DURABLE=1` (and named statements) it also writes the message's event, as the product's
 *     outbox does (contract section 7): the product's durable work per send, with nothing else around it.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { serve } from './lib/serve.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const port = Number(process.env.PORT ?? 3902);
const ttlSeconds = Number(process.env.PORTAL_SESSION_TTL_SECONDS ?? 86_400);
// The product's pool holds 10 connections (server/src/db/client.ts); the same here keeps the fight fair.
const pool = new pg.Pool({
  connectionString: databaseUrl,
  max: Number(process.env.BASELINE_POOL_SIZE ?? 10),
});
// BASELINE_PREPARED=1 names the statements, so each connection plans them once and reuses the plan, as the
// product does for its hot statements (decision 010); without it every call is planned anew.
const prepared = process.env.BASELINE_PREPARED === '1';
// BASELINE_DURABLE=1: the send writes its `message.created` event too (issue 43's durable baseline).
const durable = process.env.BASELINE_DURABLE === '1';
const query = <R extends pg.QueryResultRow>(name: string, text: string, values: unknown[]) =>
  pool.query<R>(prepared ? { name, text, values } : { text, values });

const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const fail = (code: string, message: string) => ({ success: false, message, error: { code, message } });

const SESSION_SQL = `
  select s.conversation_id, s.expires_at, c.status, cu.name as customer_name, a.name as app_name,
    exists (select 1 from typing_signals t
            where t.conversation_id = s.conversation_id and t.user_id is not null and t.expires_at > now())
      as agent_typing
  from portal_sessions s
  join conversations c on c.id = s.conversation_id
  join customers cu on cu.id = c.customer_id
  join apps a on a.id = c.app_id
  where s.token_hash = $1`;

const MESSAGE_COLUMNS = `m.id, m.conversation_id, m.sender_type, m.content, m.content_type, m.created_at,
    u.name as user_name`;
const AFTER_SQL = `
  select ${MESSAGE_COLUMNS} from messages m left join users u on u.id = m.sender_user_id
  where m.conversation_id = $1 and m.id > $2 and not m.is_private order by m.id limit 100`;
const LATEST_SQL = `
  select * from (
    select ${MESSAGE_COLUMNS} from messages m left join users u on u.id = m.sender_user_id
    where m.conversation_id = $1 and m.id > $2 and not m.is_private order by m.id desc limit 50) x
  order by id`;

// Session check, conversation update (pending -> open), message insert (idempotent on client_message_id),
// the customer's typing signal cleared, and the session slid when it was last slid over a minute ago (as
// the product does): one round trip, one commit. The conversation row lock is taken before the message id
// is drawn, so ids of one conversation follow commit order.
const SEND_SQL = `
  with s as (
    select id, conversation_id from portal_sessions
    where token_hash = $1 and ended_at is null and expires_at > now()
  ), slid as (
    update portal_sessions set expires_at = now() + make_interval(secs => $4)
    where id = (select id from s) and expires_at < now() + make_interval(secs => $4 - 60)
  ), c as (
    update conversations set
      status = case when status = 'pending' then 'open' else status end,
      waiting_since = coalesce(waiting_since, now()),
      last_activity_at = now()
    where id = (select conversation_id from s) and status in ('open', 'pending')
    returning id, company_id, app_id, customer_id, number, status, queue_id, assigned_user_id, verified
  ), m as (
    insert into messages (company_id, conversation_id, sender_type, content, client_message_id)
    select company_id, id, 'customer', $2, $3 from c
    on conflict (conversation_id, client_message_id) where client_message_id is not null do nothing
    returning id, conversation_id, sender_type, content, content_type, created_at
  ), typed as (
    delete from typing_signals
    where conversation_id = (select id from c) and actor_key = 'customer' and exists (select 1 from m)
  )${
    durable
      ? `, ev as (
    insert into events (type, company_id, app_id, conversation_id, customer_id, actor_type, actor_id, data)
    select 'message.created', c.company_id, c.app_id, c.id, c.customer_id, 'customer', c.customer_id,
      jsonb_build_object(
        'message', jsonb_build_object('message_id', m.id, 'sender_type', 'customer', 'sender_user_id', null,
          'content', m.content, 'content_type', m.content_type, 'is_private', false,
          'created_ts', to_char(m.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
        'conversation', jsonb_build_object('number', c.number, 'status', c.status, 'queue_id', c.queue_id,
          'assigned_user_id', c.assigned_user_id, 'verified', c.verified))
    from m, c
  )`
      : ''
  }
  select m.*, cu.name as customer_name from m, c join customers cu on cu.id = c.customer_id`;

interface Attachment {
  attachment_id: number;
  original_filename: string;
  file_size: number;
  mime_type: string;
}
interface MessageRow {
  id: string;
  attachments?: Attachment[];
  conversation_id: number;
  sender_type: string;
  user_name?: string | null;
  customer_name?: string;
  content: string;
  content_type: string;
  created_at: Date;
}
const senderName = (r: MessageRow, customer: string, app: string) =>
  r.sender_type === 'customer'
    ? customer
    : r.sender_type === 'agent'
      ? (r.user_name ?? 'Support')
      : r.sender_type === 'auto'
        ? app
        : 'System';
const toMessage = (r: MessageRow, customer: string, app: string) => ({
  message_id: Number(r.id),
  conversation_id: r.conversation_id,
  sender_type: r.sender_type,
  sender_name: senderName(r, customer, app),
  content: r.content,
  content_type: r.content_type,
  created_ts: r.created_at.toISOString(),
  attachments: r.attachments ?? [],
});

const FILES_SQL = `
  select message_id, id as attachment_id, original_filename, file_size, mime_type
  from attachments where message_id = any($1::bigint[]) order by id`;

/** Files of the returned messages: a second query only when a poll has messages at all. */
async function withFiles(rows: MessageRow[]) {
  if (rows.length === 0) return rows;
  const files = await query<{ message_id: string } & Attachment>('files', FILES_SQL, [rows.map((r) => r.id)]);
  const byMessage = new Map<string, Attachment[]>();
  for (const { message_id, ...f } of files.rows)
    byMessage.set(message_id, [...(byMessage.get(message_id) ?? []), f]);
  for (const r of rows) r.attachments = byMessage.get(r.id) ?? [];
  return rows;
}

const app = Fastify({ logger: false });

app.get('/api/v1/health', async () => ({ success: true, data: { status: 'ok', database: 'postgres' } }));

app.get('/api/v1/portal/poll', async (request, reply) => {
  const q = request.query as { token?: string; last_message_id?: string };
  if (!q.token) return reply.code(401).send(fail('INVALID_TOKEN', 'Invalid token'));
  const session = (await query('session', SESSION_SQL, [sha256(q.token)])).rows[0];
  if (!session) return reply.code(401).send(fail('INVALID_TOKEN', 'Invalid token'));
  const after = q.last_message_id ? Number(q.last_message_id) : null;
  const rows = await withFiles(
    (
      await query<MessageRow>(after === null ? 'latest' : 'after', after === null ? LATEST_SQL : AFTER_SQL, [
        session.conversation_id,
        after ?? 0,
      ])
    ).rows,
  );
  return {
    success: true,
    data: {
      messages: rows.map((r) => toMessage(r, session.customer_name, session.app_name)),
      is_agent_typing: session.agent_typing,
      conversation_status: session.status,
      session_expires_ts: session.expires_at.toISOString(),
    },
  };
});

app.post('/api/v1/portal/messages', async (request, reply) => {
  const auth = request.headers.authorization;
  const token = auth?.startsWith('Bearer ') ? auth.slice(7) : '';
  const body = (request.body ?? {}) as { content?: unknown; client_message_id?: unknown };
  const content = typeof body.content === 'string' ? body.content.trim() : '';
  if (!content || content.length > 10_000) {
    return reply.code(422).send({ ...fail('VALIDATION_ERROR', 'Please enter a message or attach a file') });
  }
  const clientId = typeof body.client_message_id === 'string' ? body.client_message_id.slice(0, 100) : null;
  const row = (await query<MessageRow>('send', SEND_SQL, [sha256(token), content, clientId, ttlSeconds]))
    .rows[0];
  // Off the hot path: no row means a bad token or a conversation that can no longer take messages.
  if (!row) return reply.code(403).send(fail('CONVERSATION_CLOSED', 'This conversation is closed'));
  return reply.code(201).send({ success: true, data: toMessage(row, row.customer_name!, '') });
});

await serve(app, port, process.env.HOST ?? '127.0.0.1', () => pool.end());
console.log(`baseline listening on ${port}`);
