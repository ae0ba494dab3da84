/**
 * Reporting on a large company (issue 12): one company with 1,000,000 conversations over a year, its
 * reporting facts and daily rollups. Measures `GET /reporting/overview`, `/charts` and `/agent-performance`
 * through the product (one client, and ten at once) for 30 days and for the whole year; the same overview
 * computed straight from the raw tables (conversations and messages) on one `pg` connection; and rebuilding
 * the year's rollups from the facts.
 *
 *   cd server && npx tsx ../bench/reporting.ts
 *
 * Knobs: BENCH_PG_URL, BENCH_PORT, BENCH_REPORT_CONVERSATIONS (1000000), BENCH_REPORTING_REUSE=1.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { refreshDays } from '../server/src/modules/reporting/rollups.ts';
import { freshTenantDatabase } from './lib/fresh-database.ts';
import { aloneAndTen } from './lib/load.ts';
import { machineInfo } from './lib/machine.ts';
import { benchDataset, consoleHeaders, onProduct, writeResults } from './lib/product.ts';
import { writeBenchSection } from './lib/sections.ts';
import { readSettings } from './lib/settings.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const s = readSettings(env);
const dataset = benchDataset('reporting');
const COUNT = Number(env.BENCH_REPORT_CONVERSATIONS || 1_000_000);
/** The product's default event retention: the log holds this many days, older days only their facts. */
const RETENTION_DAYS = 30;

interface Data {
  companyId: number;
  adminEmail: string;
  today: string;
  counts: Record<string, number>;
  rollupSeconds: number;
}

/**
 * A year of work in one UTC company: conversations spread over 365 days, each with a customer message and
 * an agent reply (first response 1 to 120 minutes later), four in five resolved within two days, assigned
 * to one of twenty agents. Facts are written as the reporting consumer writes them, then the rollups are
 * rebuilt from them day by day (timed: the rollup half of a full-year recalculation).
 */
