/**
 * Fills a database with realistic portal data: companies with apps, queues and agents, customers, and
 * conversations with their messages and portal sessions. Deterministic by seed (names, texts, statuses,
 * tokens); times are relative to the moment it runs so live sessions are live.
 *
 *   npx tsx bench/generate.ts --database-url postgres://... [--conversations 1000 --messages 20 --seed 1]
 *   npx tsx bench/generate.ts --data-dir ./data-bench          (embedded PGlite, as DATA_DIR)
 */
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type Db, openDatabase } from '../server/src/db/client.ts';
import { type ActiveSession, createConversations } from './lib/conversations.ts';
import { seededRandom } from './lib/random.ts';
import { createTenants } from './lib/tenants.ts';

export interface GenerateOptions {
  seed: number;
  companies: number;
  appsPerCompany: number;
  queuesPerApp: number;
  agentsPerCompany: number;
  conversations: number;
  messagesPerConversation: number;
  /** Share of conversations open or pending with a live session; the others are resolved or closed. */
  activeShare: number;
  /** Matches the server's PORTAL_SESSION_TTL_SECONDS, so generated expiries look like real ones. */
  ttlSeconds: number;
}

export const DEFAULT_OPTIONS: GenerateOptions = {
  seed: 1,
  companies: 10,
  appsPerCompany: 2,
  queuesPerApp: 3,
  agentsPerCompany: 5,
  conversations: 1000,
  messagesPerConversation: 20,
  activeShare: 0.8,
  ttlSeconds: 86_400,
};

export interface GenerateResult {
  options: GenerateOptions;
  counts: Record<string, number>;
  statuses: Record<string, number>;
  /** Tokens of the open and pending conversations, the ones a benchmark can poll and send on. */
  active: ActiveSession[];
  ms: number;
}

/** Inserts everything in one transaction: a failed run leaves nothing half-made behind. */
export async function generate(db: Db, options: Partial<GenerateOptions> = {}): Promise<GenerateResult> {
  const opts = { ...DEFAULT_OPTIONS, ...options };
  const started = performance.now();
  const r = seededRandom(opts.seed);
  const now = new Date();
  const made = await db.transaction(async (tx) => {
    const tenants = await createTenants(tx, opts, r);
    const convs = await createConversations(tx, tenants, opts, r, now);
    const tenantCounts = {
      companies: tenants.length,
      users: tenants.reduce((n, t) => n + t.agents.length, 0),
      apps: tenants.reduce((n, t) => n + t.apps.length, 0),
      queues: tenants.reduce((n, t) => n + t.apps.reduce((m, a) => m + a.queueIds.length, 0), 0),
    };
    return { ...convs, counts: { ...tenantCounts, ...convs.counts } };
  });
  return {
    options: opts,
    counts: made.counts,
    statuses: made.statusCounts,
    active: made.active,
    ms: Math.round(performance.now() - started),
  };
}

export function describe(result: GenerateResult) {
  const c = result.counts;
  const s = result.statuses;
  return [
    `generated in ${(result.ms / 1000).toFixed(1)} s (seed ${result.options.seed}):`,
    `  ${c.companies} companies, ${c.apps} apps, ${c.queues} queues, ${c.users} agents`,
    `  ${c.customers} customers (${c.customerApps} app links)`,
    `  ${c.conversations} conversations (open ${s.open}, pending ${s.pending}, resolved ${s.resolved}, closed ${s.closed})`,
    `  ${c.messages} messages, ${c.portalSessions} portal sessions (${result.active.length} live)`,
  ].join('\n');
}

async function cli() {
  const { values } = parseArgs({
    options: {
      'database-url': { type: 'string' },
      'data-dir': { type: 'string' },
      seed: { type: 'string' },
      companies: { type: 'string' },
      conversations: { type: 'string' },
      messages: { type: 'string' },
      'active-share': { type: 'string' },
      'tokens-out': { type: 'string' },
    },
  });
  if (!values['database-url'] && !values['data-dir']) {
    throw new Error('Give --database-url postgres://... or --data-dir <DATA_DIR of an embedded database>');
  }
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const options = Object.fromEntries(
    Object.entries({
      seed: num(values.seed),
      companies: num(values.companies),
      conversations: num(values.conversations),
      messagesPerConversation: num(values.messages),
      activeShare: num(values['active-share']),
    }).filter(([, v]) => v !== undefined),
  ) as Partial<GenerateOptions>;
  for (const [k, v] of Object.entries(options))
    if (!Number.isFinite(v)) throw new Error(`--${k} must be a number`);

  const database = await openDatabase({
    databaseUrl: values['database-url'],
    dataDir: values['data-dir'] ?? '',
  });
  try {
    await database.migrate();
    const result = await generate(database.db, options);
    console.log(describe(result));
    if (values['tokens-out']) {
      fs.writeFileSync(values['tokens-out'], JSON.stringify(result.active, null, 1));
      console.log(`  live tokens written to ${values['tokens-out']}`);
    }
  } finally {
    await database.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) {
  cli().catch((err) => {
    // Drizzle wraps the driver's error in one that prints the whole multi-row statement.
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
    console.error(cause instanceof Error ? cause.message : cause);
    process.exit(1);
  });
}
