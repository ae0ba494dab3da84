/**
 * Portal poll and send under load: the product on PostgreSQL, the product on PGlite, and the bare
 * Fastify + `pg` baseline on the same PostgreSQL database, in one run. `npm run bench`; knobs in README.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client.ts';
import { describe, generate } from './generate.ts';
import { measure } from './lib/load.ts';
import { machineInfo } from './lib/machine.ts';
import { type ServerProcess, startServer, waitForQuiet } from './lib/processes.ts';
import { summarizeProfiles } from './lib/profile.ts';
import {
  type BenchResults,
  type ScenarioName,
  type ScenarioRun,
  SEND_TARGETS,
  summarize,
  type TargetName,
  writeResultsMarkdown,
} from './lib/report.ts';
import {
  answerShape,
  checkSend,
  latestMessageIds,
  pollRequests,
  type Session,
  sendRequests,
} from './lib/scenarios.ts';
import { postgresPidsOf } from './lib/sections.ts';
import { readSettings } from './lib/settings.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const {
  load,
  rounds,
  targets,
  onPostgres,
  scenarios,
  profiled,
  adminUrl,
  benchDb,
  benchUrl,
  basePort,
  quietWait,
  quietBusy,
  dataOptions,
  keepDb,
} = readSettings(process.env);
const stamp = new Date()
  .toISOString()
  .replace(/\.\d+Z$/, 'Z')
  .replace(/:/g, '-');
const resultsDir = path.join(here, 'results');
// Raw profiles are large: they go to the git-ignored bench/.data, their summary next to the results.
const profileDir = path.join(here, '.data', `profiles-${stamp}`);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-bench-'));

// The limits stay on (their cost is part of the product) but out of reach: 50 connections from one IP
// would otherwise be refused within a second. Real traffic comes from many IPs and tokens.
const productEnv = {
  LOG_LEVEL: 'warn',
  DEMO_DATA: 'false',
  ADMIN_EMAIL: 'bench-admin@bench.test',
  ADMIN_PASSWORD: 'bench-admin-password',
  PORTAL_MESSAGES_PER_MINUTE_PER_IP: '1000000000',
  PORTAL_MESSAGES_PER_MINUTE_PER_TOKEN: '1000000000',
};

interface Target {
  name: TargetName;
  /** PostgreSQL processes working for this target, for the CPU accounting. */
  postgresPids?(): Promise<number[]>;
  start(label: string): Promise<ServerProcess>;
  /** Same starting point for each scenario: no dead rows or pending checkpoint left by the previous one. */
  settle?(): Promise<void>;
}

// One folder per scenario: tsx's loader thread writes its own profile next to the main thread's.
const profileArgs = (label: string) =>
  profiled ? ['--cpu-prof', `--cpu-prof-dir=${path.join(profileDir, label)}`] : [];

function productTarget(name: TargetName, port: number, dbEnv: Record<string, string>): Target {
  return {
    name,
    start: (label) =>
      startServer({
        name,
        script: 'src/main.ts',
        cwd: path.join(root, 'server'),
        port,
        env: { ...productEnv, DATA_DIR: path.join(tmp, name), ...dbEnv },
        nodeArgs: profileArgs(label),
        healthPath: '/api/v1/health',
      }),
  };
}

/** One statement per query: VACUUM and CREATE DATABASE refuse to run inside an implicit transaction. */
async function adminQuery(statements: string | string[], url = adminUrl) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    let rows: Record<string, unknown>[] = [];
    for (const sql of [statements].flat()) rows = (await client.query(sql)).rows;
    return rows;
  } finally {
    await client.end();
  }
}

async function prepareData(opts: { databaseUrl?: string; dataDir: string }) {
  const database = await openDatabase(opts);
  try {
    await database.migrate();
    const made = await generate(database.db, dataOptions);
    console.log(describe(made));
    return made;
  } finally {
    await database.close();
  }
}

