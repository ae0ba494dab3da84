import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { outboundRequest } from '../../lib/outbound-http.ts';
import { openIntegrationSecret, SecretsError } from '../../lib/secrets-box.ts';
import type { QueueAttempt } from '../channels/delivery-queue.ts';
import { setDelivery } from '../channels/delivery-status.ts';
import { sendChannelReply } from '../channels/outbound.ts';
import type { ProviderResult } from '../channels/provider-result.ts';
import type { Claimed, SenderDeps } from '../channels/sender-types.ts';
import { signWebhook } from './signing.ts';

/**
 * Sends what the deliveries consumer recorded: signed webhook calls, and replies through provider channels.
 * Each attempt is a pg-boss job (`delivery-job.ts`) keyed by the delivery and its attempt number: it sends,
 * then ends the row or sets its next attempt by the backoff below and queues that attempt's job in the same
 * transaction. The row is what a person reads (the delivery log); the job is what makes it happen. A process
 * that dies mid-call leaves its job to pg-boss, which hands it to another after it expires.
 */

/** Seconds before each retry (contract section 10): 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then every 3 h for a day. */
const BACKOFF = [5, 30, 120, 600, 1800, 3600];
const LATER = 3 * 3600;
const GIVE_UP_AFTER_MS = 24 * 3600 * 1000;

export const retryDelaySeconds = (attempts: number) => BACKOFF[attempts - 1] ?? LATER;

/** The delivery when attempt `attempt` is still owed (pending, with one attempt fewer made), else null. */
async function owedAttempt(db: Db, id: number, attempt: number): Promise<Claimed | null> {
  const res = await db.execute<Claimed>(sql`
    select d.id, d.integration_id, d.msg_id, d.payload, d.message_id, d.attempts + 1 as attempts,
      d.created_at, i.type, i.settings, i.secrets,
      coalesce(i.settings->>'url', i.settings->>'webhook_url') as url, i.is_active
    from webhook_deliveries d join integrations i on i.id = d.integration_id
    where d.id = ${id} and d.status = 'pending' and d.attempts = ${attempt - 1}`);
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

/**
 * Makes attempt `attempt` of delivery `id`, once: a repeated job finds the attempt made and does nothing.
 * `kick` wakes the event announcer when a reply's delivery changed.
 */
export async function attemptDelivery(
  db: Db,
  deps: SenderDeps,
  queueNext: QueueAttempt,
  job: { id: number; attempt: number },
  kick: () => void = () => {},
) {
  const d = await owedAttempt(db, job.id, job.attempt);
  if (!d) return;
  const id = Number(d.id);
  const messageId = d.message_id === null ? null : Number(d.message_id);
  const result = await sendOne(db, deps, d, messageId);
  const age = Date.now() - new Date(d.created_at).getTime();
  const delay = retryDelaySeconds(job.attempt);
  const retry = !result.ok && result.retry && age + delay * 1000 <= GIVE_UP_AFTER_MS;
  const status = result.ok ? 'delivered' : retry ? 'pending' : 'failed';
  const error = result.ok ? null : result.error;
  const recorded = await db.transaction(async (tx) => {
    const done = await tx.execute<{ round: string }>(sql`
      with done as (update webhook_deliveries set status = ${status}, attempts = ${job.attempt},
        next_attempt_at = case when ${retry} then now() + make_interval(secs => ${delay}) else next_attempt_at end,
        last_status_code = ${result.code}, last_error = ${error}, updated_at = now()
        where id = ${id} and status = 'pending' and attempts = ${job.attempt - 1}
        returning integration_id, created_at),
      touched as (update integrations set last_event_at = case when ${result.ok} then now() else last_event_at end,
        last_error = ${error}
        where id = (select integration_id from done))
      select created_at::text as round from done`);
    const row = done.rows[0];
    // Someone else recorded this attempt (a job repeated after an expiry): theirs stands.
    if (!row) return false;
    if (retry) await queueNext(tx, { id, round: row.round, attempt: job.attempt + 1, afterSeconds: delay });
    if (messageId === null || retry) return true;
    await setDelivery(
      tx,
      messageId,
      result.ok
        ? { status: 'sent', providerMessageId: result.providerMessageId }
        : { status: 'failed', error: result.error },
    );
    return true;
  });
  if (recorded && messageId !== null && !retry) kick();
}
