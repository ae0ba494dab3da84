/**
 * The bare baseline of the inbox poll: Fastify with no plugins and a `pg` pool of the product's size,
 * replaying for each scenario exactly the statements the product's poll service ran (captured by
 * inbox-capture.ts), and answering the page rows as JSON. No authentication, no zod, no Drizzle.
 *
 *   DATABASE_URL=postgres://... STATEMENTS_FILE=/tmp/x.json PORT=3912 npx tsx bench/inbox-baseline.ts
 */
import fs from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import type { Statement } from './inbox-capture.ts';
import { serve } from './lib/serve.ts';

const databaseUrl = process.env.DATABASE_URL;
const file = process.env.STATEMENTS_FILE;
if (!databaseUrl || !file) throw new Error('DATABASE_URL and STATEMENTS_FILE are required');
const scenarios = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Statement[]>;
const pool = new pg.Pool({
  connectionString: databaseUrl,
  max: Number(process.env.BASELINE_POOL_SIZE ?? 10),
});

const app = Fastify({ logger: false });
app.get('/api/v1/health', async () => ({ success: true, data: { status: 'ok' } }));
app.get<{ Params: { scenario: string } }>('/bare/:scenario', async (request, reply) => {
  const statements = scenarios[request.params.scenario];
  if (!statements) return reply.status(404).send({ success: false });
  // Statement by statement, as the product's service runs them (each waits for the one before).
  let page: unknown[] = [];
  let total = 0;
  for (const s of statements) {
    const res = await pool.query(s.text, s.params);
    if (/^\s*with page as/i.test(s.text)) page = res.rows;
    else if (/count\(\*\)/i.test(s.text) && res.rows.length === 1)
      total = Number(res.rows[0].n ?? res.rows[0].count);
  }
  return { success: true, data: { conversations: page, total: total || page.length } };
});

await serve(app, Number(process.env.PORT ?? 3912), process.env.HOST ?? '127.0.0.1', () => pool.end());
