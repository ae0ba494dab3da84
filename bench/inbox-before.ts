/**
 * The inbox poll now against the code issue 9 started from, both through the product, on the same machine
 * in the same run, rounds alternated. Issue 9's targets are absolute rates next to rates it measured on
 * another machine (its first page 240 req/s); machines here differ by up to three times, so this bench
 * reads the targets as what they are against the issue's own starting point: ratios.
 *
 *   cd server && BENCH_INBOX_REUSE=1 npx tsx ../bench/inbox.ts   # once, for the data
 *   cd server && npx tsx ../bench/inbox-before.ts
 *   cd server && npx tsx ../bench/inbox-before.ts --render ../bench/results/inbox-before-<date>.json
 *
 * The code before is checked out into a temporary git worktree (`npm ci` there) and runs on a copy of the
 * inbox bench's database, so its start can change nothing the inbox bench reads. Polls now are computed
 * (`INBOX_LIST_CACHE=false`): the code before had no list cache, and a cached answer would measure nothing.
 *
 * Knobs: BENCH_BEFORE_COMMIT (default 7300a49, the last commit before issue 9's first), BENCH_ROUNDS
 * (default 2), BENCH_INBOX_DB, BENCH_CONNECTIONS, BENCH_DURATION, BENCH_WARMUP, BENCH_PG_URL, BENCH_PORT, BENCH_QUIET_WAIT.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeSection, ISSUE_9, type PairResult } from './inbox-before-report.ts';
import { INBOX_CALLS } from './inbox-calls.ts';
import type { InboxData } from './inbox-generate.ts';
import { type Measured, measure } from './lib/load.ts';
import { machineInfo } from './lib/machine.ts';
import { type ServerProcess, sleep, waitForQuiet } from './lib/processes.ts';
import { consoleHeaders, startProduct, writeResults } from './lib/product.ts';
import { adminQuery, databaseUrl, postgresPidsOf, writeBenchSection } from './lib/sections.ts';
import { readSettings } from './lib/settings.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const env = process.env;
const s = readSettings(env);
const rounds = env.BENCH_ROUNDS ? s.rounds : 2;
const commit = env.BENCH_BEFORE_COMMIT || '7300a49';
const nowDb = env.BENCH_INBOX_DB || 'inbox_bench_inbox';
if (!/^[a-z_][a-z0-9_]*$/.test(nowDb)) throw new Error('BENCH_INBOX_DB must be a plain lowercase name');
const beforeDb = 'inbox_bench_before';
const dataFile = path.join(here, 'results', `inbox-data-${nowDb}.json`);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-before-bench-'));
const tree = path.join(tmp, 'before');
const admin = (text: string) => adminQuery(s.adminUrl, text);
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();

/**
 * Indexes the code before relied on that later migrations replaced: 0020 moved the message search onto a
 * stored column and rebuilt `messages_content_search_idx` there, while the code before searches
 * `to_tsvector('simple', content)` (its index from 0002). Without it the copy would scan every message for a
 * search, which the code before never did. Indexes that later migrations only widened still serve it.
 */
const BEFORE_INDEXES = [
  `create index messages_content_words_before_idx on messages using gin (to_tsvector('simple', content))`,
];

/**
 * Waits until nothing runs on `db`, cancelling what still does. A side too slow to answer within the load's
 * timeout leaves its pool working through requests whose clients are gone; that work would otherwise be
 * measured as the other side's load.
 */
async function drain(db: string) {
  const deadline = Date.now() + 120_000;
  for (let idle = 0; idle < 3 && Date.now() < deadline; ) {
    const running = await admin(
      `select pg_cancel_backend(pid) from pg_stat_activity
        where datname = '${db}' and state = 'active' and pid <> pg_backend_pid()`,
    );
    idle = running.length === 0 ? idle + 1 : 0;
    await sleep(500);
  }
}

const startSide = (name: 'before' | 'now', serverDir: string, db: string, port: number) =>
  startProduct({
    name,
    url: databaseUrl(s.adminUrl, db),
    port,
    serverDir,
    tmpPrefix: `inbox-${name}-`,
    env: { AI_BASE_URL: '', INBOX_LIST_CACHE: 'false' },
  });

interface Answer {
  status: number;
  total: number;
  ids: number[];
  nextCursor: string | null;
}

async function answerOf(server: ServerProcess, pathAndQuery: string, headers: Record<string, string>) {
  const res = await fetch(`${server.url}${pathAndQuery}`, { headers });
  const body = (await res.json()) as {
    data?: { total: number; conversations: { conversation_id: number }[]; next_cursor?: string | null };
  };
  return {
    status: res.status,
    total: body.data?.total ?? -1,
    ids: body.data?.conversations.map((c) => c.conversation_id) ?? [],
    nextCursor: body.data?.next_cursor ?? null,
  } satisfies Answer;
}

const pollPath = (query: Record<string, string>) => {
  const qs = new URLSearchParams(query).toString();
  return `/api/v1/conversation/poll${qs ? `?${qs}` : ''}`;
};

const median = (xs: number[]) => {
  const v = [...xs].sort((a, b) => a - b);
  const m = Math.floor(v.length / 2);
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
};

const sideOf = (runs: Measured[]) => ({
  reqPerSec: Math.round(median(runs.map((r) => r.requestsPerSec))),
  p50: median(runs.map((r) => r.latencyMs.p50)),
  p99: median(runs.map((r) => r.latencyMs.p99)),
  nodeMs: median(runs.map((r) => r.cpu.serverUsPerRequest)) / 1000,
  postgresMs: median(runs.map((r) => r.cpu.postgresUsPerRequest)) / 1000,
  non2xx: runs.reduce((a, r) => a + r.non2xx + r.errors, 0),
  runs,
});

