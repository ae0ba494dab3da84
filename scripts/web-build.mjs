// Builds the web app when its build is missing or older than its sources (shared by `npm start` and
// `npm run cluster`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stamp = path.join(root, 'web/dist/index.html');
const sources = [
  'web/src',
  'web/public',
  'web/index.html',
  'web/portal.html',
  'web/vite.config.ts',
  'contract/src',
];

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const stat = fs.statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

export function ensureWebBuild() {
  const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
  const changed = Math.max(...sources.map((s) => newestMtime(path.join(root, s))));
  if (built >= changed) return;
  console.log(
    built ? 'Web sources changed: rebuilding the web app...' : 'Building the web app (first start)...',
  );
  const result = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
