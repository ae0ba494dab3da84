/**
 * One large company for the inbox benchmark (issue 4): by default 100,000 conversations and 2,000,000
 * messages, written by a few `INSERT ... SELECT generate_series` statements on PostgreSQL (about a minute
 * instead of the hours row-by-row inserts would take). The company, apps, queues and agents come from the
 * portal benchmark's `createTenants`; the rest follows the product's invariants: per-company numbers,
 * message ids growing with time inside a conversation, first reply, waiting and resolution times, and
 * statuses that agree with who spoke last.
 */
import pg from 'pg';
import type { Db } from '../server/src/db/client.ts';
import { peopleOf } from './lib/fresh-database.ts';
import { seededRandom } from './lib/random.ts';
import { BENCH_PASSWORD, createTenants } from './lib/tenants.ts';

export interface InboxDataOptions {
  seed: number;
  conversations: number;
  messagesPerConversation: number;
  customers: number;
  agents: number;
}

export const INBOX_DEFAULTS: InboxDataOptions = {
  seed: 1,
  conversations: 100_000,
  messagesPerConversation: 20,
  customers: 30_000,
  agents: 20,
};

export interface InboxData {
  companyId: number;
  appIds: number[];
  queueIds: number[];
  /** A company admin (sees everything) and an agent of one app, member of one queue, with a private queue beside. */
  admin: { userId: number; email: string; name: string };
  agent: { userId: number; email: string; name: string };
  password: string;
  /** An order number written in a few messages: what an agent pastes into the search box. */
  orderNumber: string;
  /** A last name many customers share: a broad search. */
  commonName: string;
  /** One customer's whole email address, and their phone written otherwise than it is stored. */
  customerEmail: string;
  customerPhone: string;
  /** Labels on a tenth (Billing) and a hundredth (VIP) of the conversations. */
  labels: { billing: number; vip: number };
  counts: Record<string, number>;
  seconds: number;
}

const FIRST = [
  'Ada',
  'Ben',
  'Chloe',
  'Dev',
  'Elif',
  'Femi',
  'Gita',
  'Hugo',
  'Ines',
  'Jon',
  'Kai',
  'Lena',
  'Mona',
  'Nils',
];
const LAST = [
  'Moreau',
  'Novak',
  'Okafor',
  'Park',
  'Quinn',
  'Rossi',
  'Silva',
  'Tanaka',
  'Umar',
  'Vogel',
  'Weber',
  'Young',
];
const CUSTOMER_LINES = [
  'Hi, my order #{n} has not arrived yet. Can you check where it is?',
  'I was charged twice for invoice #{n}, please refund one of the payments.',
  'The tracking link for parcel #{n} shows no update since Monday.',
  'Can I change the delivery address for order #{n}? I moved last week.',
  'Thanks, that worked. One more question about the warranty of #{n}, though.',
  'The item from order #{n} arrived damaged; the box was crushed.',
  'Is there a discount for yearly billing? My account is #{n}.',
  'I still cannot log in after resetting my password (account #{n}).',
];
const AGENT_LINES = [
  'Thanks for reaching out! Let me look into order #{n} for you.',
  'I can see payment #{n} twice; the duplicate is refunded within 5 business days.',
  'The carrier confirms parcel #{n} is in the local depot and arrives tomorrow.',
  'Done: the address of order #{n} is updated. You will receive a new confirmation mail.',
  'Sorry about that! A replacement for #{n} is on its way, no need to send the item back.',
  'Could you tell me the email address you used for account #{n}?',
];
const NOTE_LINES = [
  'Checked with billing, refund approved for #{n}.',
  'VIP customer, handle #{n} with care.',
];

/** A word of one customer line in eight, an agent line and a note: a search of message text that matches most conversations. */
export const COMMON_WORD = 'refund';

