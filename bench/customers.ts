/**
 * The customer list on a large company (issue 10): `GET /api/v1/customers` (first page, a sort, an app
 * filter, searches by name, email and phone) as a company admin and as an agent of two of its ten apps,
 * through the product with one client and with ten, next to the product's own statements alone on one
 * `pg` connection (the database's share), on 100,000 customers.
 *
 *   cd server && npx tsx ../bench/customers.ts
 *
 * Then what a message costs with the customer's last activity moved by every message, against the rule
 * before (issue 42, `lib/customer-touch.ts`).
 *
 * Knobs: BENCH_PG_URL, BENCH_PORT, BENCH_CUSTOMERS (100000), BENCH_CUSTOMERS_REUSE=1 (keep the database),
 * BENCH_TOUCH_ROUNDS (5) and BENCH_TOUCH_MESSAGES (500 a round and rule).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CustomerListQuery } from '@inbox/contract';
import { customerReach, listCustomers } from '../server/src/modules/customers/reads.ts';
import { loggingContext, timeStatements } from './inbox-capture.ts';
import { measureCustomerTouch, type TouchResult } from './lib/customer-touch.ts';
import { freshTenantDatabase, peopleOf } from './lib/fresh-database.ts';
import { aloneAndTen } from './lib/load.ts';
import { machineInfo } from './lib/machine.ts';
import { benchDataset, consoleHeaders, onProduct, writeResults } from './lib/product.ts';
import { writeBenchSection } from './lib/sections.ts';
import { readSettings } from './lib/settings.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const s = readSettings(env);
const dataset = benchDataset('customers');
const { url } = dataset;
const COUNT = Number(env.BENCH_CUSTOMERS || 100_000);

interface Data {
  companyId: number;
  admin: { userId: number; email: string; name: string };
  agent: { userId: number; email: string; name: string };
  appIds: number[];
  counts: Record<string, number>;
}

const FIRST = ['Ada', 'Ben', 'Chloe', 'Dev', 'Elif', 'Femi', 'Gita', 'Hugo', 'Ines', 'Jon', 'Kai', 'Lena'];
const LAST = ['Moreau', 'Novak', 'Okafor', 'Park', 'Quinn', 'Rossi', 'Silva', 'Tanaka', 'Umar', 'Vogel'];
const arr = (xs: string[]) => `array[${xs.map((x) => `'${x}'`).join(',')}]`;

/** 100,000 customers with an email and a phone each, one to three of ten apps, most with a conversation. */
async function generate(): Promise<Data> {
  const tenant = { appsPerCompany: 10, queuesPerApp: 1, agentsPerCompany: 4 };
  return freshTenantDatabase({ ...dataset, seed: 3, tenant }, async ({ tenant: t, q }) => {
    const appIds = t.apps.map((a) => a.appId);
    const [adminId, agentId] = t.agents.map((a) => a.userId) as [number, number];
    await q('delete from app_members where user_id = $1 and not (app_id = any($2::int[]))', [
      agentId,
      appIds.slice(0, 2),
    ]);
    await q('delete from queue_members where user_id = $1', [agentId]);
    await q(
      `insert into customers (company_id, name, email, phone, created_at, updated_at)
         select $1, (${arr(FIRST)})[1 + g % ${FIRST.length}] || ' ' || (${arr(LAST)})[1 + (g / 7) % ${LAST.length}],
           'customer' || g || '@mail' || (g % 50) || '.bench.test',
           '+4477009' || lpad(g::text, 6, '0'),
           now() - make_interval(days => g % 700), now() - make_interval(days => g % 700)
         from generate_series(1, $2::int) g`,
      [t.companyId, COUNT],
    );
    // A fifth never wrote; the others at times spread over the last year (the customer's activity row).
    await q(
      `update customer_activity act set last_activity_at = now() - make_interval(mins => (cu.g * 37) % 500000)
         from (select id, row_number() over (order by id) as g from customers where company_id = $1) cu
         where act.customer_id = cu.id and cu.g % 5 <> 0`,
      [t.companyId],
    );
    await q(
      `insert into customer_identities (company_id, customer_id, kind, value)
         select company_id, id, 'email', email from customers where company_id = $1
         union all select company_id, id, 'phone', phone from customers where company_id = $1`,
      [t.companyId],
    );
    await q(
      `insert into customer_apps (customer_id, app_id, company_id)
         select cu.id, (array[${appIds.join(',')}])[1 + (cu.id + k * 3) % ${appIds.length}], cu.company_id
         from customers cu cross join generate_series(0, 2) k
         where cu.company_id = $1 and k <= cu.id % 3
         on conflict do nothing`,
      [t.companyId],
    );
    await q(
      `insert into conversations (company_id, app_id, customer_id, number, channel, status, created_at, last_activity_at)
         select cu.company_id, ca.app_id, cu.id, row_number() over (order by cu.id), 'portal',
           (array['open','pending','resolved','resolved','closed'])[1 + cu.id % 5], cu.created_at,
           act.last_activity_at
         from customers cu join customer_activity act on act.customer_id = cu.id
         join lateral (select app_id from customer_apps where customer_id = cu.id order by app_id limit 1) ca on true
         where cu.company_id = $1 and act.last_activity_at is not null`,
      [t.companyId],
    );
    await q(
      'update companies set last_conversation_number = (select count(*) from conversations) where id = $1',
      [t.companyId],
    );
    await q('vacuum analyze customers, customer_activity, customer_identities, customer_apps, conversations');
    const counts = Object.fromEntries(
      (
        await q(`select 'customers' as k, count(*)::int as n from customers
            union all select 'app links', count(*)::int from customer_apps
            union all select 'conversations', count(*)::int from conversations`)
      ).rows.map((r: { k: string; n: number }) => [r.k, r.n]),
    );
    const person = await peopleOf(q, [adminId, agentId]);
    return { companyId: t.companyId, admin: person(adminId), agent: person(agentId), appIds, counts };
  });
}

