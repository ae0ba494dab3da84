import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { outboundRequest } from '../../lib/outbound-http.ts';
import { openIntegrationSecret, SecretsError } from '../../lib/secrets-box.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import { setDelivery } from '../channels/delivery-status.ts';
import { sendChannelReply } from '../channels/outbound.ts';
import type { ProviderResult } from '../channels/provider-result.ts';
import { signWebhook } from './signing.ts';

/**
 * Sends what the deliveries consumer recorded: signed webhook calls, and replies through provider channels.
 * A sender claims a due row for a lease (a process that dies mid-call leaves it to be tried again, never
 * lost), sends, and either ends the row or sets its next attempt by the backoff below. Several processes
 * share the work; a minute job sends whatever an idle process left.
 */

/** Seconds before each retry: about 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then every 3 h for a day. */
const BACKOFF = [5, 30, 120, 600, 1800, 3600];
const LATER = 3 * 3600;
const GIVE_UP_AFTER_MS = 24 * 3600 * 1000;
/** How long a claimed delivery is left alone before another sender may take it. */
const LEASE_SECONDS = 60;

export const retryDelaySeconds = (attempts: number) => BACKOFF[attempts - 1] ?? LATER;

export interface Claimed extends Record<string, unknown> {
  id: string;
  integration_id: number;
  msg_id: string;
  payload: Record<string, unknown>;
  message_id: string | null;
  attempts: number;
  created_at: string;
  type: string;
  settings: Record<string, unknown>;
  /** Sealed (decision 038): opened only where a reply or a call leaves. */
  secrets: Record<string, string>;
  url: string | null;
  is_active: boolean;
}

/** Takes the next due delivery for a lease, or null when none is due. */
async function claim(db: Db): Promise<Claimed | null> {
  const res = await db.execute<Claimed>(sql`
    with next as (
      select d.id from webhook_deliveries d
      where d.status = 'pending' and d.next_attempt_at <= now()
      order by d.next_attempt_at, d.id limit 1 for update skip locked
    )
    update webhook_deliveries d set next_attempt_at = now() + make_interval(secs => ${LEASE_SECONDS}),
      attempts = d.attempts + 1, updated_at = now()
    from next, integrations i
    where d.id = next.id and i.id = d.integration_id
    returning d.id, d.integration_id, d.msg_id, d.payload, d.message_id, d.attempts, d.created_at, i.type,
      i.settings, i.secrets, coalesce(i.settings->>'url', i.settings->>'webhook_url') as url, i.is_active`);
  return res.rows[0] ?? null;
}

/** One signed call; the answer or why it failed. */
export async function sendSigned(
  url: string,
  secret: string,
  msgId: string,
  payload: unknown,
  allowPrivate: boolean,
) {
  const body = JSON.stringify(payload);
  const started = Date.now();
  try {
    const answer = await outboundRequest(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'SupportInbox-Webhooks/1',
        ...signWebhook(secret, msgId, Math.floor(Date.now() / 1000), body),
      },
      body,
      allowPrivate,
    });
    const ok = answer.status >= 200 && answer.status < 300;
    return {
      ok,
      status_code: answer.status,
      duration_ms: Date.now() - started,
      error: ok
        ? null
        : `The target answered ${answer.status}${answer.body ? `: ${answer.body.slice(0, 200)}` : ''}`,
    };
  } catch (err) {
    return { ok: false, status_code: null, duration_ms: Date.now() - started, error: (err as Error).message };
  }
}

/** A webhook call as a provider result: any failure of a live webhook is worth another try. */
async function sendWebhook(d: Claimed, config: Config): Promise<ProviderResult & { code: number | null }> {
  const secret = openIntegrationSecret(config.secrets, d.integration_id, d.secrets, 'signing_secret');
  if (!d.is_active || !d.url || !secret) {
    return { ok: false, retry: false, error: 'The webhook is switched off or incomplete', code: null };
  }
  const r = await sendSigned(d.url, secret, d.msg_id, d.payload, config.allowPrivateWebhookTargets);
  return r.ok
    ? { ok: true, providerMessageId: d.msg_id, code: r.status_code }
    : { ok: false, retry: true, error: r.error ?? 'The call failed', code: r.status_code };
}

/** The delivery's call; a secret the server's key cannot open fails it for now, to be retried after a fix. */
async function sendOne(db: Db, deps: SenderDeps, d: Claimed, messageId: number | null) {
  try {
    return messageId === null
      ? await sendWebhook(d, deps.config)
      : { ...(await sendChannelReply(db, deps, d, messageId)), code: null };
  } catch (err) {
    if (!(err instanceof SecretsError)) throw err;
    return { ok: false as const, retry: true, error: err.message, code: null };
  }
}

export interface SenderDeps {
  config: Config;
  /** Where a reply's files are read from (email carries them). */
  storage: AttachmentStorage;
}

/**
 * Sends what is due until nothing is; answers the soonest next attempt it scheduled (ms from now) so the
 * caller can wake then. `kick` wakes the event sequencer when a reply's delivery changed.
 */
export async function deliverDue(
  db: Db,
  deps: SenderDeps,
  kick: () => void = () => {},
): Promise<number | null> {
  let soonest: number | null = null;
  for (;;) {
    const d = await claim(db);
    if (!d) return soonest;
    const id = Number(d.id);
    const messageId = d.message_id === null ? null : Number(d.message_id);
    const result = await sendOne(db, deps, d, messageId);
    const age = Date.now() - new Date(d.created_at).getTime();
    const delay = retryDelaySeconds(Number(d.attempts));
    const retry = !result.ok && result.retry && age + delay * 1000 <= GIVE_UP_AFTER_MS;
    const status = result.ok ? 'delivered' : retry ? 'pending' : 'failed';
    const error = result.ok ? null : result.error;
    await db.transaction(async (tx) => {
      await tx.execute(sql`
        with done as (update webhook_deliveries set status = ${status},
          next_attempt_at = case when ${retry} then now() + make_interval(secs => ${delay}) else next_attempt_at end,
          last_status_code = ${result.code}, last_error = ${error}, updated_at = now()
          where id = ${id} returning integration_id)
        update integrations set last_event_at = case when ${result.ok} then now() else last_event_at end,
          last_error = ${error}
        where id = (select integration_id from done)`);
      if (messageId === null || retry) return;
      await setDelivery(
        tx,
        messageId,
        result.ok
          ? { status: 'sent', providerMessageId: result.providerMessageId }
          : { status: 'failed', error: result.error },
      );
    });
    if (messageId !== null && !retry) kick();
    if (retry) soonest = Math.min(soonest ?? Number.POSITIVE_INFINITY, delay * 1000);
  }
}
