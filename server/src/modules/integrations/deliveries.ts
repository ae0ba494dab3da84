import { EVENT_TYPES, type InboxEvent } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { outboundRequest } from '../../lib/outbound-http.ts';
import type { ConsumerSpec } from '../events/consumer.ts';
import { signWebhook } from './signing.ts';

/**
 * Outgoing webhooks (contract section 10), at least once. A consumer of the event log records one delivery
 * row per (webhook, event) in its own transaction; a sender claims due rows, calls the target with a
 * Standard Webhooks signature and either ends the row (2xx) or sets its next attempt by the backoff below.
 * Claims are leases, so a process that dies mid-call leaves the row to be tried again, never lost.
 */

/** Seconds before each retry: about 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then every 3 h for a day. */
const BACKOFF = [5, 30, 120, 600, 1800, 3600];
const LATER = 3 * 3600;
const GIVE_UP_AFTER_MS = 24 * 3600 * 1000;
/** How long a claimed delivery is left alone before another sender may take it. */
const LEASE_SECONDS = 60;

export const retryDelaySeconds = (attempts: number) => BACKOFF[attempts - 1] ?? LATER;

export const WEBHOOK_CONSUMER = 'webhooks';

interface Target extends Record<string, unknown> {
  id: number;
  company_id: number;
  app_id: number;
  events: string[];
}

/** Does this event concern the webhook's app? Customer events name their apps in `data.app_ids`. */
function concerns(e: InboxEvent, t: Target) {
  if (e.company_id !== Number(t.company_id)) return false;
  if (e.app_id !== null) return e.app_id === Number(t.app_id);
  const appIds = (e.data.app_ids as number[] | undefined) ?? [];
  return appIds.map(Number).includes(Number(t.app_id));
}

export function webhookConsumer(): ConsumerSpec {
  return {
    name: WEBHOOK_CONSUMER,
    types: EVENT_TYPES,
    async handle(tx: Tx, events: InboxEvent[]) {
      const companies = [...new Set(events.map((e) => e.company_id))];
      const res = await tx.execute<Target>(sql`
        select id, company_id, app_id, coalesce(
          (select array_agg(x) from jsonb_array_elements_text(settings->'events') x), '{}') as events
        from integrations
        where type = 'webhook' and is_active and company_id = any(${sql.param(companies)}::int[])`);
      await recordApiReplies(tx, events);
      if (res.rows.length === 0) return;
      for (const e of events) {
        for (const target of res.rows) {
          if (!target.events.includes(e.type) || !concerns(e, target)) continue;
          const payload = { event_id: e.event_id, type: e.type, created_ts: e.created_ts, data: e.data };
          await tx.execute(sql`
            insert into webhook_deliveries (company_id, integration_id, event_id, msg_id, payload)
            values (${target.company_id}, ${target.id}, ${e.event_id}, ${`msg_${e.event_id}_${target.id}`},
              ${JSON.stringify(payload)}::jsonb)
            on conflict do nothing`);
        }
      }
    },
  };
}

/** A reply the customer should see: an agent's or an auto-responder's, not a note. */
const isReply = (e: InboxEvent) => {
  const m = e.data.message as { sender_type?: string; is_private?: boolean } | undefined;
  return (
    e.type === 'message.created' &&
    !m?.is_private &&
    (m?.sender_type === 'agent' || m?.sender_type === 'auto')
  );
};

/**
 * Replies in conversations that came in through an `api` integration go back to its `webhook_url`, signed
 * like any webhook, with the customer's id in the outside system so it knows where to deliver them.
 */
async function recordApiReplies(tx: Tx, events: InboxEvent[]) {
  const replies = events.filter(isReply);
  if (replies.length === 0) return;
  const res = await tx.execute<{
    conversation_id: number;
    integration_id: number;
    company_id: number;
    external_id: string | null;
  }>(sql`
    select c.id as conversation_id, i.id as integration_id, i.company_id,
      (select substr(ci.value, length(i.id::text) + 2) from customer_identities ci
        where ci.company_id = c.company_id and ci.customer_id = c.customer_id and ci.kind = 'external'
          and ci.value like i.id::text || ':%' limit 1) as external_id
    from conversations c join integrations i on i.id = c.integration_id
    where c.id = any(${sql.param(replies.map((e) => e.conversation_id))}::int[])
      and i.type = 'api' and i.is_active and coalesce(i.settings->>'webhook_url', '') <> ''`);
  const byConversation = new Map(res.rows.map((r) => [Number(r.conversation_id), r]));
  for (const e of replies) {
    const target = byConversation.get(Number(e.conversation_id));
    if (!target) continue;
    const payload = {
      event_id: e.event_id,
      type: e.type,
      created_ts: e.created_ts,
      data: { ...e.data, conversation_id: e.conversation_id, customer: { external_id: target.external_id } },
    };
    await tx.execute(sql`
      insert into webhook_deliveries (company_id, integration_id, event_id, msg_id, payload)
      values (${target.company_id}, ${target.integration_id}, ${e.event_id},
        ${`msg_${e.event_id}_${target.integration_id}`}, ${JSON.stringify(payload)}::jsonb)
      on conflict do nothing`);
  }
}

interface Claimed extends Record<string, unknown> {
  id: string;
  integration_id: number;
  msg_id: string;
  payload: Record<string, unknown>;
  attempts: number;
  created_at: string;
  url: string | null;
  secret: string | null;
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
    returning d.id, d.integration_id, d.msg_id, d.payload, d.attempts, d.created_at,
      coalesce(i.settings->>'url', i.settings->>'webhook_url') as url, i.secrets->>'signing_secret' as secret,
      i.is_active`);
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

/**
 * Sends what is due until nothing is; answers the soonest next attempt it scheduled (ms from now) so the
 * caller can wake then. Several processes share the work.
 */
export async function deliverDue(db: Db, allowPrivate: boolean): Promise<number | null> {
  let soonest: number | null = null;
  for (;;) {
    const d = await claim(db);
    if (!d) return soonest;
    const id = Number(d.id);
    if (!d.is_active || !d.url || !d.secret) {
      await db.execute(sql`update webhook_deliveries set status = 'failed', last_error = 'The webhook is switched off or incomplete',
        updated_at = now() where id = ${id}`);
      continue;
    }
    const result = await sendSigned(d.url, d.secret, d.msg_id, d.payload, allowPrivate);
    if (result.ok) {
      await db.execute(sql`
        with done as (update webhook_deliveries set status = 'delivered', last_status_code = ${result.status_code},
          last_error = null, updated_at = now() where id = ${id} returning integration_id)
        update integrations set last_event_at = now(), last_error = null
        where id = (select integration_id from done)`);
      continue;
    }
    const age = Date.now() - new Date(d.created_at).getTime();
    const delay = retryDelaySeconds(Number(d.attempts));
    const giveUp = age + delay * 1000 > GIVE_UP_AFTER_MS;
    await db.execute(sql`
      with failed as (update webhook_deliveries set status = ${giveUp ? 'failed' : 'pending'},
        next_attempt_at = now() + make_interval(secs => ${delay}), last_status_code = ${result.status_code},
        last_error = ${result.error}, updated_at = now() where id = ${id} returning integration_id)
      update integrations set last_error = ${result.error} where id = (select integration_id from failed)`);
    if (!giveUp) soonest = Math.min(soonest ?? Number.POSITIVE_INFINITY, delay * 1000);
  }
}
