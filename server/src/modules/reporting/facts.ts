import type { BusinessHours, InboxEvent } from '@inbox/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { workingSecondsBetween } from '../../lib/business-hours.ts';
import type { ConsumerSpec } from '../events/consumer.ts';
import { recountDeletedApps } from './app-deletion.ts';
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
  | 'assigned'
  // A satisfaction rating (contract section 14): `seconds` holds its score, the user who resolved is credited.
  | 'rated';

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
  'conversation.rated',
] as const;

export function reportingConsumer(): ConsumerSpec {
  return {
    name: REPORTING_CONSUMER,
    types: [...REPORTED_TYPES, 'app.deleted'],
    handle: async (tx, events) => {
      const deleted = events.filter((e) => e.type === 'app.deleted');
      await recordFacts(
        tx,
        events.filter((e) => e.type !== 'app.deleted'),
        { rollups: true },
      );
      // After the batch's facts (an app deleted since its events took them out): its days counted again.
      await recountDeletedApps(tx, deleted);
    },
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
 *
 * A recalculation passes `replace`: the facts these events already have are kept where they come out the
 * same, and only the others deleted and written again (most of a recalculation changes nothing, and an
 * insert costs far more than finding the row there); it answers the days facts were deleted from. It also
 * passes `rollups: false` and counts the days again once at its end.
 */
export async function recordFacts(
  tx: Tx,
  events: InboxEvent[],
  opts: { rollups: boolean; replace?: boolean },
): Promise<string[]> {
  const wanted = events.filter((e) => e.app_id !== null && e.conversation_id !== undefined);
  if (wanted.length === 0) return [];
  // Only starts, replies and resolutions need what is known of their conversation and their company's hours;
  // a batch of customer messages (the portal's traffic) reads nothing before writing.
  const timed = wanted.filter(
    (e) => e.type !== 'conversation.assigned' && e.type !== 'conversation.rated' && !isCustomerMessage(e),
  );
  const companies = new Map<number, Company>();
  let known = new Map<number, Known>();
  if (timed.length > 0) {
    const companyIds = [...new Set(timed.map((e) => e.company_id))];
    const res = await tx.execute<Company>(sql`
      select id, timezone, business_hours from companies where id = any(${sql.param(companyIds)}::int[])`);
    for (const c of res.rows) companies.set(Number(c.id), c);
    known = await knownConversations(
      tx,
      [...new Set(timed.map((e) => e.conversation_id!))],
      wanted.map((e) => e.event_id),
    );
  }
  const rows: { e: InboxEvent; fact: Fact }[] = [];
  for (const e of wanted) {
    for (const fact of factsOf(e, companies.get(e.company_id), known)) rows.push({ e, fact });
  }
  const facts = factsTable(rows);
  const replaced = opts.replace ? await deleteChanged(tx, wanted, facts) : [];
  const written = rows.length > 0 ? await insertFacts(tx, facts) : [];
  if (!opts.rollups) return replaced;
  const byCompany = new Map<number, NewFact[]>();
  for (const f of written) byCompany.set(f.companyId, [...(byCompany.get(f.companyId) ?? []), f]);
  for (const [companyId, facts] of byCompany) await addToRollups(tx, companyId, facts);
  return replaced;
}

/**
 * Starts and first responses already counted for these conversations by other events than the batch's own
 * (a batch handled again, or recalculated, finds its first response anew).
 */
async function knownConversations(tx: Tx, ids: number[], batch: number[]) {
  const res = await tx.execute<{ conversation_id: number; kind: string; at: string | Date }>(sql`
    select conversation_id, kind, at from report_facts
    where conversation_id = any(${sql.param(ids)}::int[]) and kind in ('conversation_created', 'first_response')
      and event_id <> all(${sql.param(batch)}::bigint[])`);
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
  if (e.type === 'conversation.rated') {
    const d = e.data as { rating?: { score?: number }; resolved_by_user_id?: number | null };
    const by = d.resolved_by_user_id == null ? null : Number(d.resolved_by_user_id);
    return [{ kind: 'rated', userId: by, seconds: Number(d.rating?.score) }];
  }
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
 * The batch's facts as a table for a `from` clause, with their company-local day; column arrays, not a row of
 * parameters per fact, so any batch is ten parameters (a recalculation's chunk of thousands of facts would
 * pass PostgreSQL's 65,535) and one plan serves every batch size. An app deleted since the event took its
 * numbers with it: its facts are left out.
 */
function factsTable(rows: { e: InboxEvent; fact: Fact }[]) {
  const col = <T>(pick: (r: { e: InboxEvent; fact: Fact }) => T) => sql.param(rows.map(pick));
  const state = (e: InboxEvent) => (e.data.conversation ?? {}) as ConversationState;
  return sql`(
    select v.company_id, v.app_id, v.queue_id, v.user_id, v.conversation_id, v.event_id, v.kind, v.at,
      (v.at at time zone c.timezone)::date as day, v.seconds, v.business_seconds
    from unnest(${col(({ e }) => e.company_id)}::int[], ${col(({ e }) => e.app_id)}::int[],
      ${col(({ e }) => state(e).queue_id ?? null)}::int[], ${col(({ fact }) => fact.userId)}::int[],
      ${col(({ e }) => e.conversation_id)}::int[], ${col(({ e }) => e.event_id)}::bigint[],
      ${col(({ fact }) => fact.kind)}::text[], ${col(({ e }) => e.created_ts)}::timestamptz[],
      ${col(({ fact }) => fact.seconds ?? null)}::int[], ${col(({ fact }) => fact.businessSeconds ?? null)}::int[])
      as v(company_id, app_id, queue_id, user_id, conversation_id, event_id, kind, at, seconds, business_seconds)
    join companies c on c.id = v.company_id
    where exists (select 1 from apps a where a.id = v.app_id and a.company_id = v.company_id))`;
}

/** Deletes the facts of these events that do not come out the same now; answers the days they were on. */
async function deleteChanged(tx: Tx, events: InboxEvent[], facts: SQL) {
  const res = await tx.execute<{ day: string }>(sql`
    delete from report_facts f
    where f.event_id = any(${sql.param(events.map((e) => e.event_id))}::bigint[])
      and not exists (select 1 from ${facts} n where n.event_id = f.event_id and n.kind = f.kind
        and n.company_id = f.company_id and n.app_id = f.app_id and n.conversation_id = f.conversation_id
        and n.queue_id is not distinct from f.queue_id and n.user_id is not distinct from f.user_id
        and n.at = f.at and n.day = f.day and n.seconds is not distinct from f.seconds
        and n.business_seconds is not distinct from f.business_seconds)
    returning to_char(f.day, 'YYYY-MM-DD') as day`);
  return [...new Set(res.rows.map((r) => r.day))];
}

/** One insert for the batch's facts; answers those it wrote (not those there already). */
async function insertFacts(tx: Tx, facts: SQL): Promise<(NewFact & { companyId: number })[]> {
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
    select * from ${facts} n
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