async function main() {
  if (
    !fs.existsSync(dataFile) ||
    (await admin(`select 1 from pg_database where datname = '${nowDb}'`)).length === 0
  )
    throw new Error(`no ${nowDb}: run \`cd server && BENCH_INBOX_REUSE=1 npx tsx ../bench/inbox.ts\` first`);
  const data = JSON.parse(fs.readFileSync(dataFile, 'utf8')) as InboxData;
  const machine = await machineInfo(s.adminUrl);
  const fullCommit = git('rev-parse', '--verify', `${commit}^{commit}`);
  console.log(
    `inbox before/now: ${machine.cpus} cores; before = ${fullCommit.slice(0, 12)}; ${rounds} rounds`,
  );
  git('worktree', 'add', '--detach', tree, fullCommit);
  const servers: ServerProcess[] = [];
  try {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: tree, stdio: 'ignore' });
    await admin(`drop database if exists ${beforeDb} with (force)`);
    await admin(`create database ${beforeDb} template ${nowDb}`);
    for (const ddl of BEFORE_INDEXES) await adminQuery(databaseUrl(s.adminUrl, beforeDb), ddl);
    const before = await startSide('before', path.join(tree, 'server'), beforeDb, s.basePort + 21);
    servers.push(before);
    const now = await startSide('now', path.join(root, 'server'), nowDb, s.basePort + 22);
    servers.push(now);
    const sides = [
      { name: 'before' as const, server: before, db: beforeDb, pids: postgresPidsOf(s.adminUrl, beforeDb) },
      { name: 'now' as const, server: now, db: nowDb, pids: postgresPidsOf(s.adminUrl, nowDb) },
    ];
    const headers = {
      before: {
        admin: await consoleHeaders(before.url, data.admin.email),
        agent: await consoleHeaders(before.url, data.agent.email),
      },
      now: {
        admin: await consoleHeaders(now.url, data.admin.email),
        agent: await consoleHeaders(now.url, data.agent.email),
      },
    };
    const results: PairResult[] = [];
    for (const viewer of ['admin', 'agent'] as const) {
      const calls = INBOX_CALLS(data).map(({ query, ...c }) => ({ ...c, before: query, now: query }));
      for (const c of calls) {
        const paths = { before: pollPath(c.before), now: pollPath(c.now) };
        const answers = {
          before: await answerOf(before, paths.before, headers.before[viewer]),
          now: await answerOf(now, paths.now, headers.now[viewer]),
        };
        // The console's "Next" from the deep page: the code before had only offsets, this one asks by cursor.
        if (c.slug === 'deep' && answers.now.nextCursor) {
          calls.push({
            slug: 'deep-next',
            scenario:
              'the next page after the deep page (rows 10,051-10,100): before by offset, now by cursor',
            before: { offset: '10050' },
            now: { offset: '10050', after: answers.now.nextCursor },
          });
        }
        if (answers.before.status !== 200 || answers.now.status !== 200 || answers.now.ids.length === 0)
          throw new Error(`${viewer} ${c.slug}: answers ${answers.before.status} and ${answers.now.status}`);
        const runs: Record<'before' | 'now', Measured[]> = { before: [], now: [] };
        process.stdout.write(`  ${`${viewer}-${c.slug}`.padEnd(24)}`);
        for (let round = 0; round < rounds; round++) {
          // Alternated, so a machine that slows down or speeds up during the run weighs on both sides alike.
          for (const side of round % 2 ? [...sides].reverse() : sides) {
            await waitForQuiet(s.quietWait, s.quietBusy);
            const h = headers[side.name][viewer];
            const m = await measure(
              side.server,
              s.load,
              () => ({ method: 'GET', path: paths[side.name], headers: h }),
              side.pids,
            );
            runs[side.name].push(m);
            await drain(side.db);
            process.stdout.write(` ${side.name} ${m.requestsPerSec}`);
          }
        }
        console.log('');
        results.push({
          viewer,
          slug: c.slug,
          scenario: c.scenario,
          paths,
          answers: {
            before: { rows: answers.before.ids.length, total: answers.before.total },
            now: { rows: answers.now.ids.length, total: answers.now.total },
            samePage: answers.before.ids.join() === answers.now.ids.join(),
          },
          before: sideOf(runs.before),
          now: sideOf(runs.now),
        });
      }
    }
    const payload = {
      machine,
      load: s.load,
      rounds,
      commit: fullCommit,
      issue9: ISSUE_9,
      data: data.counts,
      results,
    };
    const jsonPath = writeResults(here, 'inbox-before', payload);
    writeSection(jsonPath, payload);
    console.log(`raw results: ${path.relative(root, jsonPath)}; summary: bench/RESULTS.md`);
  } finally {
    for (const server of servers) await server.stop();
    await admin(`drop database if exists ${beforeDb} with (force)`).catch(() => {});
    git('worktree', 'remove', '--force', tree);
  }
}

function writeSection(jsonPath: string, payload: Parameters<typeof beforeSection>[0]) {
  writeBenchSection({
    benchDir: here,
    marker: 'before-inbox',
    script: 'inbox-before.ts',
    heading: 'Inbox poll against the code issue 9 started from',
    jsonPath,
    body: beforeSection(payload),
  });
}

// `--render <results json>` writes the section again from stored numbers (after a change to the report).
const render = process.argv[2] === '--render' ? process.argv[3] : undefined;
(render
  ? Promise.resolve(writeSection(path.resolve(render), JSON.parse(fs.readFileSync(render, 'utf8'))))
  : main()
)
  .catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(tmp, { recursive: true, force: true }));