async function generate(): Promise<Data> {
  const tenant = { appsPerCompany: 10, queuesPerApp: 1, agentsPerCompany: 20 };
  return freshTenantDatabase({ ...dataset, seed: 12, tenant }, async ({ db, tenant: t, q }) => {
    const company = t.companyId;
    await q(`update companies set timezone = 'UTC', business_hours = null where id = $1`, [company]);
    const appIds = t.apps.map((a) => a.appId);
    const queueIds = t.apps.map((a) => a.queueIds[0]);
    const agents = t.agents.map((a) => a.userId);
    const list = (xs: unknown[]) => `(array[${xs.join(',')}])`;
    console.log('reporting bench: customers and conversations...');
    await q(
      `insert into customers (company_id, name, email, created_at, updated_at)
         select $1, 'Customer ' || g, 'c' || g || '@bench.test', now(), now() from generate_series(1, $2::int) g`,
      [company, Math.ceil(COUNT / 4)],
    );
    await q(
      `insert into conversations (company_id, app_id, queue_id, customer_id, assigned_user_id, number, channel,
           status, created_at, first_reply_at, resolved_at, last_activity_at)
         select $1, ${list(appIds)}[1 + g % 10], ${list(queueIds)}[1 + g % 10],
           (select min(id) from customers) + g % $3::int, ${list(agents)}[1 + (g / 7) % 20], g, 'portal',
           case when g % 5 = 0 then 'open' else 'resolved' end, at, at + make_interval(secs => 60 + (g::bigint * 7919) % 7140),
           case when g % 5 = 0 then null else at + make_interval(secs => 600 + (g::bigint * 104729) % 172800) end, at
         from (select g, date_trunc('day', now()) - make_interval(days => g % 365) + make_interval(secs => (g * 31) % 86400) as at
               from generate_series(1, $2::int) g) x`,
      [company, COUNT, Math.ceil(COUNT / 4)],
    );
    console.log('reporting bench: messages...');
    await q(
      `insert into messages (company_id, conversation_id, sender_type, sender_user_id, content, created_at)
         select company_id, id, 'customer', null, 'Where is my order?', created_at from conversations
         union all
         select company_id, id, 'agent', assigned_user_id, 'On its way.', first_reply_at from conversations`,
    );
    console.log('reporting bench: facts...');
    const fact = (kind: string, user: string, at: string, seconds: string, offset: number, where = 'true') =>
      q(`insert into report_facts (company_id, app_id, queue_id, user_id, conversation_id, event_id, kind, at, day,
             seconds, business_seconds)
           select company_id, app_id, queue_id, ${user}, id, ${offset} + id, '${kind}', ${at}, (${at})::date,
             ${seconds}, ${seconds}
           from conversations where ${where}`);
    await fact('conversation_created', 'null', 'created_at', 'null', 0);
    await fact('message_received', 'assigned_user_id', 'created_at', 'null', 10_000_000);
    await fact('message_sent', 'assigned_user_id', 'first_reply_at', 'null', 20_000_000);
    // The agent's reply is one event with two facts, as the consumer writes them.
    await fact(
      'first_response',
      'assigned_user_id',
      'first_reply_at',
      'extract(epoch from first_reply_at - created_at)::int',
      20_000_000,
    );
    await fact('assigned', 'assigned_user_id', 'first_reply_at', 'null', 40_000_000);
    await fact(
      'resolved',
      'assigned_user_id',
      'resolved_at',
      'extract(epoch from resolved_at - created_at)::int',
      50_000_000,
      'resolved_at is not null',
    );
    console.log(`reporting bench: the event log's last ${RETENTION_DAYS} days...`);
    const event = (offset: number, type: string, at: string, actor: string, data: string, where = 'true') =>
      q(`insert into events (event_id, type, company_id, app_id, conversation_id, customer_id, actor_type,
             actor_id, data, created_at)
           select ${offset} + id, '${type}', company_id, app_id, id, customer_id, ${actor}, ${data}, ${at}
           from conversations where ${at} >= now() - make_interval(days => ${RETENTION_DAYS}) and ${where}`);
    const state = (assignee: string) =>
      `'conversation', jsonb_build_object('queue_id', queue_id, 'assigned_user_id', ${assignee})`;
    await event(
      0,
      'conversation.created',
      'created_at',
      `'customer', customer_id`,
      `jsonb_build_object(${state('null')})`,
    );
    await event(
      10_000_000,
      'message.created',
      'created_at',
      `'customer', customer_id`,
      `jsonb_build_object(${state('assigned_user_id')}, 'message', jsonb_build_object('sender_type', 'customer'))`,
    );
    await event(
      20_000_000,
      'message.created',
      'first_reply_at',
      `'user', assigned_user_id`,
      `jsonb_build_object(${state('assigned_user_id')}, 'message', jsonb_build_object('sender_type', 'agent',
           'sender_user_id', assigned_user_id, 'is_private', false))`,
    );
    await event(
      40_000_000,
      'conversation.assigned',
      'first_reply_at',
      `'user', assigned_user_id`,
      `jsonb_build_object(${state('assigned_user_id')}, 'to', assigned_user_id)`,
    );
    await event(
      50_000_000,
      'conversation.resolved',
      'resolved_at',
      `'user', assigned_user_id`,
      `jsonb_build_object(${state('assigned_user_id')})`,
      'resolved_at is not null',
    );
    // Everything so far is handled: the product's consumers start after the generated log.
    await q(
      `insert into event_consumers (name, last_event_id)
         select name, (select max(event_id) from events) from unnest(array['reporting', 'webhooks', 'auto-responders']) name
         on conflict (name) do update set last_event_id = excluded.last_event_id`,
    );
    await q('vacuum analyze conversations, messages, report_facts, events');
    console.log('reporting bench: rollups from facts, day by day...');
    const days = (
      await q(
        `select distinct to_char(day, 'YYYY-MM-DD') as d from report_facts where company_id = $1 order by 1`,
        [company],
      )
    ).rows.map((r: { d: string }) => r.d);
    const started = Date.now();
    for (let i = 0; i < days.length; i += 7) await refreshDays(db, company, days.slice(i, i + 7));
    const rollupSeconds = Math.round((Date.now() - started) / 100) / 10;
    await q('vacuum analyze report_daily');
    const counts = Object.fromEntries(
      (
        await q(`select 'conversations' as k, count(*)::int as n from conversations
            union all select 'messages', count(*)::int from messages
            union all select 'facts', count(*)::int from report_facts
            union all select 'rollup rows', count(*)::int from report_daily`)
      ).rows.map((r: { k: string; n: number }) => [r.k, r.n]),
    );
    const adminEmail = (await q('select email from users where id = $1', [agents[0]])).rows[0]
      .email as string;
    await q(`update company_members set role = 'admin' where user_id = $1`, [agents[0]]);
    const today = (await q(`select to_char(now(), 'YYYY-MM-DD') as d`)).rows[0].d as string;
    return { companyId: company, adminEmail, today, counts, rollupSeconds };
  });
}

