import type { BusinessHours, InboxEvent } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { workingSecondsBetween } from '../../lib/business-hours.ts';
import type { ConsumerSpec } from '../events/consumer.ts';
import { addToRollups, type NewFact } from './increments.ts';

/**
 * The `reporting` consumer: turns events into `report_facts` (contract section 11, decision 028). Each fact
 * is keyed by (event, kind), so a batch repeated after a crash, or replayed by a rebuild, adds nothing.
 * Durations run from the conversation's `conversation_created` fact: a first response once per
 * conversation (a reopened conversation keeps its first), a resolution each time it is resolved.
 */
export const REPORTING_CONSUMER = 'reporting';

type Kind =
  | 'conversation_created'
  | 'message_received'
  | 'message_sent'
  | 'first_response'
  | 'resolved'
  | 'assigned';

interface Fact {
  kind: Kind;
  userId: number | null;
  seconds?: number;
  businessSeconds?: number;
}

interface Company extends Record<string, unknown> {
  id: number;
  timezone: string;
  business_hours: BusinessHours | null;
}

interface ConversationState {
  queue_id?: number | null;
  assigned_user_id?: number | null;
}

const asUser = (e: InboxEvent) => (e.actor.type === 'user' && e.actor.id != null ? Number(e.actor.id) : null);

export function reportingConsumer(): ConsumerSpec {
  return {
    name: REPORTING_CONSUMER,
    types: ['conversation.created', 'message.created', 'conversation.resolved', 'conversation.assigned'],
    handle: (tx, events) => recordFacts(tx, events),
  };
}

/** Writes the facts of these events, in order (a first response looks for the start written before it). */
export async function recordFacts(tx: Tx, events: InboxEvent[]) {
  if (events.length === 0) return;
  const ids = [...new Set(events.map((e) => e.company_id))];
  const res = await tx.execute<Company>(sql`
    select id, timezone, business_hours from companies where id = any(${sql.param(ids)}::int[])`);
  const companies = new Map(res.rows.map((c) => [Number(c.id), c]));
  const written = new Map<number, NewFact[]>();
  for (const e of events) {
    const company = companies.get(e.company_id);
    if (!company || e.app_id === null || e.conversation_id === undefined) continue;
    for (const fact of await factsOf(tx, e, company)) {
      const day = await insertFact(tx, e, company, fact);
      if (!day) continue;
      const state = (e.data.conversation ?? {}) as ConversationState;
      const list = written.get(e.company_id) ?? [];
      list.push({
        day,
        appId: e.app_id,
        queueId: state.queue_id ?? null,
        userId: fact.userId,
        kind: fact.kind,
        seconds: fact.seconds ?? null,
        businessSeconds: fact.businessSeconds ?? null,
      });
      written.set(e.company_id, list);
    }
  }
  for (const [companyId, facts] of written) await addToRollups(tx, companyId, facts);
}

/** Whoever holds the conversation when the customer acts: "its" conversations and messages, for one agent. */
const holder = (e: InboxEvent) => {
  const id = (e.data.conversation as ConversationState | undefined)?.assigned_user_id;
  return id == null ? null : Number(id);
};

async function factsOf(tx: Tx, e: InboxEvent, company: Company): Promise<Fact[]> {
  if (e.type === 'conversation.created') return [{ kind: 'conversation_created', userId: holder(e) }];
  if (e.type === 'conversation.assigned') {
    const to = (e.data as { to?: number | null }).to;
    return to == null ? [] : [{ kind: 'assigned', userId: Number(to) }];
  }
  const at = new Date(e.created_ts);
  if (e.type === 'conversation.resolved') {
    const started = await startOf(tx, e.conversation_id!);
    return [{ kind: 'resolved', userId: asUser(e), ...durations(company, started, at) }];
  }
  const m = e.data.message as { sender_type?: string; sender_user_id?: number | null; is_private?: boolean };
  if (m?.sender_type === 'customer') return [{ kind: 'message_received', userId: holder(e) }];
  if (m?.sender_type !== 'agent' || m.is_private) return [];
  const replier = m.sender_user_id == null ? null : Number(m.sender_user_id);
  const out: Fact[] = [{ kind: 'message_sent', userId: replier }];
  const first = await tx.execute(sql`
    select 1 from report_facts where conversation_id = ${e.conversation_id} and kind = 'first_response'`);
  if (first.rows.length === 0) {
    const started = await startOf(tx, e.conversation_id!);
    if (started) out.push({ kind: 'first_response', userId: replier, ...durations(company, started, at) });
  }
  return out;
}

/** When the conversation started, from its own fact (null when its start is older than the event log). */
async function startOf(tx: Tx, conversationId: number): Promise<Date | null> {
  const res = await tx.execute<{ at: string | Date }>(sql`
    select at from report_facts where conversation_id = ${conversationId} and kind = 'conversation_created'`);
  return res.rows[0] ? new Date(res.rows[0].at) : null;
}

function durations(company: Company, from: Date | null, to: Date) {
  if (!from) return {};
  return {
    seconds: Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)),
    businessSeconds: Math.round(workingSecondsBetween(company.business_hours, company.timezone, from, to)),
  };
}

/** The day of the fact when it was written (nothing when it was there already, or its app is gone). */
async function insertFact(tx: Tx, e: InboxEvent, company: Company, f: Fact): Promise<string | null> {
  const state = (e.data.conversation ?? {}) as ConversationState;
  const res = await tx.execute<{ day: string }>(sql`
    insert into report_facts (company_id, app_id, queue_id, user_id, conversation_id, event_id, kind, at, day,
      seconds, business_seconds)
    select ${e.company_id}, ${e.app_id}, ${state.queue_id ?? null}::int, ${f.userId}::int, ${e.conversation_id},
      ${e.event_id}, ${f.kind}, ${e.created_ts}::timestamptz,
      (${e.created_ts}::timestamptz at time zone ${company.timezone})::date,
      ${f.seconds ?? null}::int, ${f.businessSeconds ?? null}::int
    -- An app deleted since the event took its numbers with it (as deleting it now would).
    where exists (select 1 from apps where id = ${e.app_id} and company_id = ${e.company_id})
    on conflict do nothing
    returning to_char(day, 'YYYY-MM-DD') as day`);
  return res.rows[0]?.day ?? null;
}
