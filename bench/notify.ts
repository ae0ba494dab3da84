/**
 * Notifications under live load (issue 45): a customer writes into a conversation assigned to an agent whose
 * console is open, while `BENCH_NOTIFY_STREAMS` (1,000) other console streams are open on the same process.
 * Reports the time from the customer's send to the agent's `notification.created` frame (p50, p99) against
 * the target of 1 s at p99, and that no other stream received the agent's notification.
 *
 *   cd server && npx tsx ../bench/notify.ts     # BENCH_NOTIFY_STREAMS=1000 BENCH_NOTIFY_MESSAGES=200
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/src/db/client.ts';
import { generate } from './generate.ts';
import { sleep, startServer } from './lib/processes.ts';
import { BENCH_PASSWORD } from './lib/tenants.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const OTHERS = Number(process.env.BENCH_NOTIFY_STREAMS ?? 1000);
const MESSAGES = Number(process.env.BENCH_NOTIFY_MESSAGES ?? 200);
/** Sends a second: the agent's customer is one of many, so the others' events share the streams too. */
const RATE = Number(process.env.BENCH_NOTIFY_RATE ?? 5);
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'inbox_bench_notify';
const PORT = Number(process.env.BENCH_PORT ?? 3900) + 8;
/** Streams one person may hold in one process is 10 (`MAX_STREAMS_PER_HOLDER`): 9 each, and one spare. */
const STREAMS_PER_USER = 9;
const COMPANIES = 10;
const AGENTS_PER_COMPANY = Math.max(2, Math.ceil((OTHERS / STREAMS_PER_USER + 1) / COMPANIES));

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  await c.query(sql).finally(() => c.end());
}
const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
await admin(`CREATE DATABASE ${DB}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${DB}`;
const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
await database.migrate();
const data = await generate(database.db, {
  companies: COMPANIES,
  agentsPerCompany: AGENTS_PER_COMPANY,
  conversations: 200,
  messagesPerConversation: 3,
});
const chat = data.active[0]!;
const people = await database.db.execute<{ email: string; company_id: number; user_id: number }>(
  sql`select u.email, m.company_id, u.id as user_id from users u join company_members m on m.user_id = u.id
   where u.email like '%@bench.test' order by m.company_id, u.id`,
);
const where = await database.db.execute<{ company_id: number }>(
  sql`select company_id from conversations where id = ${chat.conversationId}`,
);
await database.close();
const companyId = Number(where.rows[0]!.company_id);
const colleagues = people.rows.filter((p) => Number(p.company_id) === companyId);
// The company's first member is its admin (who assigns); the second is the agent watched.
const [boss, watched] = colleagues;
const others = people.rows.filter((p) => p !== watched);

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
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

async function api(method: string, route: string, body?: unknown, token?: string, company?: number) {
  const res = await fetch(`${server.url}/api/v1${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(company ? { 'x-company-id': String(company) } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: Record<string, unknown> };
  if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}
const login = async (p: { email: string; company_id: number }) =>
  String(
    (await api('POST', '/auth/login', { email: p.email, password: BENCH_PASSWORD, company_id: p.company_id }))
      .access_token,
  );

/** A console stream; `onFrame` gets each frame's event type and data as they arrive. */
async function openConsoleStream(
  token: string,
  company: number,
  onFrame: (type: string, data: string) => void,
) {
  const { ticket } = await api('POST', '/events/ticket', {}, token, company);
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const req = http.get(`${server.url}/api/v1/events/stream?ticket=${ticket}`, { agent }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let buffer = '';
      res.on('data', (chunk: string) => {
        buffer += chunk;
        if (buffer.startsWith('retry:')) resolve(req);
        for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
          const frame = buffer.slice(0, i);
          buffer = buffer.slice(i + 2);
          const type = /^event: (.+)$/m.exec(frame)?.[1];
          const json = /^data: (.+)$/m.exec(frame)?.[1];
          if (type && json) onFrame(type, json);
        }
      });
    });
    req.on('error', reject);
  });
}

try {
  const bossToken = await login(boss!);
  await api(
    'POST',
    '/conversation/assign',
    { conversation_id: chat.conversationId, user_id: Number(watched!.user_id) },
    bossToken,
    companyId,
  );

  // The other consoles: each person holds up to nine streams; any notification.created they get is a leak
  // unless it is their own.
  let leaks = 0;
  const requests: http.ClientRequest[] = [];
  let opened = 0;
  for (const p of others) {
    if (opened >= OTHERS) break;
    const token = await login(p);
    const mine = Number(p.user_id);
    const n = Math.min(STREAMS_PER_USER, OTHERS - opened);
    for (let i = 0; i < n; i++) {
      requests.push(
        await openConsoleStream(token, Number(p.company_id), (type, json) => {
          if (type === 'notification.created' && JSON.parse(json).data.user_id !== mine) leaks += 1;
        }),
      );
    }
    opened += n;
  }

  // The watched agent's console: each customer_replied notification is matched to its send by the text order.
  const arrivals: number[] = [];
  let wake: (() => void) | null = null;
  const watchedToken = await login(watched!);
  requests.push(
    await openConsoleStream(watchedToken, companyId, (type, json) => {
      if (type !== 'notification.created') return;
      if (JSON.parse(json).data.notification.type !== 'customer_replied') return;
      arrivals.push(performance.now());
      wake?.();
    }),
  );
  await sleep(2000);

  const latencies: number[] = [];
  let missed = 0;
  for (let i = 0; i < MESSAGES; i++) {
    const started = performance.now();
    const before = arrivals.length;
    const arrived = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const res = await fetch(`${server.url}/api/v1/portal/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${chat.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ content: `notify-bench ${i}` }),
    });
    if (res.status !== 201) throw new Error(`send answered ${res.status}`);
    if (arrivals.length === before) await Promise.race([arrived, sleep(10_000)]);
    if (arrivals.length > before) latencies.push(arrivals[before]! - started);
    else missed += 1;
    await sleep(Math.max(0, 1000 / RATE - (performance.now() - started)));
  }
  latencies.sort((a, b) => a - b);
  for (const r of requests) r.destroy();

  const p99 = pct(latencies, 0.99);
  const report = {
    date: new Date().toISOString(),
    otherStreams: opened,
    messages: MESSAGES,
    missed,
    leaks,
    notificationMsP50: Math.round(pct(latencies, 0.5) * 10) / 10,
    notificationMsP99: Math.round(p99 * 10) / 10,
    targetMsP99: 1000,
    withinTarget: p99 <= 1000 && missed === 0 && leaks === 0,
  };
  console.log(JSON.stringify(report, null, 2));
  const out = path.join(here, 'results', `${report.date.replace(/[:.]/g, '-').slice(0, 19)}Z-notify.json`);
  fs.writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`written to ${out}`);
} finally {
  await server.stop();
  await admin(`DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
}
