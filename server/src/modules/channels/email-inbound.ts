import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { integrations } from '../../db/schema/index.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import { emailKey } from '../customers/identities.ts';
import { mailBody } from './email-body.ts';
import { conversationOfToken, domainOf, replyAddress } from './email-threads.ts';
import { customerByIdentity, receiveInbound } from './ingest.ts';
import { extensionOf, keptMedia } from './media.ts';

/**
 * Mail to an email integration (contract section 10), from the built-in SMTP listener: the integration by
 * the address it was sent to (its `inbound_address`, or `reply+<token>@` its domain), the customer by their
 * address, the conversation by the reply token or the References chain, else their open one or a new one.
 */

/** The email integration a recipient address belongs to, and the conversation a reply token names. */
export async function integrationForAddress(db: Db, config: Pick<Config, 'jwtSecret'>, address: string) {
  const to = address.trim().toLowerCase();
  const reply = replyAddress(to);
  if (reply) {
    const conversationId = conversationOfToken(config.jwtSecret, reply.token);
    if (conversationId === null) return null;
    const res = await db.execute<{ id: number; address: string }>(sql`
      select i.id, i.settings->>'inbound_address' as address
      from conversations c join integrations i on i.id = c.integration_id
      where c.id = ${conversationId} and i.type = 'email' and i.is_active`);
    const row = res.rows[0];
    if (!row || domainOf(row.address) !== reply.domain) return null;
    return { integrationId: Number(row.id), conversationId };
  }
  const res = await db.execute<{ id: number }>(sql`
    select id from integrations
    where type = 'email' and is_active and lower(settings->>'inbound_address') = ${to} limit 1`);
  return res.rows[0] ? { integrationId: Number(res.rows[0].id), conversationId: null } : null;
}

/**
 * Mail that must not start or feed a conversation: automatic answers (`Auto-Submitted` other than "no",
 * vacation and out-of-office replies, list and bulk mail) and bounces (an empty envelope sender, a
 * delivery report, the mailer daemon). Answering them would start a loop between two robots.
 */
export function isAutomatic(mail: ParsedMail, envelopeFrom: string | false | undefined) {
  const header = (name: string) => String(mail.headers.get(name) ?? '').toLowerCase();
  const auto = header('auto-submitted');
  if (auto && auto !== 'no') return true;
  if (['bulk', 'junk', 'list', 'auto_reply'].includes(header('precedence'))) return true;
  if (header('x-autoreply') || header('x-autorespond') || mail.headers.has('list-id')) return true;
  if (header('content-type').startsWith('multipart/report')) return true;
  if (envelopeFrom === false || envelopeFrom === '') return true;
  const from = mail.from?.value[0]?.address?.toLowerCase() ?? '';
  return /^(mailer-daemon|postmaster)@/.test(from);
}

const asArray = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** Stores one mail for one recipient integration; answers false when it was dropped (automatic, no sender). */
export async function receiveEmail(
  db: Db,
  storage: AttachmentStorage,
  mail: ParsedMail,
  target: { integrationId: number; conversationId: number | null },
): Promise<boolean> {
  const [integration] = await db.select().from(integrations).where(eq(integrations.id, target.integrationId));
  const sender = mail.from?.value[0];
  if (!integration || !sender?.address) return false;
  const address = emailKey(sender.address);
  const { full, shown } = mailBody(mail);
  const files: { filename: string; data: Buffer }[] = [];
  const notes: string[] = [];
  for (const [i, a] of mail.attachments.entries()) {
    if (keptMedia(a.contentType)) {
      files.push({
        filename: a.filename ?? `attachment-${i + 1}.${extensionOf(a.contentType)}`,
        data: a.content,
      });
    } else notes.push(`[Not kept: ${a.filename ?? 'a file'} (${a.contentType})]`);
  }
  // The whole mail stays with the message when the thread shows only its new part.
  if (shown !== full) files.push({ filename: 'original-message.txt', data: Buffer.from(full, 'utf8') });
  const references = [...asArray(mail.inReplyTo), ...asArray(mail.references)];
  const externalId =
    mail.messageId ??
    `sha256:${createHash('sha256').update(`${address}\n${mail.date}\n${full}`).digest('hex')}`;
  await receiveInbound(db, storage, {
    integration,
    channel: 'email',
    externalId,
    customer: customerByIdentity(integration, {
      kind: 'email',
      value: address,
      name: sender.name?.trim() || address,
    }),
    thread: (tx, customerId) => threadOf(tx, integration.id, customerId, target.conversationId, references),
    opening: mail.subject?.trim() ? `Subject: ${mail.subject.trim()}` : undefined,
    content: [shown || (files.length > 0 ? '' : '(no text)'), ...notes].filter(Boolean).join('\n'),
    files,
  });
  return true;
}

/**
 * The conversation this mail answers: the one its reply token names, else the one holding a message it
 * refers to; only a conversation of this integration and this customer, so a forwarded thread or a
 * reused token cannot write into someone else's.
 */
async function threadOf(
  tx: Tx,
  integrationId: number,
  customerId: number,
  tokenConversation: number | null,
  references: string[],
) {
  const res = await tx.execute<{ id: number }>(sql`
    select c.id from conversations c
    where c.integration_id = ${integrationId} and c.customer_id = ${customerId}
      and (c.id = ${tokenConversation ?? 0} or exists (
        select 1 from messages m where m.conversation_id = c.id
          and m.provider_message_id = any(${sql.param(references.slice(0, 50))}::text[])))
    order by c.id = ${tokenConversation ?? 0} desc, c.id desc limit 1`);
  return res.rows[0] ? Number(res.rows[0].id) : null;
}
