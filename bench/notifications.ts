/**
 * The bell under load (issue 45): a customer message into a conversation assigned to an agent reaches that
 * agent's console stream as `notification.created` while 1,000 other console streams of the company's
 * people are open, on one product process on PostgreSQL. Each message is timed from the portal send to the
 * notification's frame on the agent's stream (p50, p99). Target: p99 under 1 s.
 *
 *   cd server && npx tsx ../bench/notifications.ts    # BENCH_NOTIFY_STREAMS=1000 BENCH_NOTIFY_MESSAGES=400
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client.ts';
import { generate } from './generate.ts';
import { sleep, startServer } from './lib/processes.ts';
import { BENCH_SECRETS_KEY, consoleHeaders } from './lib/product.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const STREAMS = Number(process.env.BENCH_NOTIFY_STREAMS ?? 1000);
const MESSAGES = Number(process.env.BENCH_NOTIFY_MESSAGES ?? 400);
const RATE = Number(process.env.BENCH_NOTIFY_RATE ?? 20);
/** Conversations assigned to the agent: each gets a message at most every ASSIGNED / RATE seconds. */
const ASSIGNED = 100;
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'inbox_bench_notify';
const PORT = Number(process.env.BENCH_PORT ?? 3900) + 9;

async function admin(text: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(text).finally(() => c.end());
}
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
await admin(`CREATE DATABASE ${DB}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${DB}`;
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
await database.migrate();
// One company of 25 people: the agent who is notified and the 24 whose consoles hold the other streams.
const data = await generate(database.db, {
  companies: 1,
  agentsPerCompany: 25,
  conversations: 1500,
  messagesPerConversation: 5,
});
await database.close();

const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
const people = (
  await client.query<{ email: string; role: string }>(
    `select u.email, m.role from users u join company_members m on m.user_id = u.id order by u.id`,
  )
).rows;
const target = people.find((p) => p.role === 'agent');
if (!target) throw new Error('no agent generated');
const live = new Map(data.active.map((a) => [a.conversationId, a.token]));
// The agent's conversations: live chats assigned to them (an assignee always sees their conversation).
const assigned = (
  await client.query<{ id: number }>(
    `update conversations c set assigned_user_id = u.id from users u
      where u.email = $1 and c.id = any($2::int[]) returning c.id`,
    [target.email, [...live.keys()].slice(0, ASSIGNED)],
  )
).rows.map((r) => Number(r.id));
await client.end();

const server = await startServer({
  name: 'product-postgres',
  script: path.join(here, 'lib/product-api.ts'),
  cwd: path.join(here, '../server'),
  port: PORT,
  healthPath: '/api/v1/health',
  env: {
    DATABASE_URL: url.toString(),
    LOG_LEVEL: 'warn',
    DEMO_DATA: 'false',
    SECRETS_KEY: BENCH_SECRETS_KEY,
    PORTAL_MESSAGES_PER_MINUTE_PER_IP: '0',
    PORTAL_MESSAGES_PER_MINUTE_PER_TOKEN: '0',
  },
});
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const requests: http.ClientRequest[] = [];

/** Opens a console stream for the signed-in person; `onFrame` gets each frame's event JSON. */
async function openStream(
  headers: Record<string, string>,
  onFrame?: (event: Record<string, unknown>) => void,
) {
  const res = await fetch(`${server.url}/api/v1/events/ticket`, { method: 'POST', headers });
  if (!res.ok) throw new Error(`ticket answered ${res.status}`);
  const { data: ticket } = (await res.json()) as { data: { ticket: string } };
  await new Promise<void>((resolve, reject) => {
    const req = http.get(`${server.url}/api/v1/events/stream?ticket=${ticket.ticket}`, { agent }, (r) => {
      if (r.statusCode !== 200) return reject(new Error(`stream answered ${r.statusCode}`));
      r.setEncoding('utf8');
      let buffer = '';
      r.on('data', (chunk: string) => {
        buffer += chunk;
        if (buffer.startsWith('retry:')) resolve();
        for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const line = frame.split('\n').find((l) => l.startsWith('data:'));
          if (onFrame && line) onFrame(JSON.parse(line.slice(5)));
        }
      });
    });
    req.on('error', reject);
    requests.push(req);
  });
}

try {
  // The others' consoles: STREAMS streams spread over everyone but the agent.
  const others = people.filter((p) => p.email !== target.email);
  const othersHeaders = await Promise.all(others.map((p) => consoleHeaders(server.url, p.email)));
  for (let i = 0; i < STREAMS; i += 50) {
    await Promise.all(
      Array.from({ length: Math.min(50, STREAMS - i) }, (_, k) =>
        openStream(othersHeaders[(i + k) % othersHeaders.length]!),
      ),
    );
  }
  // The agent's console: each notification settles the oldest send waiting on its conversation.
  const waiting = new Map<number, Array<(at: number) => void>>();
  await openStream(await consoleHeaders(server.url, target.email), (event) => {
    if (event.type !== 'notification.created') return;
    const settle = waiting.get(Number(event.conversation_id))?.shift();
    settle?.(performance.now());
  });
  await sleep(3000);

  const latencies: number[] = [];
  let failed = 0;
  const sends: Promise<void>[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const conversationId = assigned[i % assigned.length]!;
    sends.push(
      (async () => {
        const started = performance.now();
        const arrived = new Promise<number>((resolve) => {
          const queue = waiting.get(conversationId) ?? [];
          queue.push(resolve);
          waiting.set(conversationId, queue);
        });
        const res = await fetch(`${server.url}/api/v1/portal/messages`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${live.get(conversationId)}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ content: `notify-bench ${i}` }),
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

  const report = {
    date: new Date().toISOString(),
    otherStreams: STREAMS,
    messages: MESSAGES,
    sendRatePerSecond: RATE,
    assignedConversations: assigned.length,
    notified: latencies.length,
    failed,
    bellMsP50: Math.round(pct(latencies, 0.5) * 10) / 10,
    bellMsP99: Math.round(pct(latencies, 0.99) * 10) / 10,
    bellMsMax: Math.round((latencies.at(-1) ?? Number.NaN) * 10) / 10,
    targetP99Ms: 1000,
  };
  console.log(JSON.stringify(report, null, 2));
  const out = path.join(
    here,
    'results',
    `${report.date.replace(/[:.]/g, '-').slice(0, 19)}Z-notifications.json`,
  );
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written to ${out}`);
} finally {
  for (const r of requests) r.destroy();
  await server.stop();
  await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
}