const sqlArray = (items: string[]) => `array[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(', ')}]`;
/** A deterministic pseudo-random integer in [0, mod) from an integer expression and the seed. */
const rnd = (expr: string, seed: number, mod: number) =>
  `((hashint4((${expr}) + ${seed * 7919}) & 2147483647) % ${mod})`;

export async function generateInbox(
  db: Db,
  url: string,
  options: Partial<InboxDataOptions> = {},
): Promise<InboxData> {
  const o = { ...INBOX_DEFAULTS, ...options };
  const started = Date.now();
  const [tenant] = await createTenants(
    db,
    { seed: o.seed, companies: 1, appsPerCompany: 2, queuesPerApp: 3, agentsPerCompany: o.agents },
    seededRandom(o.seed),
  );
  const t = tenant!;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  try {
    const appIds = t.apps.map((a) => a.appId);
    const queueIds = t.apps.flatMap((a) => a.queueIds);
    const agentIds = t.agents.map((a) => a.userId);
    const [adminId, agentId] = agentIds as [number, number];
    // The measured agent: an agent of the first app only, member of its first queue; its third queue private.
    await q('delete from app_members where user_id = $1 and app_id <> $2', [agentId, appIds[0]]);
    await q('delete from queue_members where user_id = $1 and queue_id <> $2', [agentId, queueIds[0]]);
    await q('update queues set is_private = true where id = $1', [queueIds[2]]);

    // Bulk load: foreign keys were checked by construction, and indexes are built once at the end.
    try {
      await q("set session_replication_role = 'replica'");
    } catch {
      // Not a superuser: the load stays correct, only slower.
    }
    const indexes = (
      await q(
        // Indexes that back a constraint (primary keys, the composite (company_id, id) keys of migration
        // 0005 that foreign keys point at) stay.
        `select i.indexname, i.indexdef from pg_indexes i where i.schemaname = 'public'
         and i.tablename in ('messages', 'conversations', 'customers')
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
      )
    ).rows as { indexname: string; indexdef: string }[];
    for (const i of indexes) await q(`drop index "${i.indexname}"`);

    const N = o.conversations;
    const C = o.customers;
    await q(
      // Two customers in three have a phone: one as the customer editor keeps it (E.164), one as a visitor
      // typed it into the portal (national, with a space); the digits are random, as real numbers are.
      `insert into customers (company_id, name, email, phone, created_at, last_seen_at)
       select $1, (${sqlArray(FIRST)})[1 + ${rnd('g', o.seed, FIRST.length)}] || ' ' ||
                  (${sqlArray(LAST)})[1 + ${rnd('g * 3', o.seed, LAST.length)}],
              'customer' || g || '@customers.bench.test',
              case g % 3 when 1 then '+447' || d when 2 then '07' || substr(d, 1, 3) || ' ' || substr(d, 4) end,
              now() - interval '2 years', now()
       from generate_series(1, $2::int) g,
         lateral (select lpad(${rnd('g * 7', o.seed, 1_000_000_000)}::text, 9, '0') as d) digits`,
      [t.companyId, C],
    );
    const { rows: cr } = await q(
      'select min(id)::int as lo, max(id)::int as hi from customers where company_id = $1',
      [t.companyId],
    );
    const lo = cr[0].lo as number;
    if (cr[0].hi - lo + 1 !== C) throw new Error('customer ids are not contiguous');

    // Recent conversations are the live part of the inbox; older ones are mostly resolved or closed.
    const live = Math.max(1, Math.round(N * 0.03));
    const span = 2 * 365 * 86400;
    await q(
      `insert into conversations (company_id, app_id, queue_id, customer_id, assigned_user_id, number, channel,
         status, created_at, first_reply_at, waiting_since, last_activity_at, resolved_at, priority)
       select $1, x.app_id, x.queue_id, x.customer_id,
         case when x.status = 'open' and x.r % 5 < 2 then null else x.assignee end,
         x.g, x.channel, x.status, x.created_at,
         x.created_at + (x.last_at - x.created_at) / ${o.messagesPerConversation - 1},
         case when x.status = 'open' then x.created_at + (x.last_at - x.created_at) * ${o.messagesPerConversation - 2} / ${o.messagesPerConversation - 1} end,
         x.last_at,
         case when x.status = 'resolved' then x.last_at end,
         -- Issue 44: a twentieth urgent, a tenth high, a fifth medium, a tenth low, the rest none.
         (array[1,2,2,3,3,3,3,4,4]::smallint[])[1 + ${rnd('g * 19', o.seed, 20)}]
       from (
         select g, r, created_at, least(now(), created_at + make_interval(secs => ${rnd('g * 5', o.seed, 72 * 3600)})) as last_at,
           (${`array[${appIds.flatMap((a, i) => t.apps[i]!.queueIds.map(() => a)).join(',')}]`})[1 + g % ${queueIds.length}] as app_id,
           (array[${queueIds.join(',')}])[1 + g % ${queueIds.length}] as queue_id,
           ${lo} + ${rnd('g * 7', o.seed, C)} as customer_id,
           (array[${agentIds.join(',')}])[1 + ${rnd('g * 11', o.seed, agentIds.length)}] as assignee,
           (array['portal','portal','portal','email','web','whatsapp','sms','facebook'])[1 + ${rnd('g * 13', o.seed, 8)}] as channel,
           case when g > $2::int - ${live} then
             case when r < 45 then 'open' when r < 80 then 'pending' when r < 95 then 'resolved' else 'closed' end
           else
             case when r < 1 then 'open' when r < 2 then 'pending' when r < 86 then 'resolved' else 'closed' end
           end as status
         from (
           select g, ${rnd('g * 17', o.seed, 100)} as r,
             now() - make_interval(secs => ($2::int - g)::double precision * ${span} / $2::int + 600) as created_at
           from generate_series(1, $2::int) g
         ) base
       ) x`,
      [t.companyId, N],
    );
    await q('update companies set last_conversation_number = $2 where id = $1', [t.companyId, N]);
    await q(
      `insert into customer_apps (customer_id, app_id, company_id)
       select distinct customer_id, app_id, company_id from conversations where company_id = $1`,
      [t.companyId],
    );

    // Issue 44's labels: Billing on a tenth of the conversations, VIP on a hundredth (the label filter).
    const { rows: made } = await q(
      `insert into labels (company_id, name, color) values ($1, 'Billing', '#2563eb'), ($1, 'VIP', '#dc2626')
       returning id`,
      [t.companyId],
    );
    const [billingId, vipId] = made.map((r: { id: number }) => r.id) as [number, number];
    await q(
      `insert into conversation_labels (company_id, conversation_id, label_id)
       select c.company_id, c.id, l.id from conversations c
       cross join lateral (select $2::int as id where ${rnd('c.id * 23', o.seed, 10)} = 0
         union all select $3::int where ${rnd('c.id * 29', o.seed, 100)} = 0) l
       where c.company_id = $1`,
      [t.companyId, billingId, vipId],
    );

    // Issue 45's service levels: urgent and high conversations under a tight policy, the rest under a
    // standard one, with the due times the SLA consumer would have written (every conversation here has
    // its first reply; an open one waits for its next response; a resolved or closed one runs no clock).
    const { rows: policies } = await q(
      `insert into sla_policies (company_id, name, position, first_response_minutes, next_response_minutes,
         resolution_minutes, conditions)
       values ($1, 'Priority', 1, 60, 120, 1440, '{"app_ids":[],"queue_ids":[],"priorities":["urgent","high"],"label_ids":[]}'),
         ($1, 'Standard', 2, 240, 480, 4320, '{"app_ids":[],"queue_ids":[],"priorities":[],"label_ids":[]}')
       returning id, next_response_minutes as next, resolution_minutes as res`,
      [t.companyId],
    );
    const [tight, standard] = policies as { id: number; next: number; res: number }[];
    await q(
      `update conversations c set sla_policy_id = p.id,
         sla_next_response_due_at = case when c.status not in ('resolved', 'closed') and c.waiting_since is not null
           then c.waiting_since + make_interval(mins => p.next) end,
         sla_resolution_due_at = case when c.status not in ('resolved', 'closed')
           then c.created_at + make_interval(mins => p.res) end
       from (select $2::int as id, $3::int as next, $4::int as res, true as tight
             union all select $5::int, $6::int, $7::int, false) p
       where c.company_id = $1 and (c.priority is not null and c.priority <= 2) = p.tight`,
      [t.companyId, tight!.id, tight!.next, tight!.res, standard!.id, standard!.next, standard!.res],
    );
    await q(
      `update conversations set sla_due_at = least(sla_next_response_due_at, sla_resolution_due_at),
         sla_breached = case when sla_resolution_due_at < now() then array['resolution'] else '{}' end
       where company_id = $1 and sla_resolution_due_at is not null`,
      [t.companyId],
    );

    // Messages in (conversation, position) order, so ids grow with time inside each conversation. Odd
    // positions are the customer's, even ones an agent's; the middle one is an internal note; an open
    // conversation ends with the customer, a pending one with an agent.
    const M = o.messagesPerConversation;
    const line = (lines: string[], k: string) =>
      `replace((${sqlArray(lines)})[1 + ${rnd(`c.id * 31 + ${k}`, o.seed, lines.length)}], '{n}', (10000 + ${rnd(`c.id * ${M} + ${k}`, o.seed, 90000)})::text)`;
    await q(
      `insert into messages (company_id, conversation_id, sender_type, sender_user_id, content, is_private, created_at)
       select c.company_id, c.id, s.sender_type,
         case when s.sender_type = 'agent' then coalesce(c.assigned_user_id, (array[${agentIds.join(',')}])[1 + c.id % ${agentIds.length}]) end,
         case when s.is_private then ${line(NOTE_LINES, 'k')}
              when s.sender_type = 'customer' then ${line(CUSTOMER_LINES, 'k')}
              else ${line(AGENT_LINES, 'k')} end,
         s.is_private,
         c.created_at + (c.last_activity_at - c.created_at) * (k - 1) / ${M - 1}
       from conversations c
       cross join generate_series(1, ${M}) k
       cross join lateral (
         select case when k % 2 = 1 or (c.status = 'open' and k = ${M}) then 'customer' else 'agent' end as sender_type,
                k = ${M / 2} and k % 2 = 0 as is_private
       ) s
       where c.company_id = $1
       order by c.id, k`,
      [t.companyId],
    );
    await q('reset session_replication_role').catch(() => undefined);
    await q("set maintenance_work_mem = '256MB'");
    for (const i of indexes) await q(i.indexdef);

    // Read markers: the two measured users have read a third of the conversations to the end.
    await q(
      `insert into conversation_reads (conversation_id, user_id, company_id, last_read_message_id)
       select c.id, u.id, c.company_id, (select max(m.id) from messages m where m.conversation_id = c.id)
       from conversations c cross join (values ($2::int), ($3::int)) u(id)
       where c.company_id = $1 and ${rnd('c.id * 19', o.seed, 3)} = 0`,
      [t.companyId, adminId, agentId],
    );
    // The bulk load ran with triggers off (the replica role above), so the company's conversation groups
    // are counted here, as migration 0023 counted the conversations it found.
    await q('delete from conversation_count_changes where company_id = $1', [t.companyId]);
    await q('delete from conversation_counts where company_id = $1', [t.companyId]);
    await q(
      `insert into conversation_counts (company_id, app_id, queue_id, assigned_user_id, status, n)
       select company_id, app_id, queue_id, assigned_user_id, status, count(*) from conversations
       where company_id = $1 group by company_id, app_id, queue_id, assigned_user_id, status`,
      [t.companyId],
    );
    // And the label triggers: each conversation's label ids and the per-label groups are filled here, by the
    // statements of migration 0039 (decision 056), or the label filter would find nothing.
    await q(
      `update conversations c set label_ids = s.ids
       from (select conversation_id, array_agg(label_id order by label_id) as ids from conversation_labels
         where company_id = $1 group by conversation_id) s
       where c.id = s.conversation_id`,
      [t.companyId],
    );
    await q('delete from conversation_label_count_changes where company_id = $1', [t.companyId]);
    await q('delete from conversation_label_counts where company_id = $1', [t.companyId]);
    await q(
      `insert into conversation_label_counts (company_id, label_id, app_id, queue_id, assigned_user_id, status, n)
       select c.company_id, l.id, c.app_id, c.queue_id, c.assigned_user_id, c.status, count(*)
       from conversations c cross join unnest(c.label_ids) as l(id)
       where c.company_id = $1
       group by c.company_id, l.id, c.app_id, c.queue_id, c.assigned_user_id, c.status`,
      [t.companyId],
    );
    // The same load skipped the customers' terms trigger, so their search terms are filled here, by the
    // statement migration 0025 fills them with (decision 035).
    await q(
      `insert into customer_terms (company_id, term, customer_id)
       select c.company_id, t, c.id from customers c, customer_terms_of(c.name, c.email) as t
       where c.company_id = $1`,
      [t.companyId],
    );
    await q(
      'vacuum analyze customers, customer_terms, customer_apps, conversations, conversation_labels, messages, conversation_reads, conversation_counts',
    );

    const { rows: newest } = await q(
      `select substring(m.content from '#([0-9]+)') as n from messages m
       where m.conversation_id = (select max(id) from conversations where company_id = $1) and m.content like '%#%'
       order by m.id limit 1`,
      [t.companyId],
    );
    // The customer of the latest conversation with an international phone: the bench searches their email as
    // it is and their phone as an agent would type it from a call, nationally with spaces (07xxx xxxxxx).
    const { rows: caller } = await q(
      `select cu.email, cu.phone from conversations c join customers cu on cu.id = c.customer_id
       where c.company_id = $1 and cu.phone like '+44%' order by c.id desc limit 1`,
      [t.companyId],
    );
    const phone = String(caller[0]?.phone ?? '+447000000000');
    const counts = Object.fromEntries(
      (
        await q(
          `select 'conversations' as k, count(*)::int as n from conversations where company_id = $1
           union all select 'messages', count(*)::int from messages where company_id = $1
           union all select 'customers', count(*)::int from customers where company_id = $1
           union all select 'status ' || status, count(*)::int from conversations where company_id = $1 group by status
           union all select 'open unassigned', count(*)::int from conversations
             where company_id = $1 and status = 'open' and assigned_user_id is null
           union all select 'label ' || l.name, count(*)::int from conversation_labels cl
             join labels l on l.id = cl.label_id where cl.company_id = $1 group by l.name`,
          [t.companyId],
        )
      ).rows.map((r: { k: string; n: number }) => [r.k, r.n]),
    );
    const person = await peopleOf(q, [adminId, agentId]);
    return {
      companyId: t.companyId,
      appIds,
      queueIds,
      admin: person(adminId),
      agent: person(agentId),
      password: BENCH_PASSWORD,
      orderNumber: newest[0]?.n ?? '10000',
      commonName: LAST[0]!,
      customerEmail: String(caller[0]?.email ?? 'customer1@customers.bench.test'),
      customerPhone: `0${phone.slice(3, 7)} ${phone.slice(7)}`,
      labels: { billing: billingId, vip: vipId },
      counts,
      seconds: Math.round((Date.now() - started) / 100) / 10,
    };
  } finally {
    await client.end();
  }
}
