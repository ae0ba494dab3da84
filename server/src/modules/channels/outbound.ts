import type { InboxEvent } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { conflict, notFound } from '../../http/app-error.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { openIntegrationSecret } from '../../lib/secrets-box.ts';
import type { CallerCtx } from '../access/context.ts';
import { isSqlInt, requireVisibleConversation } from '../access/conversation-visibility.ts';
import { type QueueAttempt, queueAttempt } from './delivery-queue.ts';
import { setDelivery } from './delivery-status.ts';
import { sendEmailReply } from './email-outbound.ts';
import {
  sendMessenger,
  sendMessengerFile,
  sendWhatsApp,
  sendWhatsAppFile,
  sendWhatsAppTemplate,
} from './meta.ts';
import type { ProviderResult } from './provider-result.ts';
import { replyFiles, sendInParts } from './reply-files.ts';
import type { Claimed, SenderDeps } from './sender-types.ts';
import { type SmsSettings, sendSms } from './twilio.ts';

/**
 * Replies going out through provider channels (contract section 10). The deliveries consumer records one
 * delivery per reply in a conversation that came in through such an integration, and marks the message
 * queued, in the transaction that moves its position, with the job of its first attempt; the sender
 * (`integrations/sender.ts`) sends it, each retry a pg-boss job due by the backoff, and the provider's receipts move it on (`delivery-status.ts`).
 */

/** The integration types whose replies go out through their provider. */
export const SENDING_CHANNELS = ['sms', 'whatsapp', 'facebook', 'email'] as const;

/** A reply the customer should see: an agent's or an auto-responder's, not a note. */
export const isReply = (e: InboxEvent) => {
  const m = e.data.message as { sender_type?: string; is_private?: boolean } | undefined;
  return (
    e.type === 'message.created' &&
    !m?.is_private &&
    (m?.sender_type === 'agent' || m?.sender_type === 'auto')
  );
};

export async function recordChannelReplies(tx: Tx, events: InboxEvent[], queueNext: QueueAttempt) {
  const replies = events.filter(isReply);
  if (replies.length === 0) return;
  const res = await tx.execute<{ conversation_id: number; integration_id: number; company_id: number }>(sql`
    select c.id as conversation_id, i.id as integration_id, i.company_id
    from conversations c join integrations i on i.id = c.integration_id
    where c.id = any(${sql.param(replies.map((e) => e.conversation_id))}::int[])
      and i.type = any(${sql.param([...SENDING_CHANNELS])}::text[])`);
  const byConversation = new Map(res.rows.map((r) => [Number(r.conversation_id), r]));
  for (const e of replies) {
    const target = byConversation.get(Number(e.conversation_id));
    const messageId = Number((e.data.message as { message_id?: number }).message_id);
    if (!target || !Number.isSafeInteger(messageId)) continue;
    const added = await tx.execute(sql`
      insert into webhook_deliveries (company_id, integration_id, event_id, msg_id, payload, message_id)
      values (${target.company_id}, ${target.integration_id}, ${e.event_id},
        ${`msg_${e.event_id}_${target.integration_id}`}, '{}'::jsonb, ${messageId})
      on conflict do nothing returning id, created_at::text as round`);
    const row = added.rows[0] as { id: string; round: string } | undefined;
    if (!row) continue;
    await setDelivery(tx, messageId, { status: 'queued' });
    await queueNext(tx, { id: Number(row.id), round: row.round, attempt: 1, afterSeconds: 0 });
  }
}

/** The reply and where it goes: its text, the customer's phone, WhatsApp id and Messenger id. */
async function replyOf(db: Db, messageId: number) {
  const identity = (kind: string) =>
    sql`(select ci.value from customer_identities ci where ci.customer_id = c.customer_id and ci.kind = ${kind}
      order by ci.value limit 1)`;
  const res = await db.execute<{
    content: string;
    template: { name: string; language: string; parameters: string[] } | null;
    phone: string | null;
    wa_id: string | null;
    psid: string | null;
  }>(
    sql`select m.content, m.template, cu.phone, ${identity('whatsapp')} as wa_id, ${identity('psid')} as psid
    from messages m join conversations c on c.id = m.conversation_id join customers cu on cu.id = c.customer_id
    where m.id = ${messageId}`,
  );
  return res.rows[0] ?? null;
}

