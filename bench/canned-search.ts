/**
 * The `/` picker's search over 2,000 canned replies (issue 44): `GET /api/v1/canned-replies?app_id=&search=
 * &limit=8` as an agent types, one client alone, each request waiting for the one before, as one agent's
 * picker asks. Target: p99 under 20 ms.
 *
 *   cd server && npx tsx ../bench/canned-search.ts
 *
 * The company holds 1,000 company replies, 300 and 200 of its two apps, 300 of the measured agent's own and
 * 200 of another person's (which the agent never sees), each with a title and 200 to 400 characters of text.
 *
 * Knobs: BENCH_PG_URL, BENCH_PORT, BENCH_CANNED_REUSE=1 (keep the database), BENCH_CANNED_REQUESTS (300 a
 * term), BENCH_CANNED_REPLIES (2000).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freshTenantDatabase, peopleOf } from './lib/fresh-database.ts';
import { machineInfo } from './lib/machine.ts';
import { benchDataset, consoleHeaders, onProduct, writeResults } from './lib/product.ts';
import { writeBenchSection } from './lib/sections.ts';
import { readSettings } from './lib/settings.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const s = readSettings(env);
const dataset = benchDataset('canned');
const REQUESTS = Number(env.BENCH_CANNED_REQUESTS || 300);
const TOTAL = Number(env.BENCH_CANNED_REPLIES || 2000);

interface Data {
  companyId: number;
  appId: number;
  agent: { userId: number; email: string; name: string };
  counts: Record<string, number>;
}

const WORDS = [
  'refund',
  'shipping',
  'parcel',
  'invoice',
  'password',
  'delivery',
  'return',
  'warranty',
  'discount',
  'account',
];
const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;

/** 2,000 replies in every scope, short codes `<word>-<n>`, titles and texts naming a few of the words. */
async function generate(): Promise<Data> {
  const tenant = { appsPerCompany: 2, queuesPerApp: 1, agentsPerCompany: 3 };
  return freshTenantDatabase({ ...dataset, seed: 5, tenant }, async ({ tenant: t, q }) => {
    const [app1, app2] = t.apps.map((a) => a.appId) as [number, number];
    const [, agentId, otherId] = t.agents.map((a) => a.userId) as [number, number, number];
    const share = (n: number) => Math.round((TOTAL * n) / 2000);
    const insert = (scope: string, appId: number | null, owner: number | null, from: number, count: number) =>
      q(
        `insert into canned_replies (company_id, scope, app_id, owner_user_id, short_code, title, content)
           select $1, $2, $3, $4,
             (${words})[1 + g % 10] || '-' || g,
             initcap((${words})[1 + (g / 10) % 10]) || ' and ' || (${words})[1 + (g / 7) % 10] || ', answer ' || g,
             'Hi {{customer.first_name | "there"}}, about your ' || (${words})[1 + (g / 3) % 10] || ': ' ||
               repeat('we have looked into it and here is what happens next. ', 4 + g % 4) ||
               'Best, {{agent.first_name}}'
           from generate_series($5::int, $5::int + $6::int - 1) g`,
        [t.companyId, scope, appId, owner, from, count],
      );
    await insert('company', null, null, 1, share(1000));
    await insert('app', app1, null, 10_001, share(300));
    await insert('app', app2, null, 20_001, share(200));
    await insert('personal', null, agentId, 30_001, share(300));
    await insert('personal', null, otherId, 40_001, share(200));
    await q('analyze canned_replies');
    const counts = (
      await q('select scope, count(*)::int as n from canned_replies where company_id = $1 group by scope', [
        t.companyId,
      ])
    ).rows as { scope: string; n: number }[];
    const person = await peopleOf(q, [agentId]);
    return {
      companyId: t.companyId,
      appId: app1,
      agent: person(agentId),
      counts: Object.fromEntries(counts.map((c) => [c.scope, c.n])),
    };
  });
}

/** What an agent types after `/`, letter by letter, and a few words found only in titles or texts. */
const TERMS = ['', 'r', 're', 'ref', 'refu', 'refund', 'refund-1', 'ship', 'answer 12', 'looked into', 'zzz'];

const quantile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

const { data, result } = await onProduct(
  { ...dataset, port: s.basePort + 41, generate },
  async ({ data, product }) => {
    const headers = await consoleHeaders(product.url, data.agent.email).catch(async (err) => {
      const res = await fetch(`${product.url}/api/v1/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: data.agent.email, password: 'bench1234' }),
      });
      throw new Error(`login: ${res.status} ${await res.text()} (${err})`);
    });
    const ask = async (search: string) => {
      const qs = new URLSearchParams({
        app_id: String(data.appId),
        limit: '8',
        ...(search ? { search } : {}),
      });
      const started = performance.now();
      const res = await fetch(`${product.url}/api/v1/canned-replies?${qs}`, { headers });
      const body = (await res.json()) as { data: unknown[]; meta: { total: number } };
      if (res.status !== 200) throw new Error(`search ${search}: ${res.status}`);
      return { ms: performance.now() - started, total: body.meta.total };
    };
    for (let i = 0; i < 50; i++) await ask(TERMS[i % TERMS.length]!);
    const all: number[] = [];
    const rows = [];
    for (const term of TERMS) {
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < REQUESTS; i++) {
        const r = await ask(term);
        times.push(r.ms);
        total = r.total;
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      rows.push({
        term,
        matches: total,
        p50: quantile(times, 0.5),
        p95: quantile(times, 0.95),
        p99: quantile(times, 0.99),
        max: times.at(-1)!,
      });
    }
    all.sort((a, b) => a - b);
    return {
      rows,
      overall: {
        p50: quantile(all, 0.5),
        p95: quantile(all, 0.95),
        p99: quantile(all, 0.99),
        max: all.at(-1)!,
      },
    };
  },
);

const machine = await machineInfo(dataset.adminUrl);
const jsonPath = writeResults(here, 'canned-search', { machine, data, requestsPerTerm: REQUESTS, ...result });
const ms = (x: number) => x.toFixed(2);
writeBenchSection({
  benchDir: here,
  marker: 'canned-search',
  script: 'canned-search.ts',
  heading: 'Canned reply picker search (issue 44)',
  jsonPath,
  body: [
    '',
    `${Object.values(data.counts).reduce((a, b) => a + b, 0)} canned replies in one company (${Object.entries(
      data.counts,
    )
      .map(([k, v]) => `${k} ${v}`)
      .join(
        ', ',
      )}); an agent of one app asks \`GET /canned-replies?app_id=&search=&limit=8\`, one client alone, ` +
      `${REQUESTS} requests a term, each after the one before. Target: p99 under 20 ms.`,
    '',
    '| search | matches | p50 ms | p95 ms | p99 ms | max ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...result.rows.map(
      (r) =>
        `| \`${r.term || '(empty: the picker just opened)'}\` | ${r.matches} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} |`,
    ),
    `| **all** | | ${ms(result.overall.p50)} | ${ms(result.overall.p95)} | **${ms(result.overall.p99)}** | ${ms(result.overall.max)} |`,
  ],
});
console.log(JSON.stringify(result, null, 2));
