/**
 * The "Inbox sorts and filters (issue 44)" section of bench/RESULTS.md: issue 44's calls of a run of
 * `bench/inbox.ts` (a full run, or one with `BENCH_INBOX_ONLY` naming some of them and the default sort's,
 * the reference), each as a rate and as a share of the default sort's rate in the same run, for the same
 * viewer and page (first or next by cursor). The searches and the deep page are the inbox poll's section.
 *
 *   cd server && npx tsx ../bench/inbox-sorts-report.ts ../bench/results/inbox-<date>.json
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NEXT_PAGED } from './inbox-calls.ts';
import type { InboxResults, InboxScenarioResult } from './inbox-report.ts';
import { writeSection } from './lib/sections.ts';

const START = '<!-- inbox-sorts: written by bench/inbox-sorts-report.ts -->';
const END = '<!-- /inbox-sorts -->';
export const SORTS_SECTION = { start: START, end: END, notes: 'inbox-sorts-notes' };
/** Issue 44's target: every sort and filter at this share of the default sort's rate, or more. */
const TARGET = 0.8;

const slugOf = (s: InboxScenarioResult) => s.key.slice(s.viewer.length + 1);
const pct = (x: number) => `${Math.round(x * 100)}%`;

export function inboxSortsSection(r: InboxResults, jsonPath: string): string {
  const bySlug = (viewer: string, slug: string) =>
    r.scenarios.find((s) => s.viewer === viewer && slugOf(s) === slug);
  const rows: string[] = [];
  let misses = 0;
  // The sorts and filters that have a next page are issue 44's, with the default sort's first page.
  const sorted = r.scenarios.filter((s) => NEXT_PAGED.has(slugOf(s).replace(/-next$/, '')));
  for (const s of sorted) {
    const slug = slugOf(s);
    const ref = bySlug(s.viewer, slug.endsWith('-next') ? 'first-next' : 'first');
    const share = (k: 'product' | 'computed') => {
      const a = s[k]?.requestsPerSec;
      const b = ref?.[k]?.requestsPerSec;
      return a && b ? a / b : undefined;
    };
    const computed = share('computed');
    if (slug !== 'first' && slug !== 'first-next' && computed !== undefined && computed < TARGET) misses++;
    const cell = (k: 'product' | 'computed') => {
      const m = s[k];
      const x = share(k);
      return m ? `${m.requestsPerSec.toLocaleString('en-US')} (${x === undefined ? '–' : pct(x)})` : '–';
    };
    rows.push(
      `| ${s.viewer} | ${s.scenario} | ${s.rows} / ${s.total.toLocaleString('en-US')} | ${cell('computed')} | ${s.computed ? `${s.computed.latencyMs.p50} / ${s.computed.latencyMs.p99}` : '–'} | ${cell('product')} | ${s.sqlAlone.p50} |`,
    );
  }
  return [
    START,
    '## Inbox sorts and filters (issue 44)',
    '',
    `Run ${r.date}, ${r.machine.cpus} cores, ${r.machine.postgres}; ${r.load.connections} connections, ${r.load.warmup} s warm-up then ${r.load.duration} s per row; ${Number(r.data.conversations).toLocaleString('en-US')} conversations. Raw numbers and plans: \`${jsonPath}\`.`,
    '',
    `Each sort, the priority filter and the label filter beside the default sort (latest activity) in the same run, same viewer, same page: the first page, and the next page by its cursor. “Computed” is the product with \`INBOX_LIST_CACHE=false\`, every poll computing its list (the honest comparison: the list cache answers any repeated question from memory, whatever its sort); “unchanged” the product as it runs. The share in brackets is of the default sort's rate; issue 44 asks for at least ${pct(TARGET)} (issue 45 the same for \`sla\`). ${misses === 0 ? 'Every row meets the target in this run.' : `${misses} row(s) below the target in this run.`}`,
    '',
    '| viewer | call | rows / total | computed req/s (share) | computed p50 / p99 ms | unchanged req/s (share) | SQL alone p50 ms |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    '<!-- inbox-sorts-notes -->',
    '<!-- /inbox-sorts-notes -->',
    END,
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: inbox-sorts-report.ts <results json>');
  const here = path.dirname(fileURLToPath(import.meta.url));
  const r = JSON.parse(fs.readFileSync(file, 'utf8')) as InboxResults;
  const rel = path.relative(path.resolve(here, '..'), path.resolve(file));
  writeSection(path.join(here, 'RESULTS.md'), SORTS_SECTION, inboxSortsSection(r, rel));
  console.log('bench/RESULTS.md: Inbox sorts and filters (issue 44)');
}
