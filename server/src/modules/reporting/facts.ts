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

/** The events facts come from. */
export const REPORTED_TYPES = [
  'conversation.created',
  'message.created',
  'conversation.resolved',
  'conversation.assigned',
] as const;

export function reportingConsumer(): ConsumerSpec {
  return {
    name: REPORTING_CONSUMER,
    types: REPORTED_TYPES,
    handle: (tx, events) => recordFacts(tx, events, { rollups: true }),
  };
}

/** What the batch needs to know of each conversation: when it started, and whether it has a first response. */
interface Known {
  started: Date | null;
  answered: boolean;
}

/**
 * Writes the facts of these events in a few statements whatever the batch's size (one read of what is known
 * of their conversations, one insert, one rollup upsert): the consumer runs beside every send, so its cost
 * per event must stay small. Events are taken in order, so a start and a reply in one batch find each other.
 * A recalculation passes `rollups: false` and counts the days again once at its end.
 */
export async function recordFacts(tx: Tx, events: InboxEvent[], opts: { rollups: boolean }) {
  const wanted = events.filter((e) => e.app_id !== null && e.conversation_id !== undefined);
  if (wanted.length === 0) return;
  // Only starts, replies and resolutions need what is known of their conversation and their company's hours;
  // a batch of customer messages (the portal's traffic) reads nothing before writing.
  const timed = wanted.filter((e) => e.type !== 'conversation.assigned' && !isCustomerMessage(e));
  const companies = new Map<number, Company>();
  let known = new Map<number, Known>();
  if (timed.length > 0) {
    const companyIds = [...new Set(timed.map((e) => e.company_id))];
    const res = await tx.execute<Company>(sql`
      select id, timezone, business_hours from companies where id = any(${sql.param(companyIds)}::int[])`);
    for (const c of res.rows) companies.set(Number(c.id), c);
    known = await knownConversations(tx, [...new Set(timed.map((e) => e.conversation_id!))]);
  }
  const rows: { e: InboxEvent; fact: Fact }[] = [];
  for (const e of wanted) {
    for (const fact of factsOf(e, companies.get(e.company_id), known)) rows.push({ e, fact });
  }
  const written = await insertFacts(tx, rows);
  if (!opts.rollups) return;
  const byCompany = new Map<number, NewFact[]>();
  for (const f of written) byCompany.set(f.companyId, [...(byCompany.get(f.companyId) ?? []), f]);
  for (const [companyId, facts] of byCompany) await addToRollups(tx, companyId, facts);
}

/** Starts and first responses already counted for these conversations. */
async function knownConversations(tx: Tx, ids: number[]) {
  const res = await tx.execute<{ conversation_id: number; kind: string; at: string | Date }>(sql`
    select conversation_id, kind, at from report_facts
    where conversation_id = any(${sql.param(ids)}::int[]) and kind in ('conversation_created', 'first_response')`);
  const known = new Map<number, Known>(ids.map((id) => [id, { started: null, answered: false }]));
  for (const r of res.rows) {
    const k = known.get(Number(r.conversation_id))!;
    if (r.kind === 'conversation_created') k.started = new Date(r.at);
    else k.answered = true;
  }
  return known;
}

/** Whoever holds the conversation when the customer acts: "its" conversations and messages, for one agent. */
const holder = (e: InboxEvent) => {
  const id = (e.data.conversation as ConversationState | undefined)?.assigned_user_id;
  return id == null ? null : Number(id);
};

const isCustomerMessage = (e: InboxEvent) =>
  e.type === 'message.created' &&
  (e.data.message as { sender_type?: string } | undefined)?.sender_type === 'customer';

function factsOf(e: InboxEvent, company: Company | undefined, known: Map<number, Known>): Fact[] {
  if (e.type === 'conversation.assigned') {
    const to = (e.data as { to?: number | null }).to;
    return to == null ? [] : [{ kind: 'assigned', userId: Number(to) }];
  }
  if (isCustomerMessage(e)) return [{ kind: 'message_received', userId: holder(e) }];
  const k = known.get(e.conversation_id!);
  // A company deleted since the event: nothing to count for it.
  if (!company || !k) return [];
  const at = new Date(e.created_ts);
  if (e.type === 'conversation.created') {
    k.started ??= at;
    return [{ kind: 'conversation_created', userId: holder(e) }];
  }
  if (e.type === 'conversation.resolved') {
    return [{ kind: 'resolved', userId: asUser(e), ...durations(company, k.started, at) }];
  }
  const m = e.data.message as { sender_type?: string; sender_user_id?: number | null; is_private?: boolean };
  if (m?.sender_type !== 'agent' || m.is_private) return [];
  const replier = m.sender_user_id == null ? null : Number(m.sender_user_id);
  const out: Fact[] = [{ kind: 'message_sent', userId: replier }];
  if (!k.answered && k.started) {
    k.answered = true;
    out.push({ kind: 'first_response', userId: replier, ...durations(company, k.started, at) });
  }
  return out;
}

function durations(company: Company, from: Date | null, to: Date) {
  if (!from) return {};
  return {
    seconds: Math.max(0, Math.round((to.getTime() - from.getTime()) / 1000)),
    businessSeconds: Math.round(workingSecondsBetween(company.business_hours, company.timezone, from, to)),
  };
}

/**
 * One insert for the batch's facts; answers those it wrote (not those there already, nor those of an app
 * deleted since the event, which took its numbers with it) with their company-local day.
 */
async function insertFacts(
  tx: Tx,
  rows: { e: InboxEvent; fact: Fact }[],
): Promise<(NewFact & { companyId: number })[]> {
  if (rows.length === 0) return [];
  const values = rows.map(({ e, fact: f }) => {
    const state = (e.data.conversation ?? {}) as ConversationState;
    return sql`(${e.company_id}::int, ${e.app_id}::int, ${state.queue_id ?? null}::int, ${f.userId}::int,
      ${e.conversation_id}::int, ${e.event_id}::bigint, ${f.kind}::text, ${e.created_ts}::timestamptz,
      ${f.seconds ?? null}::int, ${f.businessSeconds ?? null}::int)`;
  });
  const res = await tx.execute<{
    company_id: number;
    app_id: number;
    queue_id: number | null;
    user_id: number | null;
    kind: string;
    day: string;
    seconds: number | null;
    business_seconds: number | null;
  }>(sql`
    insert into report_facts (company_id, app_id, queue_id, user_id, conversation_id, event_id, kind, at, day,
      seconds, business_seconds)
    select v.column1, v.column2, v.column3, v.column4, v.column5, v.column6, v.column7, v.column8,
      (v.column8 at time zone c.timezone)::date, v.column9, v.column10
    from (values ${sql.join(values, sql`, `)}) v join companies c on c.id = v.column1
    where exists (select 1 from apps a where a.id = v.column2 and a.company_id = v.column1)
    on conflict do nothing
    returning company_id, app_id, queue_id, user_id, kind, to_char(day, 'YYYY-MM-DD') as day, seconds, business_seconds`);
  return res.rows.map((r) => ({
    companyId: Number(r.company_id),
    day: r.day,
    appId: Number(r.app_id),
    queueId: r.queue_id === null ? null : Number(r.queue_id),
    userId: r.user_id === null ? null : Number(r.user_id),
    kind: r.kind,
    seconds: r.seconds === null ? null : Number(r.seconds),
    businessSeconds: r.business_seconds === null ? null : Number(r.business_seconds),
  }));
}
