import type { MachineInfo } from './lib/machine.ts';

/** What issue 9 measured of the code before it, on its own machine, and the targets it set against that. */
export const ISSUE_9 = {
  /** "two cores serve about 240 first-page polls a second at 50 connections (p99 284 ms)": the admin's. */
  adminFirstPage: 240,
  /** "the first page costs 6.5 ms of PostgreSQL CPU per poll". */
  adminFirstPagePostgresMs: 6.5,
  /** "an agent's deep page about 90/s". */
  agentDeepPage: 90,
  /** "an order-number search ... 56 to 77 req/s". */
  orderSearch: [56, 77] as const,
  /** "the first page, each filter and a deep page at 1,000 req/s or more with p99 under 100 ms". */
  listRate: 1000,
  /** "Search by order number, email, phone or words of a message: 500 req/s or more with p99 under 100 ms". */
  searchRate: 500,
  p99Ms: 100,
};

/** The issue's target for a call; a common last name is not among the searches it names. */
export function targetOf(slug: string): number | null {
  if (['first', 'open-unassigned', 'deep', 'deep-next'].includes(slug)) return ISSUE_9.listRate;
  if (['search-order', 'search-email', 'search-phone', 'search-word'].includes(slug))
    return ISSUE_9.searchRate;
  return null;
}

interface Side {
  reqPerSec: number;
  p50: number;
  p99: number;
  nodeMs: number;
  postgresMs: number;
  non2xx: number;
}

export interface PairResult {
  viewer: 'admin' | 'agent';
  slug: string;
  scenario: string;
  paths: { before: string; now: string };
  answers: {
    before: { rows: number; total: number };
    now: { rows: number; total: number };
    samePage: boolean;
  };
  before: Side;
  now: Side;
}

const n = (x: number) => Math.round(x).toLocaleString('en-US');
const ms = (x: number) => x.toFixed(1);

/** The body of the RESULTS.md section: how it ran, the table, and the issue's targets read through the scale. */
export function beforeSection(p: {
  machine: MachineInfo;
  load: { connections: number; duration: number; warmup: number };
  rounds: number;
  commit: string;
  results: PairResult[];
}): string[] {
  const at = (viewer: string, slug: string) => p.results.find((r) => r.viewer === viewer && r.slug === slug);
  const first = at('admin', 'first');
  // How much faster the issue's machine ran the code before than this one did: the scale for every call.
  const k = first ? ISSUE_9.adminFirstPage / first.before.reqPerSec : 1;
  const deep = at('agent', 'deep');
  const orders = ['admin', 'agent'].map((v) => at(v, 'search-order')?.before.reqPerSec ?? 0);
  const lines = [
    `${p.machine.cpus} cores (${p.machine.cpuModel}), Node ${p.machine.node}, ${p.machine.postgres}. ${p.load.connections} connections, ${p.load.warmup} s warm-up then ${p.load.duration} s measured, ${p.rounds} rounds alternated (medians shown).`,
    '',
    `Both sides through the product on the inbox bench's data (100,000 conversations), every poll computed: "before" is commit \`${p.commit.slice(0, 12)}\`, the code issue 9 started from, on a copy of the database; "now" is this checkout with \`INBOX_LIST_CACHE=false\`. "Same page" says whether both answered the same conversations in the same order. Issue 9's targets are rates next to rates it measured of the code before on its machine, so they are read here as ratios: the scale is the issue's 240 req/s for the admin's first page over this run's "before" of it, and "on the issue's machine" is "now" times the scale (p99 divided by it, since at a fixed number of connections latency goes as the inverse of the rate).`,
    '',
    "| viewer | call | rows / total before → now | same page | before req/s (p50 / p99) | now req/s (p50 / p99) | now ÷ before | PostgreSQL ms/poll before → now | Node ms/poll before → now | target | on the issue's machine req/s (p99) | met |",
    '|---|---|---:|:---:|---:|---:|---:|---:|---:|---:|---:|:---:|',
  ];
  for (const r of p.results) {
    const target = targetOf(r.slug);
    const rate = r.now.reqPerSec * k;
    const p99 = r.now.p99 / k;
    const met = target === null ? '—' : rate >= target && p99 < ISSUE_9.p99Ms ? 'yes' : 'no';
    // A side that answered nothing in time has no latency or CPU per answer to show.
    const side = (x: Side) =>
      x.reqPerSec > 0 ? `${n(x.reqPerSec)} (${Math.round(x.p50)} / ${Math.round(x.p99)})` : 'none in 10 s';
    const cpu = (x: Side, f: 'postgresMs' | 'nodeMs') => (x.reqPerSec > 0 ? ms(x[f]) : '—');
    const ratio = r.before.reqPerSec > 0 ? (r.now.reqPerSec / r.before.reqPerSec).toFixed(1) : '—';
    lines.push(
      `| ${r.viewer} | ${r.scenario} | ${n(r.answers.before.rows)} / ${n(r.answers.before.total)} → ${n(r.answers.now.rows)} / ${n(r.answers.now.total)} | ${r.answers.samePage ? 'yes' : 'no'} | ${side(r.before)} | ${side(r.now)} | ${ratio} | ${cpu(r.before, 'postgresMs')} → ${cpu(r.now, 'postgresMs')} | ${cpu(r.before, 'nodeMs')} → ${cpu(r.now, 'nodeMs')} | ${target === null ? '—' : n(target)} | ${n(rate)} (${Math.round(p99)}) | ${met} |`,
    );
  }
  lines.push(
    '',
    `Scale: ${k.toFixed(2)} (240 over ${first ? n(first.before.reqPerSec) : '?'}). Read with it, the code before would have served the agent's deep page at ${deep ? n(deep.before.reqPerSec * k) : '?'} req/s and the order-number search at ${orders.map((o) => n(o * k)).join(' and ')} on the issue's machine, where the issue measured about ${ISSUE_9.agentDeepPage} and ${ISSUE_9.orderSearch.join(' to ')}: how far one scale holds for every call. The CPU says the same: the code before spent ${first ? ms(first.before.postgresMs) : '?'} ms of PostgreSQL on the admin's first page here, against the issue's ${ISSUE_9.adminFirstPagePostgresMs} (a scale of ${first ? (first.before.postgresMs / ISSUE_9.adminFirstPagePostgresMs).toFixed(2) : '?'}), and this checkout ${first ? ms(first.now.postgresMs) : '?'}, which is ${first ? ((first.now.postgresMs * ISSUE_9.adminFirstPagePostgresMs) / first.before.postgresMs).toFixed(2) : '?'} ms at the issue's speed (its target: about 1 ms).`,
  );
  for (const which of ['before', 'now'] as const) {
    const failed = p.results.filter((r) => r[which].non2xx > 0);
    if (failed.length > 0)
      lines.push(
        '',
        `"${which}" answered with an error or not within 10 s in: ${failed.map((r) => `${r.viewer} ${r.slug} (${r[which].non2xx})`).join(', ')}.`,
      );
  }
  return lines;
}