/** One reply through its integration's provider. */
export async function sendChannelReply(
  db: Db,
  deps: SenderDeps,
  d: Claimed,
  messageId: number,
): Promise<ProviderResult> {
  const { config } = deps;
  if (!d.is_active) return { ok: false, retry: false, error: 'The integration is switched off' };
  const reply = await replyOf(db, messageId);
  if (!reply) return { ok: false, retry: false, error: 'The message was deleted' };
  // Opened here, where the reply leaves, and nowhere else (decision 038).
  const secret = (name: string) => openIntegrationSecret(config.secrets, d.integration_id, d.secrets, name);
  switch (d.type) {
    case 'sms': {
      if (!reply.phone) return { ok: false, retry: false, error: 'The customer has no phone number' };
      const authToken = secret('auth_token');
      if (!authToken) return { ok: false, retry: false, error: 'The integration has no auth token' };
      return sendSms({
        config,
        settings: d.settings as unknown as SmsSettings,
        authToken,
        to: reply.phone,
        body: reply.content,
        statusCallback: `${config.publicUrl}/api/v1/channels/sms/${d.integration_id}`,
      });
    }
    case 'whatsapp': {
      const token = secret('access_token');
      if (!reply.wa_id) return { ok: false, retry: false, error: 'The customer has no WhatsApp number' };
      if (!token) return { ok: false, retry: false, error: 'The integration has no access token' };
      const phoneNumberId = String(d.settings.phone_number_id ?? '');
      const to = reply.wa_id;
      if (reply.template)
        return sendWhatsAppTemplate(config, { phoneNumberId, token, to, template: reply.template });
      const files = await replyFiles(db, deps.storage, messageId);
      return sendInParts([
        ...(reply.content
          ? [() => sendWhatsApp(config, { phoneNumberId, token, to, body: reply.content })]
          : []),
        ...files.map((file) => () => sendWhatsAppFile(config, { phoneNumberId, token, to, file })),
      ]);
    }
    case 'facebook': {
      const token = secret('page_access_token');
      if (!reply.psid) return { ok: false, retry: false, error: 'The customer has no Messenger id' };
      if (!token) return { ok: false, retry: false, error: 'The integration has no page access token' };
      const psid = reply.psid;
      const files = await replyFiles(db, deps.storage, messageId);
      return sendInParts([
        ...(reply.content ? [() => sendMessenger(config, { token, psid, body: reply.content })] : []),
        ...files.map((file) => () => sendMessengerFile(config, { token, psid, file })),
      ]);
    }
    case 'email':
      return sendEmailReply(db, deps, d, messageId);
    default:
      return { ok: false, retry: false, error: `Replies through ${d.type} are not sent` };
  }
}

/**
 * `POST /messages/retry-delivery`: a reply whose delivery failed is queued again as a new round of attempts, its first job due now. The message
 * must be in a conversation the caller sees (404 otherwise); one that is not a failed channel reply answers
 * 409.
 */
export async function retryFailedDelivery(ctx: CallerCtx, messageId: number, queue: JobQueue) {
  const [row] = isSqlInt(messageId)
    ? (
        await ctx.db.execute<{ conversation_id: number }>(sql`
          select conversation_id from messages where id = ${messageId} and company_id = ${ctx.companyId}`)
      ).rows
    : [];
  if (!row) throw notFound('Message');
  await requireVisibleConversation(ctx, ctx.db, Number(row.conversation_id));
  const retried = await ctx.db.transaction((tx) => retryDelivery(tx, messageId, queueAttempt(queue)));
  if (!retried) throw conflict('Only a reply whose delivery failed can be sent again');
  return { message_id: messageId, delivery: { status: 'queued' as const, error: null } };
}

/** A new round of attempts: its first job is queued with the row's change, keyed by the new round. */
async function retryDelivery(tx: Tx, messageId: number, queueNext: QueueAttempt) {
  const res = await tx.execute<{ id: string; round: string }>(sql`
    update webhook_deliveries set status = 'pending', next_attempt_at = now(), attempts = 0,
      created_at = now(), updated_at = now()
    where message_id = ${messageId} and status = 'failed' returning id, created_at::text as round`);
  const row = res.rows[0];
  if (!row) return false;
  await queueNext(tx, { id: Number(row.id), round: row.round, attempt: 1, afterSeconds: 0 });
  return setDelivery(tx, messageId, { status: 'queued' }, { force: true });
}