/** The statements `GET /customers` runs for a viewer and query, captured from the product's own service. */
async function capture(data: Data, who: 'admin' | 'agent', query: Record<string, string>) {
  const { ctx, statements, end } = loggingContext(url, {
    ...data[who],
    role: who,
    companyId: data.companyId,
  });
  try {
    const page = await listCustomers(ctx.db, await customerReach(ctx), CustomerListQuery.parse(query));
    return { statements, rows: page.rows.length, total: page.total };
  } finally {
    await end();
  }
}

const CALLS = [
  { slug: 'first', scenario: 'first page (latest activity)', query: {} as Record<string, string> },
  { slug: 'by-name', scenario: 'sorted by name', query: { sort: 'name' } },
  { slug: 'app', scenario: 'one app, with open conversations', query: { app_id: '', has_open: 'true' } },
  { slug: 'search-name', scenario: 'search a last name (moreau)', query: { search: 'moreau' } },
  { slug: 'search-email', scenario: 'search an email (customer4242@)', query: { search: 'customer4242@' } },
  {
    slug: 'search-phone',
    scenario: 'search a phone as typed (+44 7700 9042 42)',
    query: { search: '+44 7700 9042 42' },
  },
];

async function main() {
  const machine = await machineInfo(s.adminUrl);
  const rows: string[] = [];
  const raw: unknown[] = [];
  let touch: TouchResult[] = [];
  const { data } = await onProduct(
    { ...dataset, port: s.basePort + 21, generate },
    async ({ data, product, client }) => {
      console.log(`customers bench: ${machine.cpus} cores; data ${JSON.stringify(data.counts)}`);
      const headers = {
        admin: await consoleHeaders(product.url, data.admin.email),
        agent: await consoleHeaders(product.url, data.agent.email),
      };
      for (const who of ['admin', 'agent'] as const) {
        for (const call of CALLS) {
          const query = { ...call.query };
          if ('app_id' in query) query.app_id = String(who === 'agent' ? data.appIds[1] : data.appIds[4]);
          const captured = await capture(data, who, query);
          const sqlAlone = await timeStatements(client, captured.statements, 2);
          const qs = new URLSearchParams(query).toString();
          const req = () => ({
            method: 'GET' as const,
            path: `/api/v1/customers${qs ? `?${qs}` : ''}`,
            headers: headers[who],
          });
          const { alone, ten } = await aloneAndTen(product, req);
          raw.push({
            who,
            ...call,
            query,
            captured: { rows: captured.rows, total: captured.total },
            sqlAlone,
            alone,
            ten,
          });
          const line = `| ${who} | ${call.scenario} | ${captured.rows} / ${captured.total.toLocaleString('en-US')} | ${alone.latencyMs.p50} / ${alone.latencyMs.p99} | ${ten.requestsPerSec} | ${ten.latencyMs.p50} / ${ten.latencyMs.p99} | ${sqlAlone.p50} / ${sqlAlone.p99} | ${captured.statements.length} |`;
          rows.push(line);
          console.log(line);
        }
      }
      // Last: these messages change the data the calls above read.
      touch = await measureCustomerTouch(client, data.companyId, {
        rounds: Number(env.BENCH_TOUCH_ROUNDS || 5),
        perRound: Number(env.BENCH_TOUCH_MESSAGES || 500),
      });
      for (const t of touch) console.log(JSON.stringify(t));
    },
  );
  const jsonPath = writeResults(here, 'customers', { machine, data: data.counts, results: raw, touch });
  const ratio = (a: number, b: number) => (b > 0 ? (a / b).toFixed(2) : '–');
  const touchRows = touch.map(
    (t) =>
      `| ${t.load} | ${t.old.ms} / ${t.new.ms} | ${ratio(t.new.ms, t.old.ms)} | ${t.old.walBytes.toLocaleString('en-US')} / ${t.new.walBytes.toLocaleString('en-US')} | ${ratio(t.new.walBytes, t.old.walBytes)} |`,
  );
  writeBenchSection({
    benchDir: here,
    marker: 'customers-list',
    script: 'customers.ts',
    heading: 'Customer list (issue 10)',
    jsonPath,
    body: [
      `${machine.cpus} cores, ${machine.postgres}. Data: one company, ten apps, ${data.counts.customers?.toLocaleString('en-US')} customers with an email and a phone each, ${data.counts['app links']?.toLocaleString('en-US')} app links, ${data.counts.conversations?.toLocaleString('en-US')} conversations. The agent works two of the ten apps.`,
      '',
      '`GET /api/v1/customers` through the product (auth, zod, Drizzle, serialization) with one client (one user alone) and with ten at once, and the statements the product ran, alone on one connection. Latencies in ms (p50 / p99).',
      '',
      '| viewer | call | rows / total | one client p50 / p99 | ten clients req/s | ten clients p50 / p99 | SQL alone p50 / p99 | statements |',
      '|---|---|---:|---:|---:|---:|---:|---:|',
      ...rows,
      '',
      "A customer message (the portal send's conversation update and message insert, one autocommitted statement on one connection) with the customer's `last_activity_at` moved at most once a minute (before issue 42) and by every message (now), rounds alternated in the same run; medians of the rounds.",
      '',
      '| load | ms per message, before / now | now ÷ before | WAL bytes per message, before / now | now ÷ before |',
      '|---|---:|---:|---:|---:|',
      ...touchRows,
    ],
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
