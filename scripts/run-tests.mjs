// `npm test`: the server suite (embedded database, and PostgreSQL too when TEST_DATABASE_URL is set), the web
// unit tests, then a web build and the browser tests. Every phase runs even when an earlier one fails; the
// summary names each failed phase and failed test, and the exit code is non-zero when anything failed.
// `npm test -- server web-unit` runs only the named phases.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, '.test-results');
fs.rmSync(results, { recursive: true, force: true });

// Which Chromium the browser tests use is decided in one place, web/e2e/support/chromium.ts (TypeScript,
// read through tsx as `npm start` reads the server): Debian's when installed, else the packaged one.
const { register } = await import('tsx/esm/api');
register();
const { chooseChromium, describeChromium } = await import(path.join(root, 'web/e2e/support/chromium.ts'));
/** Says which browser the tests drive; only a CHROMIUM_PATH that names no file stops the phase. */
const chromiumReport = () => {
  const choice = chooseChromium();
  if (choice.kind === 'missing') return describeChromium(choice);
  console.log(describeChromium(choice));
  return null;
};

const allPhases = [
  { name: 'server', args: ['run', 'test', '-w', 'server'] },
  { name: 'web-unit', args: ['run', 'test', '-w', 'web'] },
  { name: 'web-build', args: ['run', 'build', '-w', 'web'], report: false },
  { name: 'web-e2e', args: ['run', 'e2e', '-w', 'web'], needs: chromiumReport },
];
const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !allPhases.some((p) => p.name === w));
if (unknown.length) {
  console.error(
    `Unknown phase ${unknown.join(', ')}; the phases are ${allPhases.map((p) => p.name).join(', ')}.`,
  );
  process.exit(2);
}
const phases = wanted.length ? allPhases.filter((p) => wanted.includes(p.name)) : allPhases;

/** Why each phase failed, in run order: the summary ends with them. */
const failures = [];
for (const phase of phases) {
  console.log(`\n=== ${phase.name} ===`);
  const missing = phase.needs?.();
  if (missing) {
    console.log(missing);
    failures.push(`${phase.name}: not run. ${missing}`);
    phase.skipped = true;
    continue;
  }
  const run = spawnSync('npm', phase.args, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    phase.exit = run.status ?? run.signal;
    console.log(`=== ${phase.name} failed (exit ${phase.exit}) ===`);
  }
}

/** `file > suite > test` for every failed test of a vitest JSON report, and files that failed to load. */
function failedTests(report) {
  const out = [];
  for (const file of report.testResults ?? []) {
    const rel = path.relative(root, file.name);
    const tests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of tests) out.push(`${rel} > ${a.fullName ?? a.title}`);
    if (tests.length === 0 && file.status === 'failed')
      out.push(`${rel} (${file.message?.split('\n')[0] ?? 'failed to run'})`);
  }
  return out;
}

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('\n=== summary ===');
for (const phase of phases) {
  if (phase.skipped) continue;
  const file = path.join(results, `${phase.name}.json`);
  if (phase.report === false || !fs.existsSync(file)) {
    if (phase.exit !== undefined)
      failures.push(
        `${phase.name}: exited with ${phase.exit}${phase.report === false ? '' : ' before writing its report'}`,
      );
    continue;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  const tests = failedTests(r);
  passed += r.numPassedTests;
  failed += Math.max(r.numFailedTests, tests.length);
  skipped += r.numPendingTests + r.numTodoTests;
  console.log(`${phase.name}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
  if (tests.length)
    failures.push(`${phase.name}: ${tests.length} failed\n${tests.map((t) => `    ${t}`).join('\n')}`);
  else if (phase.exit !== undefined)
    failures.push(`${phase.name}: exited with ${phase.exit} though no test failed`);
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
if (failures.length || passed === 0) {
  console.log(`\nFAILED\n${failures.map((f) => `  - ${f}`).join('\n') || '  - no test ran'}`);
  process.exit(1);
}
console.log('All tests passed.');
