// `npm run cluster`: several server processes on one PostgreSQL (DATABASE_URL) behind a round-robin proxy on
// PORT (default 3000); CLUSTER_SIZE processes (default 2) listen on the ports after it. Every process serves
// the whole product: events reach every one through PostgreSQL LISTEN/NOTIFY, jobs are shared by pg-boss.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { startProxy } from './round-robin-proxy.mjs';
import { ensureWebBuild, root } from './web-build.mjs';

if (!process.env.DATABASE_URL) {
  console.error(
    'npm run cluster needs DATABASE_URL: several processes share one PostgreSQL (the embedded database ' +
      'belongs to a single process). For example: DATABASE_URL=postgres://postgres@127.0.0.1:5432/inbox npm run cluster',
  );
  process.exit(2);
}
const size = Number(process.env.CLUSTER_SIZE ?? 2);
const port = Number(process.env.PORT ?? 3000);
if (!Number.isInteger(size) || size < 1 || size > 32) {
  console.error('CLUSTER_SIZE must be a whole number from 1 to 32');
  process.exit(2);
}
ensureWebBuild();

const publicUrl = process.env.PUBLIC_URL ?? `http://localhost:${port}`;
const backends = Array.from({ length: size }, (_, i) => port + 1 + i);
const workers = backends.map((p) =>
  spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(p),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: '127.0.0.1',
    },
    stdio: 'inherit',
  }),
);

async function healthy(p) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${p}/api/v1/health`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`process on port ${p} did not start`);
}

let stopping = false;
let proxy;
// How long the proxy waits for the answers still in flight after the processes exited.
const DRAIN_MS = 5000;
const stop = async (signal) => {
  if (stopping) return;
  stopping = true;
  // The proxy takes no new connection (a client is refused cleanly instead of cut mid-request)...
  const drained = proxy ? new Promise((r) => proxy.close(r)) : Promise.resolve();
  // ...each process finishes its requests and ends its streams with a reconnect hint...
  for (const w of workers) w.kill(signal);
  await Promise.all(workers.map((w) => new Promise((r) => (w.exitCode !== null ? r() : w.once('exit', r)))));
  // ...and the proxy hands over their last answers before the cluster exits.
  proxy?.closeIdleConnections();
  await Promise.race([drained, new Promise((r) => setTimeout(r, DRAIN_MS))]);
  process.exit(0);
};
for (const w of workers) {
  w.once('exit', (code) => {
    if (!stopping) {
      console.error(`a server process exited (${code}); stopping the cluster`);
      void stop('SIGTERM');
    }
  });
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));

await Promise.all(backends.map(healthy));
proxy = await startProxy({ port, host: process.env.HOST ?? '0.0.0.0', backends });
console.log(`\n  ${size} server processes behind ${publicUrl} (ports ${backends.join(', ')})\n`);
