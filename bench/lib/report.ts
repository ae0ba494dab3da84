import fs from 'node:fs';
import type { Measured } from './load.ts';
import type { MachineInfo } from './machine.ts';

export const TARGETS = [
  'product-postgres',
  'baseline-postgres',
  'product-pglite',
  'baseline-prepared-postgres',
  'baseline-durable-postgres',
] as const;
export type TargetName = (typeof TARGETS)[number];
export type ScenarioName = 'poll' | 'send';
export type BaselineName = 'baseline-postgres' | 'baseline-prepared-postgres' | 'baseline-durable-postgres';
const BASELINES: readonly BaselineName[] = [
  'baseline-durable-postgres',
  'baseline-prepared-postgres',
  'baseline-postgres',
];
/**
 * Issue 43's targets for the send, on PostgreSQL: at least this share of the baseline that does the
 * product's durable work (session, message, event, conversation in one transaction, named statements) and
 * of the prepared bare baseline.
 */
export const SEND_TARGETS: Partial<Record<BaselineName, number>> = {
  'baseline-durable-postgres': 0.85,
  'baseline-prepared-postgres': 0.6,
};
/**
 * The product runs its hot statements as named prepared statements (decision 010), so the comparison that
 * decides the target is the one with the baseline doing the same; the other is shown beside it.
 */
export const JUDGED_BASELINE: BaselineName = 'baseline-prepared-postgres';

export interface ScenarioRun extends Measured {
  target: TargetName;
  scenario: ScenarioName;
  round: number;
  /** How busy the machine was just before measuring, and how long the run waited for it to calm down. */
  quiet: { busyBefore: number; waitedSec: number };
}

export interface BenchResults {
  date: string;
  command: string;
  profiled: boolean;
  machine: MachineInfo;
  settings: {
    connections: number;
    duration: number;
    warmup: number;
    rounds: number;
    productEnv: Record<string, string>;
  };
  data: Record<string, string>;
  shapes: Record<string, unknown>;
  runs: ScenarioRun[];
  summary: ScenarioRun[];
  /** Product / baseline per scenario, for each baseline that ran. */
  ratios: Partial<Record<BaselineName, Partial<Record<ScenarioName, number>>>>;
  target: number;
}

/** A run during which other processes took more than this share of the machine is not trusted. */
export const NOISY_SHARE = 0.15;
const otherShare = (r: ScenarioRun) => r.cpu.otherSeconds / Math.max(r.cpu.machineTotalSeconds, 0.01);
const median = <T>(sorted: T[]) => sorted[Math.floor((sorted.length - 1) / 2)]!;

/**
 * With several rounds, the run with the median throughput stands for the scenario (its latencies too).
 * Runs disturbed by other work are left out whenever quiet ones exist.
 */
