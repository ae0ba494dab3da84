import { type InboxEvent, WEBHOOK_EVENT_TYPES, type WebhookPayload } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { queueAttempt } from '../channels/delivery-queue.ts';
import { isReply, recordChannelReplies } from '../channels/outbound.ts';
import type { ConsumerSpec } from '../events/consumer.ts';
import { loadRecords, webhookPayload } from './payloads.ts';

/**
 * Outgoing webhooks (contract section 10), at least once: a consumer of the event log records one delivery
 * row per (webhook, event) in its own transaction, and per reply to send through a channel
 * (`channels/outbound.ts`), and queues each one's first attempt in that transaction; `sender.ts` makes them.
 */

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
  // Labels belong to the company: a change of its list concerns every webhook of it.
  if (e.type.startsWith('label.')) return true;
  if (e.app_id !== null) return e.app_id === Number(t.app_id);
  const appIds = (e.data.app_ids as number[] | undefined) ?? [];
  return appIds.map(Number).includes(Number(t.app_id));
}

export function webhookConsumer(queue: JobQueue): ConsumerSpec {
  const queueNext = queueAttempt(queue);
  return {
    name: WEBHOOK_CONSUMER,
    types: WEBHOOK_EVENT_TYPES,
    async handle(tx: Tx, events: InboxEvent[]) {
      const companies = [...new Set(events.map((e) => e.company_id))];
      const res = await tx.execute<Target>(sql`
        select id, company_id, app_id, coalesce(
          (select array_agg(x) from jsonb_array_elements_text(settings->'events') x), '{}') as events
        from integrations
        where type = 'webhook' and is_active and company_id = any(${sql.param(companies)}::int[])`);
      const owed = events.flatMap((e) =>
        res.rows.filter((t) => t.events.includes(e.type) && concerns(e, t)).map((t) => ({ e, target: t })),
      );
      const replies = await apiReplyTargets(tx, events.filter(isReply));
      await recordChannelReplies(tx, events, queueNext);
      if (owed.length === 0 && replies.length === 0) return;
      // One read of the records for everything this batch sends, and one insert: no statement per event.
      const records = await loadRecords(tx, [...new Set([...owed, ...replies].map((d) => d.e))]);
      const rows: Delivery[] = owed.map(({ e, target }) => ({
        company_id: Number(target.company_id),
        integration_id: Number(target.id),
        event_id: e.event_id,
        msg_id: `msg_${e.event_id}_${target.id}`,
        payload: webhookPayload(e, records),
      }));
      for (const { e, target } of replies) {
        const payload = webhookPayload(e, records);
        const { customer } = payload.data;
        payload.data.customer = customer && { ...customer, external_id: target.external_id };
        rows.push({
          company_id: Number(target.company_id),
          integration_id: Number(target.integration_id),
          event_id: e.event_id,
          msg_id: `msg_${e.event_id}_${target.integration_id}`,
          payload,
        });
      }
      const added = await tx.execute<{ id: string; round: string }>(sql`
        insert into webhook_deliveries (company_id, integration_id, event_id, msg_id, payload)
        select company_id, integration_id, event_id, msg_id, payload
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
          as d(company_id int, integration_id int, event_id bigint, msg_id text, payload jsonb)
        on conflict do nothing returning id, created_at::text as round`);
      for (const d of added.rows) {
        await queueNext(tx, { id: Number(d.id), round: d.round, attempt: 1, afterSeconds: 0 });
      }
    },
  };
}

interface Delivery {
  company_id: number;
  integration_id: number;
  event_id: number;
  msg_id: string;
  payload: WebhookPayload;
}

interface ApiTarget extends Record<string, unknown> {
  conversation_id: number;
  integration_id: number;
  company_id: number;
  external_id: string | null;
}

/**
 * Replies in conversations that came in through an `api` integration go back to its `webhook_url`, signed
 * like any webhook and shaped as any `message.created` delivery, the customer also naming its id in the
 * outside system so that system knows where to deliver them.
 */
async function apiReplyTargets(tx: Tx, replies: InboxEvent[]) {
  if (replies.length === 0) return [];
  const res = await tx.execute<ApiTarget>(sql`
    select c.id as conversation_id, i.id as integration_id, i.company_id,
      (select substr(ci.value, length(i.id::text) + 2) from customer_identities ci
        where ci.company_id = c.company_id and ci.customer_id = c.customer_id and ci.kind = 'external'
          and ci.value like i.id::text || ':%' limit 1) as external_id
    from conversations c join integrations i on i.id = c.integration_id
    where c.id = any(${sql.param(replies.map((e) => e.conversation_id))}::int[])
      and i.type = 'api' and i.is_active and coalesce(i.settings->>'webhook_url', '') <> ''`);
  const byConversation = new Map(res.rows.map((r) => [Number(r.conversation_id), r]));
  return replies.flatMap((e) => {
    const target = byConversation.get(Number(e.conversation_id));
    return target ? [{ e, target }] : [];
  });
}
