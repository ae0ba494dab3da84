/**
 * Bulk actions (issue 44): one `POST /api/v1/conversations/bulk` over 1,000 conversations against the same
 * change made by 1,000 single calls one after another over HTTP, through the product on PostgreSQL, as a
 * company admin. The target: the bulk call takes at most a fifth of the singles' time.
 *
 *   cd server && npx tsx ../bench/bulk.ts                      # resolve
 *   cd server && BENCH_BULK_ACTION=unassign npx tsx ../bench/bulk.ts   # or assign, labels, priority
 *
 * Each round takes fresh open conversations for each side, so neither changes what the other measures;
 * singles and bulk alternate which goes first. Knobs: BENCH_PG_URL, BENCH_PORT, BENCH_BULK_ACTION (an entry
 * of `ACTIONS`), BENCH_BULK_COUNT (1000), BENCH_BULK_ROUNDS (3), BENCH_BULK_BACKGROUND (20000 resolved
 * conversations around them).
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
const dataset = benchDataset('bulk');
const COUNT = Number(env.BENCH_BULK_COUNT || 1000);
const ROUNDS = Number(env.BENCH_BULK_ROUNDS || 3);
const BACKGROUND = Number(env.BENCH_BULK_BACKGROUND || 20_000);

interface Data {
  companyId: number;
  admin: { userId: number; email: string; name: string };
  agentId: number;
  /** A label of the company, for the labels action. */
  labelId: number;
  /** Open conversations, `COUNT` a batch, two batches a round. */
  batches: number[][];
  counts: Record<string, number>;
}

/** What each action is as a single call and as bulk params. */
const ACTIONS: Record<string, { path: string; params: (d: Data) => Record<string, unknown> }> = {
  resolve: { path: '/conversation/resolve', params: () => ({}) },
  assign: { path: '/conversation/assign', params: (d) => ({ user_id: d.agentId }) },
  unassign: { path: '/conversation/unassign', params: () => ({}) },
  labels: { path: '/conversation/labels', params: (d) => ({ add: [d.labelId], remove: [] }) },
  priority: { path: '/conversation/priority', params: () => ({ priority: 'high' }) },
};
const ACTION = env.BENCH_BULK_ACTION || 'resolve';
const action =
  ACTIONS[ACTION] ??
  (() => {
    throw new Error(`BENCH_BULK_ACTION must be one of ${Object.keys(ACTIONS).join(', ')}`);
  })();

/** One company, one app and queue; open conversations with a customer message each, in batches. */
async function generate(): Promise<Data> {
  const tenant = { appsPerCompany: 1, queuesPerApp: 1, agentsPerCompany: 2 };
  return freshTenantDatabase({ ...dataset, seed: 44, tenant }, async ({ tenant: t, q }) => {
    const app = t.apps[0]!;
    const [adminId, agentId] = t.agents.map((a) => a.userId) as [number, number];
    const open = COUNT * 2 * ROUNDS;
    const total = open + BACKGROUND;
    await q(
      `insert into customers (company_id, name, email, created_at, updated_at)
         select $1, 'Bulk Customer ' || g, 'bulk' || g || '@bench.test', now(), now()
         from generate_series(1, $2::int) g`,
      [t.companyId, total],
    );
    // The unassign bench needs holders: every open one is the agent's.
    await q(
      `insert into conversations (company_id, app_id, queue_id, customer_id, number, channel, status,
           assigned_user_id, created_at, last_activity_at, waiting_since)
         select cu.company_id, $2, $3, cu.id, row_number() over (order by cu.id), 'portal',
           case when row_number() over (order by cu.id) <= $4 then 'open' else 'resolved' end,
           case when row_number() over (order by cu.id) <= $4 then $5::int end,
           now() - interval '1 day', now() - make_interval(secs => cu.id), now() - interval '1 hour'
         from customers cu where cu.company_id = $1`,
      [t.companyId, app.appId, app.queueIds[0], open, agentId],
    );
    await q(
      `insert into messages (company_id, conversation_id, sender_type, content, content_type, is_private)
         select company_id, id, 'customer', 'Hello, I need help with order ' || number, 'text', false
         from conversations where company_id = $1`,
      [t.companyId],
    );
    await q('update companies set last_conversation_number = $2 where id = $1', [t.companyId, total]);
    await q('vacuum analyze customers, conversations, messages');
    const ids = (
      await q(`select id from conversations where company_id = $1 and status = 'open' order by id`, [
        t.companyId,
      ])
    ).rows.map((r: { id: number }) => r.id);
    const batches = Array.from({ length: 2 * ROUNDS }, (_, i) => ids.slice(i * COUNT, (i + 1) * COUNT));
    const person = await peopleOf(q, [adminId]);
    const label = await q(
      `insert into labels (company_id, name, color) values ($1, 'Bulk', '#7c3aed') returning id`,
      [t.companyId],
    );
    return {
      companyId: t.companyId,
      admin: person(adminId),
      agentId,
      labelId: label.rows[0].id as number,
      batches,
      counts: { conversations: total, open },
    };
  });
}

