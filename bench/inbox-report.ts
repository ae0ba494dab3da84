/** The "Inbox poll (issue 4)" section of bench/RESULTS.md, written between its own markers. */
import type { Measured } from './lib/load.ts';
import type { MachineInfo } from './lib/machine.ts';
import { writeSection } from './lib/sections.ts';

export interface InboxScenarioResult {
  key: string;
  viewer: 'admin' | 'agent';
  scenario: string;
  path: string;
  rows: number;
  total: number;
  statements: number;
  explain: { sql: string; executionMs: number; plan: string }[];
  sqlAlone: { runs: number; p50: number; p99: number };
  /** Statements PostgreSQL plans once when prepared (absent in runs before 2026-11-27). */
  plans?: { cached: number; of: number };
  /** Statements a poll answered from the list cache runs (absent before 2026-11-27 afternoon). */
  cachedStatements?: number;
  /** The product as it runs: repeated polls of an unchanged list are answered from its list cache. */
  product?: Measured;
  /** The product with INBOX_LIST_CACHE=false: every poll computes its list, as after every change. */
  computed?: Measured;
  baseline?: Measured;
  /** The product with one client at a time: one agent alone (computing each poll since the list cache). */
  alone?: Measured;
}

export interface InboxResults {
  date: string;
  machine: MachineInfo;
  load: { connections: number; duration: number; warmup: number };
  data: Record<string, number | string>;
  generateSeconds: number | null;
  scenarios: InboxScenarioResult[];
  ai: { call: string; runs: number; p50: number; max: number; method: string }[];
}

const START = '<!-- inbox-poll: written by bench/inbox.ts, kept by the portal report -->';
const END = '<!-- /inbox-poll -->';
/** A statement slower than this in EXPLAIN ANALYZE gets its plan shown. */
const SLOW_MS = 40;

const rate = (m?: Measured) => (m ? m.requestsPerSec.toLocaleString('en-US') : '–');
const lat = (m?: Measured) => (m ? `${m.latencyMs.p50} / ${m.latencyMs.p99}` : '–');
const ms = (us?: number) => (us === undefined ? '–' : (us / 1000).toFixed(1));
const cpu = (s: InboxScenarioResult, k: 'serverUsPerRequest' | 'postgresUsPerRequest') =>
  [s.product, s.computed, s.baseline].map((m) => ms(m?.cpu[k])).join(' / ');
const busy = (m?: Measured) =>
  m ? `${Math.round((m.cpu.otherSeconds / Math.max(m.cpu.machineTotalSeconds, 0.01)) * 100)}%` : '–';

export function inboxSection(r: InboxResults, jsonPath: string): string {
  const m = r.machine;
  const worstOf = (s: InboxScenarioResult) => [...s.explain].sort((a, b) => b.executionMs - a.executionMs)[0];
  // Judged by EXPLAIN ANALYZE rather than by latency under load, which a busy machine inflates.
  const slow = r.scenarios.filter((s) => (worstOf(s)?.executionMs ?? 0) > SLOW_MS);
  const lines = [
    START,
    '## Inbox poll (issue 4)',
    '',
    `Measured ${r.date} with \`cd server && npx tsx ../bench/inbox.ts\`; raw numbers and every query plan in \`${jsonPath}\`.`,
    `${m.cpus} cores (${m.cpuModel}), Node ${m.node}, ${m.postgres}. ${r.load.connections} connections, ${r.load.warmup} s warm-up then ${r.load.duration} s measured per row.`,
    '',
    `Data: one company with ${Object.entries(r.data)
      .map(([k, v]) => `${typeof v === 'number' ? v.toLocaleString('en-US') : v} ${k}`)
      .join(
        ', ',
      )}${r.generateSeconds ? ` (generated in ${r.generateSeconds} s)` : ''}. The admin sees everything; the agent is an agent of one app and member of one of its queues (a private queue beside it), so its list is the visibility rule at work.`,
    '',
    '`GET /api/v1/conversation/poll` through the product (auth, company check, zod, Drizzle, serialization) in two ways: as it runs, where a poll of a list unchanged since the last one is answered from the list cache (“unchanged”: every poll of the run repeats one question of an unchanging inbox), and with `INBOX_LIST_CACHE=false`, where every poll computes its list, as each poll after a change does (“computed”). Beside them the bare Fastify + `pg` route replaying the very statements the product’s poll service ran to compute the list, and those statements alone on one connection without HTTP (the database’s share of one computed poll; “planned once”: how many of them PostgreSQL serves from a cached generic plan when they run as named prepared statements, as the product runs them, where the others are planned on every call; “cached”: the statements of a poll answered from the list cache). “One client” is the computing product with a single connection, one agent alone. Latencies in ms (p50 / p99).',
    '',
    '| viewer | call | rows / total | unchanged req/s | unchanged p50 / p99 | computed req/s | computed p50 / p99 | bare req/s | bare p50 / p99 | one client p50 / p99 | SQL alone p50 / p99 | statements (planned once; cached) | Node CPU ms/req unchanged / computed / bare | PostgreSQL CPU ms/req unchanged / computed / bare | other load |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...r.scenarios.map(
      (s) =>
        `| ${s.viewer} | ${s.scenario} | ${s.rows} / ${s.total.toLocaleString('en-US')} | ${rate(s.product)} | ${lat(s.product)} | ${rate(s.computed)} | ${lat(s.computed)} | ${rate(s.baseline)} | ${lat(s.baseline)} | ${lat(s.alone)} | ${s.sqlAlone.p50} / ${s.sqlAlone.p99} | ${s.statements}${s.plans ? ` (${s.plans.cached}` : ' ('}${s.cachedStatements === undefined ? '' : `; ${s.cachedStatements}`}) | ${cpu(s, 'serverUsPerRequest')} | ${cpu(s, 'postgresUsPerRequest')} | ${busy(s.product)} |`,
    ),
    '',
  ];
  if (r.ai.length) {
    lines.push(
      'AI calls on the same data without an AI service (sequential, offline methods): ' +
        r.ai.map((a) => `\`${a.call}\` p50 ${a.p50} ms, max ${a.max} ms (${a.method})`).join('; ') +
        '.',
      '',
    );
  }
  if (slow.length === 0) {
    lines.push(`No statement took over ${SLOW_MS} ms in EXPLAIN ANALYZE; the plans are in the JSON.`);
  } else {
    lines.push(`### Plans of the statements over ${SLOW_MS} ms (the costliest of each call)`, '');
    for (const s of slow) {
      const worst = worstOf(s);
      if (!worst) continue;
      const plan = worst.plan.split('\n');
      lines.push(
        `${s.viewer}, ${s.scenario}: ${worst.executionMs} ms in EXPLAIN ANALYZE`,
        '',
        '```',
        ...plan.slice(0, 30),
        ...(plan.length > 30 ? ['…'] : []),
        '```',
        '',
      );
    }
  }
  lines.push('', '<!-- inbox-notes -->', '<!-- /inbox-notes -->', END);
  return lines.join('\n');
}

/** Replaces the section when present (keeping its hand-written notes), else appends it. */
export const writeInboxSection = (file: string, section: string) =>
  writeSection(file, { start: START, end: END, notes: 'inbox-notes' }, section);