export function summarize(runs: ScenarioRun[]) {
  const quiet = (g: ScenarioRun[]) => {
    const calm = g.filter((r) => otherShare(r) <= NOISY_SHARE);
    return calm.length ? calm : g;
  };
  const groups = new Map<string, ScenarioRun[]>();
  for (const r of runs) {
    const key = `${r.scenario}/${r.target}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  const summary = [...groups.values()].map((g) =>
    median(quiet(g).sort((a, b) => a.requestsPerSec - b.requestsPerSec)),
  );
  // Product and baseline of one round ran back to back, so their ratio cancels slow drift of the machine;
  // the median of the rounds' ratios is the one reported (rounds where both were quiet, when there are).
  const find = (t: TargetName, s: ScenarioName, round: number) =>
    runs.find((r) => r.target === t && r.scenario === s && r.round === round);
  const ratios: BenchResults['ratios'] = {};
  for (const baseline of BASELINES) {
    for (const s of ['poll', 'send'] as const) {
      const pairs = [...new Set(runs.map((r) => r.round))]
        .map((round) => [find('product-postgres', s, round), find(baseline, s, round)] as const)
        .filter((p): p is readonly [ScenarioRun, ScenarioRun] => Boolean(p[0] && p[1]?.requestsPerSec));
      const calm = pairs.filter(([p, b]) => otherShare(p) <= NOISY_SHARE && otherShare(b) <= NOISY_SHARE);
      const perRound = (calm.length ? calm : pairs).map(([p, b]) => p.requestsPerSec / b.requestsPerSec);
      if (perRound.length) {
        ratios[baseline] = {
          ...ratios[baseline],
          [s]: Math.round(median(perRound.sort((a, b) => a - b)) * 1000) / 1000,
        };
      }
    }
  }
  return { summary, ratios };
}

const NOTES_START = '<!-- notes: kept across runs -->';
const NOTES_END = '<!-- /notes -->';

/** The hand-written notes of the previous RESULTS.md survive a regeneration. */
function keptNotes(file: string) {
  if (!fs.existsSync(file)) return '';
  const text = fs.readFileSync(file, 'utf8');
  const a = text.indexOf(NOTES_START);
  const b = text.indexOf(NOTES_END);
  return a >= 0 && b > a ? text.slice(a + NOTES_START.length, b).trim() : '';
}

/**
 * Sections other benchmarks write into RESULTS.md between their own markers
 * (`<!-- name: written by ... -->` ... `<!-- /name -->`) are carried over unchanged.
 */
function foreignSections(file: string) {
  if (!fs.existsSync(file)) return [];
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/<!-- ([a-z0-9-]+): written by [^>]*-->[\s\S]*?<!-- \/\1 -->/g)].map((m) => m[0]);
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

export function writeResultsMarkdown(file: string, res: BenchResults, jsonPath: string) {
  const m = res.machine;
  const lines = [
    '# Portal benchmark results',
    '',
    `Measured ${res.date} with \`${res.command}\`; raw numbers in \`${jsonPath}\`. Regenerated by every run;`,
    'only the notes block at the end is kept.',
    '',
    '## Machine',
    '',
    `- CPU: ${m.cpus} cores (${m.cpuModel}); memory ${m.memoryGiB} GiB; Linux ${m.kernel}`,
    `- Node ${m.node}; ${m.postgres}; ${m.pglite} (PostgreSQL 18 in WASM, in the server process)`,
    `- ${Object.entries(m.libraries)
      .map(([k, v]) => `${k} ${v}`)
      .join(', ')}`,
    '- Load generator (autocannon), servers and PostgreSQL share the same cores, as on the reference machine.',
    '',
    '## Settings',
    '',
    `- ${res.settings.connections} connections, ${res.settings.warmup} s warm-up (discarded) then ${res.settings.duration} s measured, ${res.settings.rounds} round(s) (the median round is shown)`,
    ...Object.entries(res.data).map(([k, v]) => `- data on ${k}: ${v}`),
    `- product started as \`server/src/main.ts\` with ${Object.entries(res.settings.productEnv)
      .map(([k, v]) => `\`${k}=${v}\``)
      .join(', ')}`,
    '',
    '## Results',
    '',
    '| scenario | server | req/s | p50 ms | p99 ms | non-2xx | errors | server CPU µs/req | PostgreSQL CPU µs/req | PostgreSQL statements/req | machine busy | other processes |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...res.summary.map(
      (r) =>
        `| ${r.scenario} | ${r.target} | ${r.requestsPerSec.toLocaleString('en-US')} | ${r.latencyMs.p50} | ${r.latencyMs.p99} | ${r.non2xx} | ${r.errors} | ${r.cpu.serverUsPerRequest} | ${r.target === 'product-pglite' ? '(in server)' : r.cpu.postgresUsPerRequest} | ${r.statementsPerRequest ?? ''} | ${pct(r.cpu.machineBusySeconds / Math.max(r.cpu.machineTotalSeconds, 0.01))} | ${pct(r.cpu.otherSeconds / Math.max(r.cpu.machineTotalSeconds, 0.01))} |`,
    ),
    ...noisyWarning(res.summary),
    ...allRuns(res),
    '',
    '## Product against the bare baseline (both on PostgreSQL)',
    '',
    `Target (issue 3): the product reaches at least ${pct(res.target)} of the bare Fastify + \`pg\` baseline` +
      (res.settings.rounds > 1
        ? ' (median over the rounds of product / baseline in the same round; rounds where other processes took more than 15% of the machine are left out when quiet ones exist).'
        : '.') +
      ' The product names its hot statements, so PostgreSQL plans each once per connection (decision 010);' +
      ' the baseline that does the same decides the target. The baseline with unnamed statements, planned on' +
      ' every call, is shown beside it.',
    '',
    ...ratioLines(res),
    '',
    '## Where the time goes (from the CPU accounting of the measured part)',
    '',
    ...whereTimeGoes(res.summary),
    '',
    '## Notes',
    '',
    NOTES_START,
    keptNotes(file) || '(none yet)',
    NOTES_END,
    '',
    ...foreignSections(file).flatMap((section) => [section, '']),
  ];
  fs.writeFileSync(file, lines.join('\n'));
}