async function post(base: string, headers: Record<string, string>, p: string, body: unknown) {
  const res = await fetch(`${base}/api/v1${p}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${p}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as { data: Record<string, unknown> };
}

async function main() {
  const machine = await machineInfo(s.adminUrl);
  const rounds: { singlesMs: number; bulkMs: number; updated: number; first: string }[] = [];
  const { data } = await onProduct(
    { ...dataset, reuse: false, port: s.basePort + 41, generate },
    async ({ data, product }) => {
      const headers = await consoleHeaders(product.url, data.admin.email);
      const params = action.params(data);
      // Warm the process (its prepared statements, the JIT) on conversations the rounds do not use.
      for (let i = 0; i < 20; i++) {
        await fetch(`${product.url}/api/v1/conversation/poll?limit=5`, { headers });
      }
      for (let r = 0; r < ROUNDS; r++) {
        const singlesIds = data.batches[2 * r]!;
        const bulkIds = data.batches[2 * r + 1]!;
        const singles = async () => {
          const t0 = performance.now();
          for (const id of singlesIds) {
            await post(product.url, headers, action.path, { conversation_id: id, ...params });
          }
          return performance.now() - t0;
        };
        const bulk = async () => {
          const t0 = performance.now();
          const res = await post(product.url, headers, '/conversations/bulk', {
            conversation_ids: bulkIds,
            action: ACTION,
            params,
          });
          return { ms: performance.now() - t0, updated: Number(res.data.updated) };
        };
        const first = r % 2 === 0 ? 'singles' : 'bulk';
        let singlesMs: number;
        let b: { ms: number; updated: number };
        if (first === 'singles') {
          singlesMs = await singles();
          b = await bulk();
        } else {
          b = await bulk();
          singlesMs = await singles();
        }
        const round = {
          singlesMs: Math.round(singlesMs),
          bulkMs: Math.round(b.ms),
          updated: b.updated,
          first,
        };
        rounds.push(round);
        console.log(JSON.stringify(round));
      }
    },
  );
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const singlesMs = median(rounds.map((r) => r.singlesMs));
  const bulkMs = median(rounds.map((r) => r.bulkMs));
  const share = bulkMs / singlesMs;
  const jsonPath = writeResults(here, `bulk-${ACTION}`, {
    machine,
    action: ACTION,
    count: COUNT,
    data: data.counts,
    rounds,
    median: { singlesMs, bulkMs, share },
  });
  const rows = rounds.map(
    (r, i) =>
      `| ${i + 1} | ${r.first} | ${r.singlesMs.toLocaleString('en-US')} | ${r.bulkMs.toLocaleString('en-US')} | ${r.updated} | ${((100 * r.bulkMs) / r.singlesMs).toFixed(1)}% |`,
  );
  writeBenchSection({
    benchDir: here,
    marker: `bulk-${ACTION}`,
    script: 'bulk.ts',
    heading: `Bulk ${ACTION} of ${COUNT.toLocaleString('en-US')} conversations (issue 44)`,
    jsonPath,
    body: [
      `\`BENCH_BULK_ACTION=${ACTION}\`. ${machine.cpus} cores, ${machine.postgres}. Data: one company, ${data.counts.conversations?.toLocaleString('en-US')} conversations (${data.counts.open?.toLocaleString('en-US')} open, one customer message each). As a company admin, through the product on PostgreSQL.`,
      '',
      `${COUNT.toLocaleString('en-US')} single \`POST ${action.path}\` calls one after another over HTTP (keep-alive) against one \`POST /conversations/bulk\` with their ${COUNT.toLocaleString('en-US')} ids, each round on fresh open conversations. **Target: bulk at most 20% of the singles' time.** Median: singles ${singlesMs.toLocaleString('en-US')} ms, bulk ${bulkMs.toLocaleString('en-US')} ms, **${(100 * share).toFixed(1)}%**.`,
      '',
      '| round | first | singles ms | bulk ms | bulk updated | bulk ÷ singles |',
      '|---:|---|---:|---:|---:|---:|',
      ...rows,
    ],
  });
  console.log(`bulk ${ACTION}: singles ${singlesMs} ms, bulk ${bulkMs} ms (${(100 * share).toFixed(1)}%)`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
