/**
 * The inbox poll on a large company (issue 4): the product's `GET /conversation/poll` (first page, a
 * filtered page, searches, a deep page) as a company admin and as an agent, next to a bare Fastify + `pg`
 * route replaying the same statements and those statements alone, all in one run on PostgreSQL.
 *
 *   cd server && npx tsx ../bench/inbox.ts
 *
 * Knobs (README.md): BENCH_CONNECTIONS, BENCH_DURATION, BENCH_WARMUP, BENCH_PG_URL, BENCH_PORT,
 * BENCH_INBOX_DB, BENCH_INBOX_CONVERSATIONS, BENCH_INBOX_MESSAGES, BENCH_INBOX_REUSE=1 (keep the generated
 * database between runs), BENCH_QUIET_WAIT.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openPostgres } from '../server/src/db/client.ts';
import { INBOX_CALLS, NEXT_PAGED, onlyCalls } from './inbox-calls.ts';
import {
  capturePoll,
  explain,
  planCaching,
  type Statement,
  timeStatements,
  type Viewer,
} from './inbox-capture.ts';
import { generateInbox, INBOX_DEFAULTS, type InboxData } from './inbox-generate.ts';
import {
  type InboxResults,
  type InboxScenarioResult,
  inboxSection,
  writeInboxSection,
} from './inbox-report.ts';
import { inboxSortsSection, SORTS_SECTION } from './inbox-sorts-report.ts';
import { measure } from './lib/load.ts';
import { machineInfo } from './lib/machine.ts';
import { type ServerProcess, startServer, waitForQuiet } from './lib/processes.ts';
import { BENCH_SECRETS_KEY } from './lib/product.ts';
import { adminQuery, databaseUrl, postgresPidsOf, writeSection } from './lib/sections.ts';
import { readSettings } from './lib/settings.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const env = process.env;
const s = readSettings(env);
const dbName = env.BENCH_INBOX_DB || 'inbox_bench_inbox';
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error('BENCH_INBOX_DB must be a plain lowercase name');
const url = databaseUrl(s.adminUrl, dbName);
const dataFile = path.join(here, 'results', `inbox-data-${dbName}.json`);
const reuse = env.BENCH_INBOX_REUSE === '1';
/** The calls `BENCH_INBOX_ONLY` names, or undefined for every call (a full run). */
const only = onlyCalls(env);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-poll-bench-'));
const stamp = new Date()
  .toISOString()
  .replace(/\.\d+Z$/, 'Z')
  .replace(/:/g, '-');

const admin = (text: string) => adminQuery(s.adminUrl, text);

async function prepare(): Promise<{ data: InboxData; generated: boolean }> {
  const exists = (await admin(`select 1 from pg_database where datname = '${dbName}'`)).length > 0;
  if (reuse && exists && fs.existsSync(dataFile)) {
    console.log(`reusing database ${dbName}`);
    return { data: JSON.parse(fs.readFileSync(dataFile, 'utf8')) as InboxData, generated: false };
  }
  await admin(`drop database if exists ${dbName} with (force)`);
  await admin(`create database ${dbName}`);
  const database = openPostgres(url, 2);
  try {
    await database.migrate();
    const data = await generateInbox(database.db, url, {
      conversations: Number(env.BENCH_INBOX_CONVERSATIONS || INBOX_DEFAULTS.conversations),
      messagesPerConversation: Number(env.BENCH_INBOX_MESSAGES || INBOX_DEFAULTS.messagesPerConversation),
    });
    fs.mkdirSync(path.dirname(dataFile), { recursive: true });
    fs.writeFileSync(dataFile, `${JSON.stringify(data, null, 2)}\n`);
    return { data, generated: true };
  } finally {
    await database.close();
  }
}

async function login(base: string, email: string, password: string) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as {
    data: { access_token: string; current_company: { company_id: number } };
  };
  return {
    authorization: `Bearer ${body.data.access_token}`,
    'x-company-id': String(body.data.current_company.company_id),
  };
}

async function timeAi(base: string, headers: Record<string, string>, ids: number[], call: string) {
  const times: number[] = [];
  let method = '';
  for (const id of ids) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/v1/conversation/${call}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ conversation_id: id }),
    });
    times.push(Math.round(performance.now() - t0));
    const body = (await res.json()) as { data?: { method: string } };
    method = body.data?.method ?? `HTTP ${res.status}`;
  }
  times.sort((a, b) => a - b);
  return { call, runs: times.length, p50: times[Math.floor(times.length / 2)]!, max: times.at(-1)!, method };
}

