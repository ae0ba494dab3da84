/**
 * Live push at scale (issue 9): 5,000 portal chats held open on Server-Sent Events against one product
 * process on PostgreSQL. Reports the server's memory per stream, its CPU while the streams sit idle, the
 * delivery latency from a customer's send to the frame on that chat's stream (p50, p99), and, for the
 * same chats on the 3 s poll instead, the CPU of their polling and the latency polling allows.
 *
 *   cd server && npx tsx ../bench/sse.ts            # BENCH_SSE_STREAMS=5000 BENCH_SSE_MESSAGES=2000
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client.ts';
import { generate } from './generate.ts';
import { sleep, startServer } from './lib/processes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const STREAMS = Number(process.env.BENCH_SSE_STREAMS ?? 5000);
const MESSAGES = Number(process.env.BENCH_SSE_MESSAGES ?? 2000);
const RATE = Number(process.env.BENCH_SSE_RATE ?? 200);
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'inbox_bench_sse';
const PORT = Number(process.env.BENCH_PORT ?? 3900) + 7;

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}

const rssKb = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
const cpuTicks = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(f[11]) + Number(f[12]);
};
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
await admin(`CREATE DATABASE ${DB}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${DB}`;
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
await database.migrate();
// 80% of conversations are live: enough live chats for every stream.
const data = await generate(database.db, {
  conversations: Math.ceil(STREAMS / 0.75),
  messagesPerConversation: 5,
});
await database.close();
const chats = data.active.slice(0, STREAMS);
if (chats.length < STREAMS) throw new Error(`only ${chats.length} live chats generated`);

const server = await startServer({
  name: 'product-postgres',
  script: path.join(here, 'lib/product-api.ts'),
  cwd: path.join(here, '../server'),
  port: PORT,
  healthPath: '/api/v1/health',
  env: {
    DATABASE_URL: url.toString(),
    LOG_LEVEL: 'warn',
    PORTAL_MESSAGES_PER_MINUTE_PER_IP: '0',
    PORTAL_MESSAGES_PER_MINUTE_PER_TOKEN: '0',
  },
});
const pid = server.child.pid!;
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

try {
  await sleep(2000);
  const rssBefore = rssKb(pid);

  // Open every stream; each resolves when its first frame (the retry hint) arrives.
  const waiting = new Map<string, (at: number) => void>();
  const requests: http.ClientRequest[] = [];
  await Promise.all(
    chats.map(
      (chat) =>
        new Promise<void>((resolve, reject) => {
          const req = http.get(`${server.url}/api/v1/portal/events?token=${chat.token}`, { agent }, (res) => {
            if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
            res.setEncoding('utf8');
            let buffer = '';
            res.on('data', (chunk: string) => {
              buffer += chunk;
              if (buffer.startsWith('retry:')) resolve();
              for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
                const frame = buffer.slice(0, i);
                buffer = buffer.slice(i + 2);
                const mark = /"content":"sse-bench ([\w-]+)"/.exec(frame)?.[1];
                if (mark) waiting.get(mark)?.(performance.now());
              }
            });
          });
          req.on('error', reject);
          requests.push(req);
        }),
    ),
  );
  await sleep(3000);
  const rssStreams = rssKb(pid);

  // Idle: the streams open, nothing happening, for 20 s.
  const idleStart = cpuTicks(pid);
  await sleep(20_000);
  const idleCpuSeconds = (cpuTicks(pid) - idleStart) / 100;

  // Delivery: customers send at a steady rate; each send is timed to the frame on its own stream.
  const latencies: number[] = [];
  let failed = 0;
  const sends: Promise<void>[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const chat = chats[(i * 7919) % chats.length]!;
    const mark = `m${i}`;
    sends.push(
      (async () => {
        const started = performance.now();
        const arrived = new Promise<number>((resolve) => waiting.set(mark, resolve));
        const res = await fetch(`${server.url}/api/v1/portal/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${chat.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ content: `sse-bench ${mark}` }),
        });
        if (res.status !== 201) {
          failed += 1;
          return;
        }
        const at = await Promise.race([arrived, sleep(10_000).then(() => Number.NaN)]);
        if (Number.isNaN(at)) failed += 1;
        else latencies.push(at - started);
      })(),
    );
    await sleep(1000 / RATE);
  }
  await Promise.all(sends);
  latencies.sort((a, b) => a - b);
  for (const r of requests) r.destroy();
  await sleep(1000);

  // The same chats on the 3 s poll: STREAMS / 3 empty polls a second, for 20 s.
  const pollRate = STREAMS / 3;
  const pollStart = cpuTicks(pid);
  const pollStarted = performance.now();
  const polls: Promise<unknown>[] = [];
  let pollErrors = 0;
  for (let i = 0; performance.now() - pollStarted < 20_000; i++) {
    const chat = chats[i % chats.length]!;
    polls.push(
      fetch(`${server.url}/api/v1/portal/poll?token=${chat.token}&last_message_id=999999999`).then(
        async (r) => {
          await r.arrayBuffer();
          if (!r.ok) pollErrors += 1;
        },
        () => {
          pollErrors += 1;
        },
      ),
    );
    const due = pollStarted + ((i + 1) * 1000) / pollRate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
  }
  await Promise.all(polls);
  const pollCpuSeconds = (cpuTicks(pid) - pollStart) / 100;

  const report = {
    date: new Date().toISOString(),
    streams: STREAMS,
    serverRssMbBefore: Math.round(rssBefore / 1024),
    serverRssMbWithStreams: Math.round(rssStreams / 1024),
    kbPerStream: Math.round(((rssStreams - rssBefore) / STREAMS) * 10) / 10,
    idleServerCpuPercent: Math.round((idleCpuSeconds / 20) * 1000) / 10,
    messages: MESSAGES,
    sendRatePerSecond: RATE,
    deliveryFailed: failed,
    deliveryMsP50: Math.round(pct(latencies, 0.5) * 10) / 10,
    deliveryMsP99: Math.round(pct(latencies, 0.99) * 10) / 10,
    pollingRequestsPerSecond: Math.round(pollRate),
    pollingServerCpuPercent: Math.round((pollCpuSeconds / 20) * 1000) / 10,
    pollingErrors: pollErrors,
    pollingDeliveryMs: 'uniform over the 3,000 ms interval plus a poll: p50 about 1,500, p99 about 2,970',
  };
  console.log(JSON.stringify(report, null, 2));
  const out = path.join(here, 'results', `${report.date.replace(/[:.]/g, '-').slice(0, 19)}Z-sse.json`);
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written to ${out}`);
} finally {
  await server.stop();
  await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
}