function allRuns(res: BenchResults) {
  if (res.settings.rounds < 2) return [];
  return [
    '',
    'Every round (req/s; in brackets the share of the machine other processes used):',
    '',
    '| scenario | server | ' +
      Array.from({ length: res.settings.rounds }, (_, i) => `round ${i + 1}`).join(' | ') +
      ' |',
    `|---|---|${'---:|'.repeat(res.settings.rounds)}`,
    ...res.summary.map((m) => {
      const cells = Array.from({ length: res.settings.rounds }, (_, i) => {
        const r = res.runs.find(
          (x) => x.target === m.target && x.scenario === m.scenario && x.round === i + 1,
        );
        return r
          ? `${r.requestsPerSec.toLocaleString('en-US')} (${pct(r.cpu.otherSeconds / Math.max(r.cpu.machineTotalSeconds, 0.01))})`
          : '';
      });
      return `| ${m.scenario} | ${m.target} | ${cells.join(' | ')} |`;
    }),
  ];
}

/** Another job eating the cores during a measurement makes that row meaningless; say so next to the table. */
function noisyWarning(summary: ScenarioRun[]) {
  const noisy = summary.filter((r) => otherShare(r) > NOISY_SHARE);
  if (noisy.length === 0) return [];
  return [
    '',
    `**Noisy:** other processes used more than 15% of the machine while ${noisy
      .map((r) => `${r.scenario}/${r.target}`)
      .join(
        ', ',
      )} ran; those rows (and ratios built on them) are not trustworthy. Run again on a quiet machine.`,
  ];
}

function whereTimeGoes(summary: ScenarioRun[]) {
  const out: string[] = [];
  for (const s of ['poll', 'send'] as const) {
    const p = summary.find((r) => r.scenario === s && r.target === 'product-postgres');
    const b = summary.find((r) => r.scenario === s && r.target === JUDGED_BASELINE);
    if (!p || !b) continue;
    const extraNode = p.cpu.serverUsPerRequest - b.cpu.serverUsPerRequest;
    const extraPg = p.cpu.postgresUsPerRequest - b.cpu.postgresUsPerRequest;
    const d = summary.find((r) => r.scenario === s && r.target === 'baseline-durable-postgres');
    const statements = (r: ScenarioRun) =>
      r.statementsPerRequest == null ? '' : `, ${r.statementsPerRequest} statements`;
    if (d) {
      out.push(
        `- ${s}: against \`baseline-durable-postgres\` (the same durable writes): Node ${p.cpu.serverUsPerRequest} µs ` +
          `against ${d.cpu.serverUsPerRequest} µs; PostgreSQL ${p.cpu.postgresUsPerRequest} µs${statements(p)} ` +
          `against ${d.cpu.postgresUsPerRequest} µs${statements(d)} per request.`,
      );
    }
    out.push(
      `- ${s}: the product's Node process spends ${p.cpu.serverUsPerRequest} µs of CPU per request against ` +
        `${b.cpu.serverUsPerRequest} µs for \`${JUDGED_BASELINE}\` (${extraNode >= 0 ? '+' : ''}${extraNode} µs); PostgreSQL ` +
        `spends ${p.cpu.postgresUsPerRequest} µs against ${b.cpu.postgresUsPerRequest} µs (${extraPg >= 0 ? '+' : ''}${extraPg} µs). ` +
        `The load generator used ${Math.round((p.cpu.loadgenSeconds * 1e6) / Math.max(p.ok, 1))} µs per request.`,
    );
  }
  return out.length ? out : [`(needs both product-postgres and ${JUDGED_BASELINE})`];
}

function ratioLines(res: BenchResults): string[] {
  const label = (s: ScenarioName) => (s === 'poll' ? 'empty poll' : 'send');
  const judged = res.ratios[JUDGED_BASELINE] ?? {};
  const plain = res.ratios['baseline-postgres'] ?? {};
  const durable = res.ratios['baseline-durable-postgres'] ?? {};
  const verdict = (r: number, target: number) =>
    `${r >= target ? 'meets' : `BELOW (by ${Math.round((target - r) * 100)} points)`} the target of ${pct(target)}`;
  return (['poll', 'send'] as const).flatMap((s) => {
    const lines: string[] = [];
    if (s === 'send' && durable.send !== undefined) {
      lines.push(
        `- send: **${pct(durable.send)}** of \`baseline-durable-postgres\`: ${verdict(durable.send, SEND_TARGETS['baseline-durable-postgres']!)} (issue 43)`,
      );
    }
    const r = judged[s];
    if (r !== undefined) {
      const target = s === 'send' ? SEND_TARGETS[JUDGED_BASELINE]! : res.target;
      lines.push(`- ${label(s)}: **${pct(r)}** of \`${JUDGED_BASELINE}\`: ${verdict(r, target)}`);
    }
    if (plain[s] !== undefined) lines.push(`- ${label(s)}: ${pct(plain[s])} of \`baseline-postgres\``);
    return lines;
  });
}