const minus = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
};

/** The overview's numbers straight from conversations and messages, as a report without rollups would. */
const RAW_OVERVIEW = `
  select
    (select count(*) from conversations where company_id = $1 and created_at >= $2::date and created_at < $3::date + 1) as created,
    (select count(*) from conversations where company_id = $1 and resolved_at >= $2::date and resolved_at < $3::date + 1) as resolved,
    (select count(*) filter (where sender_type = 'customer') from messages where company_id = $1 and created_at >= $2::date and created_at < $3::date + 1) as received,
    (select count(*) filter (where sender_type = 'agent') from messages where company_id = $1 and created_at >= $2::date and created_at < $3::date + 1) as sent,
    (select percentile_cont(0.5) within group (order by extract(epoch from first_reply_at - created_at))
       from conversations where company_id = $1 and first_reply_at >= $2::date and first_reply_at < $3::date + 1) as frt_median,
    (select percentile_cont(0.5) within group (order by extract(epoch from resolved_at - created_at))
       from conversations where company_id = $1 and resolved_at >= $2::date and resolved_at < $3::date + 1) as rt_median`;

async function timeRaw(client: pg.Client, values: unknown[], runs = 5) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await client.query(RAW_OVERVIEW, values);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: Math.round(times[Math.floor(runs / 2)]!), max: Math.round(times.at(-1)!) };
}

/** Every rollup total of the company: equal before and after a recalculation when nothing changed. */
const ROLLUP_TOTALS = `select count(*), sum(conversations_created), sum(conversations_resolved), sum(messages_received),
  sum(messages_sent), sum(frt_n), sum(frt_sum), sum(rt_sum), sum(rtb_sum), sum(frt_hist[10]), sum(rt_hist[20])
  from report_daily where company_id = $1`;

/**
 * `POST /reporting/calculate-stats` for the whole year through the product, followed until it completes: the
 * log's days become facts again, then every day of the year is counted again.
 */
async function timeRecalculation(
  base: string,
  headers: Record<string, string>,
  client: pg.Client,
  data: Data,
  year: { from: string; to: string },
) {
  const before = JSON.stringify((await client.query(ROLLUP_TOTALS, [data.companyId])).rows);
  const events = Number((await client.query('select count(*) from events')).rows[0].count);
  const t0 = performance.now();
  const res = await fetch(`${base}/api/v1/reporting/calculate-stats`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(year),
  });
  const { data: job } = (await res.json()) as { data: { job_id: number } };
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const poll = await fetch(`${base}/api/v1/reporting/calculate-stats?job_id=${job.job_id}`, { headers });
    const { data: state } = (await poll.json()) as { data: { status: string; error: string | null } };
    if (state.status === 'failed') throw new Error(`recalculation failed: ${state.error}`);
    if (state.status === 'completed') break;
  }
  const seconds = Math.round((performance.now() - t0) / 100) / 10;
  const after = JSON.stringify((await client.query(ROLLUP_TOTALS, [data.companyId])).rows);
  return { seconds, events, unchanged: before === after };
}

