/**
 * The SQL behind one inbox poll, captured from the product's own service (`pollConversations`) through a
 * logging Drizzle instance, so the baseline replays exactly the statements the product runs; plus the
 * tools that look at those statements directly: EXPLAIN ANALYZE and a timing on one plain `pg` connection.
 */
import { ConversationPollQuery } from '@inbox/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Config } from '../server/src/config.ts';
import type { Db } from '../server/src/db/client.ts';
import * as schema from '../server/src/db/schema/index.ts';
import { admitCompany, type CompanyCtx, type ReachRow } from '../server/src/modules/access/context.ts';
import { agentReach } from '../server/src/modules/access/conversation-visibility.ts';
import { pollConversations } from '../server/src/modules/conversations/poll.ts';

export interface Statement {
  text: string;
  params: unknown[];
}

export interface Viewer {
  userId: number;
  name: string;
  email: string;
  role: 'admin' | 'agent';
  companyId: number;
}

const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

/**
 * A company context for `viewer` on its own one-connection pool, through a Drizzle instance that logs every
 * statement the product's services run with it; `end` closes the pool. `reach` is an agent's reach as the
 * session lookup hands it to the services (`CompanyCtx.reach`).
 */
export function loggingContext(url: string, viewer: Viewer, reach?: ReachRow[]) {
  const statements: Statement[] = [];
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const db = drizzle(pool, {
    schema,
    logger: { logQuery: (text, params) => statements.push({ text, params: params.map(plain) }) },
  }) as unknown as Db;
  const ctx: CompanyCtx = admitCompany({
    db,
    config: {} as Config,
    mailer: { send: async () => undefined },
    actor: {
      type: 'user',
      user: { id: viewer.userId, name: viewer.name, email: viewer.email, isPlatformAdmin: false },
      impersonator: null,
      sessionId: 'bench',
    },
    companyId: viewer.companyId,
    role: viewer.role,
    ...(reach ? { reach } : {}),
  });
  return { ctx, statements, end: () => pool.end() };
}

/**
 * Runs the product's poll service for `viewer` and `query`: once to warm what the process keeps between
 * requests (a search's estimate, `commonInMessages`), then on a fresh database handle, whose list cache is
 * empty, so it computes the list: its answer and every statement of that computed poll. A repeat on that
 * handle is answered from the list cache: `cached` is what such a poll runs.
 */
export async function capturePoll(url: string, viewer: Viewer, query: Record<string, string>) {
  const parsed = ConversationPollQuery.parse(query);
  const warm = loggingContext(url, viewer);
  let reach: ReachRow[] | undefined;
  try {
    await pollConversations(warm.ctx, parsed);
    // A warm process knows the agent's reach, and the session lookup hands it over (`session-reach.ts`).
    if (viewer.role === 'agent') reach = await agentReach(warm.ctx.db, viewer.companyId, viewer.userId);
  } finally {
    await warm.end();
  }
  const { ctx, statements, end } = loggingContext(url, viewer, reach);
  try {
    const answer = await pollConversations(ctx, parsed);
    const computed = statements.splice(0);
    await pollConversations(ctx, parsed);
    return { answer, statements: computed, cached: statements.splice(0) };
  } finally {
    await end();
  }
}

/** EXPLAIN (ANALYZE, BUFFERS) of each statement, with its execution time. */
export async function explain(client: pg.Client, statements: Statement[]) {
  const out: { sql: string; executionMs: number; plan: string }[] = [];
  for (const s of statements) {
    const res = await client.query(`explain (analyze, buffers) ${s.text}`, s.params);
    const plan = res.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    const ms = Number(plan.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? Number.NaN);
    out.push({ sql: s.text.replace(/\s+/g, ' ').trim(), executionMs: ms, plan });
  }
  return out;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The statements of one poll run back to back on one connection: the database's share of a request. */
export async function timeStatements(client: pg.Client, statements: Statement[], seconds: number) {
  const times: number[] = [];
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until || times.length < 5) {
    const t0 = performance.now();
    for (const s of statements) await client.query(s.text, s.params);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 100) / 100;
  return { runs: times.length, p50: round(percentile(times, 50)), p99: round(percentile(times, 99)) };
}

/**
 * How many of the statements PostgreSQL plans once: each runs 12 times as a named prepared statement, as the
 * product runs them, and `pg_prepared_statements` then tells whether the cached generic plan served it or a
 * custom plan was made on every call (the plan cache tries a generic plan after five custom ones and keeps it
 * only when its estimate is no worse).
 */
let planNames = 0;

export async function planCaching(client: pg.Client, statements: Statement[]) {
  // Fresh names: node-postgres remembers a name as prepared on its connection even after `deallocate`.
  const names = statements.map(() => `bench_plan_${++planNames}`);
  let cached = 0;
  try {
    for (let run = 0; run < 12; run++) {
      for (const [i, s] of statements.entries())
        await client.query({ name: names[i], text: s.text, values: s.params });
    }
    const res = await client.query<{ generic_plans: string }>(
      'select generic_plans from pg_prepared_statements where name = any($1)',
      [names],
    );
    cached = res.rows.filter((r) => Number(r.generic_plans) > 0).length;
  } finally {
    // Named statements live as long as the connection: freed so they do not pile up over the scenarios.
    for (const name of names) await client.query(`deallocate ${name}`).catch(() => undefined);
  }
  return { cached, of: statements.length };
}
