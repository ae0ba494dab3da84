import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../../db/client.ts';
import { domainOf, replyToken } from './email-threads.ts';
import type { ProviderResult } from './provider-result.ts';
import { replyFiles } from './reply-files.ts';
import type { Claimed, SenderDeps } from './sender-types.ts';

const transports = new Map<string, Transporter>();
const transportFor = (url: string) => {
  let t = transports.get(url);
  if (!t) {
    t = nodemailer.createTransport(url);
    transports.set(url, t);
  }
  return t;
};

interface Reply extends Record<string, unknown> {
  content: string;
  sender_type: string;
  conversation_id: number;
  email: string | null;
  app_name: string;
  subject: string | null;
  references: string[] | null;
  last_inbound: string | null;
}

/**
 * An agent's (or an automatic) reply by email through `SMTP_URL` (contract section 10): from the integration's
 * address, answering the customer's last mail (In-Reply-To, References), with a `reply+<token>@` Reply-To so
 * the answer finds its conversation whatever the mail program keeps, and its files attached. An automatic
 * reply says so (`Auto-Submitted: auto-replied`), so the other side's robots do not answer it.
 */
export async function sendEmailReply(
  db: Db,
  deps: SenderDeps,
  d: Claimed,
  messageId: number,
): Promise<ProviderResult> {
  const { config, storage } = deps;
  if (!config.smtpUrl)
    return { ok: false, retry: false, error: 'Replies need SMTP_URL to be set on the server' };
  const settings = d.settings as { inbound_address?: string; from_name?: string };
  const res = await db.execute<Reply>(sql`
    select m.content, m.sender_type, m.conversation_id, cu.email, a.name as app_name,
      (select substr(split_part(f.content, E'\\n', 1), 10) from messages f
        where f.conversation_id = c.id and f.sender_type = 'customer' and f.content like 'Subject: %'
        order by f.id limit 1) as subject,
      (select array_agg(p.provider_message_id order by p.id) from messages p
        where p.conversation_id = c.id and p.id < m.id and p.provider_message_id like '<%>') as "references",
      (select p.provider_message_id from messages p
        where p.conversation_id = c.id and p.sender_type = 'customer' and p.provider_message_id like '<%>'
        order by p.id desc limit 1) as last_inbound
    from messages m join conversations c on c.id = m.conversation_id
    join customers cu on cu.id = c.customer_id join apps a on a.id = c.app_id
    where m.id = ${messageId}`);
  const reply = res.rows[0];
  if (!reply) return { ok: false, retry: false, error: 'The message was deleted' };
  if (!reply.email) return { ok: false, retry: false, error: 'The customer has no email address' };
  const address = settings.inbound_address ?? '';
  const domain = domainOf(address);
  const attachments = (await replyFiles(db, storage, messageId)).map((f) => ({
    filename: f.filename,
    contentType: f.mime,
    content: f.data,
  }));
  const id = `<reply-${messageId}-${randomBytes(6).toString('hex')}@${domain}>`;
  const references = (reply.references ?? []).slice(-20);
  try {
    await transportFor(config.smtpUrl).sendMail({
      from: { name: settings.from_name || reply.app_name, address },
      to: reply.email,
      replyTo: `reply+${replyToken(config.jwtSecret, Number(reply.conversation_id))}@${domain}`,
      subject: `Re: ${reply.subject?.trim() || `Your conversation with ${reply.app_name}`}`,
      text: reply.content,
      messageId: id,
      ...(reply.last_inbound ? { inReplyTo: reply.last_inbound } : {}),
      ...(references.length > 0 ? { references } : {}),
      headers: reply.sender_type === 'auto' ? { 'Auto-Submitted': 'auto-replied' } : {},
      attachments,
    });
    return { ok: true, providerMessageId: id };
  } catch (err) {
    const e = err as Error & { responseCode?: number };
    // A 5xx from the mail server is its final word on this mail (no such mailbox); the rest may pass later.
    const final = e.responseCode !== undefined && e.responseCode >= 500;
    return { ok: false, retry: !final, error: `The mail server refused it: ${e.message}` };
  }
}