async function runScenario(target: Target, scenario: ScenarioName, round: number, sessions: Session[]) {
  await target.settle?.();
  const label = `${target.name}-${scenario}-r${round}`;
  const server = await target.start(label);
  try {
    const tag = `${stamp}-${label}`;
    if (scenario === 'send') await checkSend(server.url, sessions[0]!, tag);
    const next =
      scenario === 'poll'
        ? pollRequests(sessions, await latestMessageIds(server.url, sessions))
        : sendRequests(sessions, tag);
    process.stdout.write(`  ${label.padEnd(32)} `);
    const quiet = await waitForQuiet(quietWait, quietBusy);
    if (quiet.busyBefore > quietBusy)
      process.stdout.write(`(machine still ${Math.round(quiet.busyBefore * 100)}% busy) `);
    const m = await measure(server, load, next, target.postgresPids);
    console.log(
      `${String(m.requestsPerSec).padStart(6)} req/s  p50 ${m.latencyMs.p50} ms  p99 ${m.latencyMs.p99} ms  ` +
        `non-2xx ${m.non2xx}  errors ${m.errors}  node ${m.cpu.serverUsPerRequest} µs/req  pg ${m.cpu.postgresUsPerRequest} µs/req` +
        `  ${m.statementsPerRequest ?? '?'} statements/req`,
    );
    return { target: target.name, scenario, round, quiet, ...m } satisfies ScenarioRun;
  } finally {
    await server.stop();
  }
}

const oneLine = (made: Awaited<ReturnType<typeof prepareData>>) =>
  describe(made)
    .split('\n')
    .slice(1)
    .map((s) => s.trim())
    .join('; ');

interface Collected {
  runs: ScenarioRun[];
  data: Record<string, string>;
  shapes: Record<string, unknown>;
}

async function benchPostgres(out: Collected) {
  console.log(`\nPostgreSQL: database ${benchDb}`);
  await adminQuery(`drop database if exists ${benchDb} with (force)`);
  await adminQuery(`create database ${benchDb}`);
  try {
    const made = await prepareData({ databaseUrl: benchUrl, dataDir: tmp });
    out.data.PostgreSQL = oneLine(made);
    const settle = async () => {
      await adminQuery(
        ['vacuum analyze conversations, messages, portal_sessions, customers', 'checkpoint'],
        benchUrl,
      );
    };
    const postgresPids = postgresPidsOf(adminUrl, benchDb);
    const product: Target = {
      ...productTarget('product-postgres', basePort + 1, { DATABASE_URL: benchUrl }),
      settle,
      postgresPids,
    };
    const baselineTarget = (name: TargetName, port: number, extraEnv: Record<string, string>): Target => ({
      name,
      settle,
      postgresPids,
      start: (label) =>
        startServer({
          name,
          script: 'bench/baseline.ts',
          nodeArgs: profileArgs(label),
          cwd: root,
          port,
          env: { DATABASE_URL: benchUrl, ...extraEnv },
          healthPath: '/api/v1/health',
        }),
    });
    const baseline = baselineTarget('baseline-postgres', basePort + 2, {});
    // The same baseline with named (plan-cached) statements, as the product runs its hot ones: the target's.
    const prepared = baselineTarget('baseline-prepared-postgres', basePort + 4, { BASELINE_PREPARED: '1' });
    // The product's durable work alone (session, message, its event, the conversation; one transaction,
    // named statements): issue 43's baseline for the send.
    const durable = baselineTarget('baseline-durable-postgres', basePort + 5, {
      BASELINE_PREPARED: '1',
      BASELINE_DURABLE: '1',
    });
    const chosen = [product, durable, baseline, prepared].filter((t) => targets.has(t.name));
    for (const t of chosen) {
      const server = await t.start(`${t.name}-shape`);
      out.shapes[t.name] = await answerShape(server.url, made.active[0]!).finally(() => server.stop());
    }
    for (let round = 1; round <= rounds; round++) {
      // Alternate who goes first so table growth and cache warmth do not favour one side.
      const order = round % 2 === 1 ? chosen : [...chosen].reverse();
      for (const scenario of scenarios) {
        for (const t of order) out.runs.push(await runScenario(t, scenario, round, made.active));
      }
    }
  } finally {
    if (!keepDb) await adminQuery(`drop database if exists ${benchDb} with (force)`);
  }
}