async function main() {
  const machine = await machineInfo(s.adminUrl);
  const rows: string[] = [];
  const raw: unknown[] = [];
  let recalculation = { seconds: 0, events: 0, unchanged: false };
  const { data } = await onProduct(
    { ...dataset, port: s.basePort + 31, generate },
    async ({ data, product, client }) => {
      console.log(`reporting bench: ${machine.cpus} cores; data ${JSON.stringify(data.counts)}`);
      const headers = await consoleHeaders(product.url, data.adminEmail);
      const month = { from: minus(data.today, 29), to: data.today };
      const year = { from: minus(data.today, 364), to: data.today };
      const calls = [
        { name: 'overview, 30 days', path: '/reporting/overview', query: month, raw: month },
        { name: 'overview, a year', path: '/reporting/overview', query: year, raw: year },
        {
          name: 'chart by day, 30 days',
          path: '/reporting/charts',
          query: { ...month, metric: 'first_response_time' },
        },
        {
          name: 'chart by month, a year',
          path: '/reporting/charts',
          query: { ...year, metric: 'conversations_created', interval: 'month' },
        },
        { name: 'agent performance, 30 days', path: '/reporting/agent-performance', query: month },
        { name: 'agent performance, a year', path: '/reporting/agent-performance', query: year },
      ];
      for (const call of calls) {
        const qs = new URLSearchParams(call.query as Record<string, string>).toString();
        const req = () => ({ method: 'GET' as const, path: `/api/v1${call.path}?${qs}`, headers });
        const { alone, ten } = await aloneAndTen(product, req);
        const rawTimes = call.raw
          ? await timeRaw(client, [data.companyId, call.raw.from, call.raw.to])
          : null;
        raw.push({ ...call, alone, ten, rawTimes });
        const line = `| ${call.name} | ${alone.latencyMs.p50} / ${alone.latencyMs.p99} | ${ten.requestsPerSec} | ${ten.latencyMs.p50} / ${ten.latencyMs.p99} | ${rawTimes ? `${rawTimes.p50} / ${rawTimes.max}` : '—'} | ${alone.non2xx + ten.non2xx} |`;
        rows.push(line);
        console.log(line);
      }
      recalculation = await timeRecalculation(product.url, headers, client, data, year);
      console.log(
        `recalculation of the year: ${recalculation.seconds} s, numbers unchanged: ${recalculation.unchanged}`,
      );
    },
  );
  const jsonPath = writeResults(here, 'reporting', { machine, data, results: raw, recalculation });
  const n = (k: string) => data.counts[k]?.toLocaleString('en-US');
  writeBenchSection({
    benchDir: here,
    marker: 'reporting',
    script: 'reporting.ts',
    heading: 'Reporting (issue 12)',
    jsonPath,
    body: [
      `${machine.cpus} cores, ${machine.postgres}. Data: one company, ten apps, twenty agents, ${n('conversations')} conversations over a year, ${n('messages')} messages, ${n('facts')} reporting facts, ${n('rollup rows')} daily rollup rows.`,
      '',
      'Through the product (auth, zod, the rollup queries, serialization) with one client and with ten at once; latencies in ms (p50 / p99). "Raw tables" is the overview\'s counts and medians computed straight from conversations and messages on one connection (p50 / slowest of five).',
      '',
      '| call | one client p50 / p99 | ten clients req/s | ten clients p50 / p99 | raw tables p50 / max | non-2xx |',
      '|---|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      `Recalculating the whole year through the product (\`POST /reporting/calculate-stats\`, followed until it completes): **${recalculation.seconds} s**. The event log holds its last ${RETENTION_DAYS} days (${recalculation.events.toLocaleString('en-US')} events, the default retention), which became facts again; then all 365 days were counted again from ${n('facts')} facts. Every rollup total afterwards equal to before: ${recalculation.unchanged ? 'yes' : '**no**'}.`,
    ],
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
