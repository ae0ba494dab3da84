// `npm test`: the server suite (embedded database, and PostgreSQL too when TEST_DATABASE_URL is set), the web
// unit tests, then a web build and the browser tests. Every phase runs even when an earlier one fails; the
// last line adds them up as 'N passed, N failed'.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, '.test-results');
fs.rmSync(results, { recursive: true, force: true });

const phases = [
  { name: 'server', args: ['run', 'test', '-w', 'server'] },
  { name: 'web-unit', args: ['run', 'test', '-w', 'web'] },
  { name: 'web-build', args: ['run', 'build', '-w', 'web'], report: false },
  { name: 'web-e2e', args: ['run', 'e2e', '-w', 'web'] },
];

let failedPhases = 0;
for (const phase of phases) {
  console.log(`\n=== ${phase.name} ===`);
  const run = spawnSync('npm', phase.args, { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    failedPhases += 1;
    console.log(`=== ${phase.name} failed (exit ${run.status}) ===`);
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const phase of phases.filter((p) => p.report !== false)) {
  const file = path.join(results, `${phase.name}.json`);
  if (!fs.existsSync(file)) {
    console.log(`${phase.name}: no report (the phase did not run its tests)`);
    failed += 1;
    continue;
  }
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
  skipped += r.numPendingTests + r.numTodoTests;
  console.log(`${phase.name}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedPhases > 0 || failed > 0 || passed === 0 ? 1 : 0);