async function benchPglite(out: Collected) {
  console.log('\nPGlite (embedded, in the server process)');
  const made = await prepareData({ dataDir: path.join(tmp, 'product-pglite') });
  out.data.PGlite = oneLine(made);
  const product = productTarget('product-pglite', basePort + 3, {});
  for (let round = 1; round <= rounds; round++) {
    for (const scenario of scenarios) out.runs.push(await runScenario(product, scenario, round, made.active));
  }
}

async function main() {
  const out: Collected = { runs: [], data: {}, shapes: {} };
  const machine = await machineInfo(onPostgres ? adminUrl : null);
  console.log(`bench: ${machine.cpus} cores, Node ${machine.node}, ${machine.postgres}`);
  console.log(
    `load: ${load.connections} connections, ${load.warmup} s warm-up + ${load.duration} s, ${rounds} round(s)`,
  );
  if (onPostgres) await benchPostgres(out);
  if (targets.has('product-pglite')) await benchPglite(out);
  const { runs, data, shapes } = out;

  const { summary, ratios } = summarize(runs);
  const results: BenchResults = {
    date: new Date().toISOString(),
    command: [
      profiled ? 'BENCH_CPU_PROF=1' : '',
      rounds !== 1 ? `BENCH_ROUNDS=${rounds}` : '',
      'npm run bench',
    ]
      .filter(Boolean)
      .join(' '),
    profiled,
    machine,
    settings: { ...load, rounds, productEnv },
    data,
    shapes,
    runs,
    summary,
    ratios,
    target: 0.7,
  };
  fs.mkdirSync(resultsDir, { recursive: true });
  const jsonPath = path.join(resultsDir, `${stamp}${profiled ? '-profiled' : ''}.json`);
  fs.writeFileSync(jsonPath, `${JSON.stringify(results, null, 2)}\n`);
  for (const [baseline, byScenario] of Object.entries(ratios)) {
    const shown = Object.entries(byScenario).map(([s, r]) => `${s} ${Math.round(r * 100)}%`);
    const target = SEND_TARGETS[baseline as keyof typeof SEND_TARGETS];
    console.log(
      `\nproduct / ${baseline}: ${shown.join(', ') || 'n/a'}${target ? ` (send target ${Math.round(target * 100)}%)` : ''}`,
    );
  }
  console.log(`raw results: ${path.relative(root, jsonPath)}`);
  if (profiled) {
    const summaryPath = path.join(resultsDir, `${stamp}-profiles.md`);
    fs.writeFileSync(summaryPath, summarizeProfiles(profileDir));
    console.log(
      `profiled run (not comparable, RESULTS.md left alone); summary: ${path.relative(root, summaryPath)}, ` +
        `raw profiles (open in Chrome DevTools): ${path.relative(root, profileDir)}`,
    );
  } else {
    writeResultsMarkdown(path.join(here, 'RESULTS.md'), results, path.relative(root, jsonPath));
    console.log('summary: bench/RESULTS.md');
  }
}

/** `run.ts --render <results.json>`: rewrites RESULTS.md from stored numbers (after a change of the report). */
async function render(file: string) {
  const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as BenchResults;
  const { summary, ratios } = summarize(stored.runs);
  writeResultsMarkdown(
    path.join(here, 'RESULTS.md'),
    { ...stored, summary, ratios },
    path.relative(root, file),
  );
  console.log(`bench/RESULTS.md rendered from ${path.relative(root, file)}`);
}

(process.argv[2] === '--render' ? render(path.resolve(process.argv[3] ?? '')) : main())
  .catch((err) => {
    console.error(err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(tmp, { recursive: true, force: true }));
