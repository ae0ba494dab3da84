import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { installJobTables } from '../jobs/boss.ts';
import { type Listener, type ListenHandlers, listenPglite, listenPostgres } from './listen.ts';
import { installSafePoolTransactions } from './pg-transaction.ts';
import * as schema from './schema/index.ts';

/** Both drivers expose the same query builder; the node-postgres type stands for both. */
export type Db = NodePgDatabase<typeof schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'embedded' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded engine, when there is one (tests dump and load its data directory). */
  pglite?: PGlite;
  /** The PostgreSQL connection string, when on PostgreSQL (pg-boss opens its own small pool with it). */
  url?: string;
  /**
   * Runs `fn` while holding the database's start-up lock, so processes that start together migrate and
   * seed one after the other (the embedded engine belongs to one process: nothing to wait for).
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** LISTEN on a channel: what wakes every process when events are committed (contract section 7). */
  listen(channel: string, handlers: ListenHandlers): Listener;
}

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../migrations');

/** PGlite answers int8 as numbers and `pg` as strings; both are parsed as text so drizzle maps them alike. */
const pgliteParsers = { [types.INT8]: (v: string) => v };

/**
 * What every embedded database is opened with: the parsers above, and `pg_trgm`, which the customer search's
 * trigram index needs (migration 0010; PostgreSQL ships it as a trusted extension).
 */
export const PGLITE_OPTIONS = { parsers: pgliteParsers, extensions: { pg_trgm } };

export function openPglite(pglite: PGlite): Database {
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  const database: Database = {
    db,
    kind: 'embedded',
    pglite,
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
      await installJobTables(database);
    },
    close: () => pglite.close(),
    exclusive: (fn) => fn(),
    listen: (channel, handlers) => listenPglite(pglite, channel, handlers),
  };
  return database;
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const dir = path.join(opts.dataDir, 'db');
  // PGlite does not create parent folders itself.
  fs.mkdirSync(dir, { recursive: true });
  const pglite = new PGlite(dir, PGLITE_OPTIONS);
  await pglite.waitReady;
  return openPglite(pglite);
}

export function openPostgres(url: string, max = 10): Database {
  installSafePoolTransactions();
  // A request waits at most 5 s for a connection: while the database is away it answers 503, never hangs.
  // JIT compilation costs 10 to 30 ms a statement and pays off only for long analytical queries; a
  // statement the planner merely prices high (a sub-select per row over 100,000 customers) ran 18 ms with it
  // and 4 ms without. The product runs short statements, so it is off for its connections.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    options: '-c jit=off',
  });
  // An idle connection the server drops (restart, failover, admin command) must not crash the process:
  // the pool discards it and the next query opens a fresh one.
  pool.on('error', (err) => {
    process.stderr.write(`database connection lost (the pool will reconnect): ${err.message}\n`);
  });
  // A connection that is checked out (a transaction between two statements) and dropped then emits the
  // error on itself, where no one listens: that would end the process. The transaction's next statement
  // fails and its caller handles that; the event only needs a listener.
  pool.on('connect', (client) => {
    client.on('error', (err) => {
      process.stderr.write(
        `database connection lost during work (it fails and is retried): ${err.message}\n`,
      );
    });
  });
  const db = drizzlePg(pool, { schema });
  const database: Database = {
    db,
    kind: 'postgres',
    url,
    migrate: async () => {
      await migratePg(db, { migrationsFolder });
      await installJobTables(database);
    },
    close: () => pool.end(),
    exclusive: (fn) => withStartupLock(url, fn),
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
  };
  return database;
}

/** A session-level advisory lock on a connection of its own, held while `fn` runs. */
async function withStartupLock<T>(url: string, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock(7310002)');
    return await fn();
  } finally {
    await client.end().catch(() => undefined);
  }
}