async function main() {
  const machine = await machineInfo(s.adminUrl);
  console.log(`inbox bench: ${machine.cpus} cores, ${machine.postgres}`);
  const { data, generated } = await prepare();
  console.log(`data: ${JSON.stringify(data.counts)}${generated ? ` in ${data.seconds} s` : ''}`);
  const viewers: Record<'admin' | 'agent', Viewer> = {
    admin: { ...data.admin, role: 'admin', companyId: data.companyId },
    agent: { ...data.agent, role: 'agent', companyId: data.companyId },
  };

  const results: InboxScenarioResult[] = [];
  const replay: Record<string, Statement[]> = {};
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const who of ['admin', 'agent'] as const) {
      const calls = INBOX_CALLS(data);
      for (const c of calls) {
        const key = `${who}-${c.slug}`;
        if (only && !only.has(c.slug) && !only.has(`${c.slug}-next`)) continue;
        const { answer, statements, cached } = await capturePoll(url, viewers[who], c.query);
        // Every call finds rows in the generated data: an empty answer means the data or the search broke,
        // and its speed would measure nothing.
        if (answer.conversations.length === 0) throw new Error(`${key} found no conversation`);
        // The console's "Next" from that deep page goes on after its last row, and its "Previous" ends
        // before its first (measured as rows of their own).
        if (c.slug === 'deep' && answer.next_cursor && answer.prev_cursor) {
          calls.push(
            {
              slug: 'deep-next',
              scenario: 'the next page, by its cursor (rows 10,051-10,100)',
              query: { offset: '10050', after: answer.next_cursor },
            },
            {
              slug: 'deep-prev',
              scenario: 'the previous page, by its cursor (rows 9,951-10,000)',
              query: { offset: '9950', before: answer.prev_cursor },
            },
          );
        }
        // Issue 44: the next page of each sort and filter, by its cursor, as the console asks for it.
        if (NEXT_PAGED.has(c.slug) && answer.next_cursor && (!only || only.has(`${c.slug}-next`))) {
          calls.push({
            slug: `${c.slug}-next`,
            scenario: `${c.scenario}, next page by cursor`,
            query: { ...c.query, offset: String(answer.conversations.length), after: answer.next_cursor },
          });
        }
        if (only && !only.has(c.slug)) continue;
        replay[key] = statements;
        const qs = new URLSearchParams(c.query).toString();
        results.push({
          key,
          viewer: who,
          scenario: c.scenario,
          path: `/api/v1/conversation/poll${qs ? `?${qs}` : ''}`,
          rows: answer.conversations.length,
          total: answer.total,
          statements: statements.length,
          cachedStatements: cached.length,
          explain: await explain(client, statements),
          sqlAlone: await timeStatements(client, statements, 2),
          plans: await planCaching(client, statements),
        });
        const last = results.at(-1)!;
        console.log(
          `  ${key.padEnd(24)} ${last.rows} rows of ${last.total}; SQL alone p50 ${last.sqlAlone.p50} ms`,
        );
      }
    }
  } finally {
    await client.end();
  }
  const replayFile = path.join(tmp, 'statements.json');
  fs.writeFileSync(replayFile, JSON.stringify(replay));

  const postgresPids = postgresPidsOf(s.adminUrl, dbName);
  const servers: ServerProcess[] = [];
  const ai: InboxResults['ai'] = [];
  try {
    const productSettings = {
      name: 'product-postgres',
      script: '../bench/lib/product-api.ts',
      cwd: path.join(root, 'server'),
      port: s.basePort + 11,
      env: {
        DATABASE_URL: url,
        DATA_DIR: path.join(tmp, 'data'),
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'false',
        ADMIN_EMAIL: 'bench-admin@bench.test',
        ADMIN_PASSWORD: 'bench-admin-password',
        SECRETS_KEY: BENCH_SECRETS_KEY,
        AI_BASE_URL: '',
      },
      healthPath: '/api/v1/health',
    };
    const product = await startServer(productSettings);
    servers.push(product);
    // The same product with the list cache off: what every poll costs when the inbox keeps changing.
    const computing = await startServer({
      ...productSettings,
      name: 'product-computing-postgres',
      port: s.basePort + 13,
      env: { ...productSettings.env, INBOX_LIST_CACHE: 'false' },
    });
    servers.push(computing);
    const bare = await startServer({
      name: 'baseline-postgres',
      script: 'bench/inbox-baseline.ts',
      cwd: root,
      port: s.basePort + 12,
      env: { DATABASE_URL: url, STATEMENTS_FILE: replayFile },
      healthPath: '/api/v1/health',
    });
    servers.push(bare);
    const headers = {
      admin: await login(product.url, data.admin.email, data.password),
      agent: await login(product.url, data.agent.email, data.password),
    };
    for (const r of results) {
      // Both products must answer what the captured service call answered: same SQL, same page.
      for (const server of [product, computing]) {
        const res = await fetch(`${server.url}${r.path}`, { headers: headers[r.viewer] });
        const body = (await res.json()) as { data?: { total: number; conversations: unknown[] } };
        if (!res.ok || body.data?.total !== r.total) {
          throw new Error(
            `${r.key}: ${server.name} answered ${res.status} ${JSON.stringify(body).slice(0, 300)}`,
          );
        }
      }
    }
    for (const r of results) {
      const quiet = await waitForQuiet(s.quietWait, s.quietBusy);
      process.stdout.write(
        `  ${r.key.padEnd(24)} ${quiet.busyBefore > s.quietBusy ? `(machine ${Math.round(quiet.busyBefore * 100)}% busy) ` : ''}`,
      );
      r.product = await measure(
        product,
        s.load,
        () => ({ method: 'GET', path: r.path, headers: headers[r.viewer] }),
        postgresPids,
      );
      r.computed = await measure(
        computing,
        s.load,
        () => ({ method: 'GET', path: r.path, headers: headers[r.viewer] }),
        postgresPids,
      );
      // One agent alone, each poll computed: the latency of a list that changed since the last poll.
      r.alone = await measure(computing, { ...s.load, connections: 1, warmup: 1, duration: 4 }, () => ({
        method: 'GET',
        path: r.path,
        headers: headers[r.viewer],
      }));
      r.baseline = await measure(
        bare,
        s.load,
        () => ({ method: 'GET', path: `/bare/${r.key}` }),
        postgresPids,
      );
      console.log(
        `product ${r.product.requestsPerSec} req/s p50 ${r.product.latencyMs.p50} ms | computing ${r.computed.requestsPerSec} req/s p50 ${r.computed.latencyMs.p50} ms | bare ${r.baseline.requestsPerSec} req/s p50 ${r.baseline.latencyMs.p50} ms`,
      );
    }
    const recent = (await fetch(`${product.url}/api/v1/conversation/poll?limit=5`, {
      headers: headers.admin,
    }).then((x) => x.json())) as { data: { conversations: { conversation_id: number }[] } };
    const ids = recent.data.conversations.map((c) => c.conversation_id);
    ai.push(await timeAi(product.url, headers.admin, ids, 'ai-summary'));
    ai.push(await timeAi(product.url, headers.admin, ids, 'ai-completion'));
  } finally {
    for (const server of servers) await server.stop();
  }

  const out: InboxResults = {
    date: new Date().toISOString(),
    machine,
    load: s.load,
    data: data.counts,
    generateSeconds: generated ? data.seconds : null,
    scenarios: results,
    ai,
  };
  const jsonPath = path.join(here, 'results', `inbox-${stamp}.json`);
  fs.writeFileSync(jsonPath, `${JSON.stringify(out, null, 2)}\n`);
  // Issue 44's sorts have their own section, written by any run; a run of a few calls (`BENCH_INBOX_ONLY`)
  // leaves the full inbox poll's section as the last full run wrote it.
  const summaryFile = path.join(here, 'RESULTS.md');
  const rel = path.relative(root, jsonPath);
  writeSection(summaryFile, SORTS_SECTION, inboxSortsSection(out, rel));
  if (!only) writeInboxSection(summaryFile, inboxSection(out, rel));
  console.log(
    `raw results: ${rel}; summary: bench/RESULTS.md (${only ? 'Inbox sorts section' : 'Inbox poll and Inbox sorts sections'})`,
  );
  if (!reuse) await admin(`drop database if exists ${dbName} with (force)`);
}

main()
  .catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(tmp, { recursive: true, force: true }));
