import { createHash } from 'node:crypto';
import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from './client.ts';

/**
 * Date and interval columns come back as text, as Drizzle's own raw queries give them (the callers parse
 * them), so a row looks the same whichever way it was read and on either engine.
 */
const RAW_TEXT_TYPES = [1082, 1083, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231];
const asText = (value: string) => value;
const pgTypes = {
  getTypeParser: ((oid: number, format?: string) =>
    RAW_TEXT_TYPES.includes(oid) ? asText : pg.types.getTypeParser(oid, format as 'text')) as never,
};
// Merged by PGlite with the instance's own parsers (int8 as text, see client.ts).
const pgliteParsers = Object.fromEntries(RAW_TEXT_TYPES.map((oid) => [oid, asText]));

interface PgliteLike {
  query<R>(text: string, values: unknown[], options: object): Promise<{ rows: R[] }>;
}

const dialect = new PgDialect();

interface DriverSession {
  client: unknown;
  logger?: { logQuery(text: string, params: unknown[]): void };
}

/** Runs `text` on the driver behind `db`: named (prepared once per pooled connection) when `name` is given. */
async function run<R>(db: DbOrTx, name: string | undefined, text: string, values: unknown[]): Promise<R[]> {
  // Drizzle keeps the driver's client on its session: the pool, a pooled connection inside a transaction,
  // the PGlite instance, or PGlite's transaction.
  const { client, logger } = (db as unknown as { session: DriverSession }).session;
  // Logged as Drizzle logs its own queries, so a logging instance (the inbox bench's capture) sees these too.
  logger?.logQuery(text, values);
  if (client instanceof pg.Pool || client instanceof pg.Client) {
    const res = await client.query<R & pg.QueryResultRow>({ name, text, values, types: pgTypes });
    return res.rows;
  }
  const res = await (client as PgliteLike).query<R>(text, values, { parsers: pgliteParsers });
  return res.rows;
}

const nameOf = (label: string, text: string) =>
  `${label}_${createHash('sha256').update(text).digest('hex').slice(0, 12)}`;

/**
 * A statement on a hot path (portal poll and send). It is written with Drizzle's `sql` like any other query,
 * with `sql.placeholder('name')` for what changes per call, and compiled to its text once, at module load.
 *
 * On PostgreSQL it runs as a named prepared statement: each pooled connection parses and plans it once and
 * then reuses the plan, where an unnamed statement is planned on every call. For these short statements the
 * planning took 3 to 10 times as long as the execution (bench/RESULTS.md). On PGlite, one in-process
 * connection, it runs as a plain parameterized query.
 *
 * The name comes from the text, so two statements can never share a name with different texts, which
 * node-postgres refuses. Inside a transaction it runs on the transaction's own connection.
 */
export function statement<R extends object, P extends Record<string, unknown>>(label: string, query: SQL) {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = nameOf(label, text);
  return {
    name,
    text,
    rows: (db: DbOrTx, placeholders: P): Promise<R[]> =>
      run<R>(db, name, text, fillPlaceholders(params, placeholders)),
  };
}

/** Distinct texts `preparedRows` names per process; past it, new texts run unnamed. */
const MAX_NAMED = 500;
const named = new Set<string>();

/**
 * A query built per call (the inbox list: its shape follows the filters) run as a named prepared statement,
 * so the planning that cost as much as the execution is done once per connection and shape. Only for query
 * builders whose text takes a bounded number of shapes: values, id lists included, must be parameters
 * (`= any(${sql.param(ids)})`, never `inArray`, whose text grows with the list). Past `MAX_NAMED` texts,
 * a leak in that promise costs planning time again instead of server memory.
 *
 * `named: false` runs it unnamed, planned for its values on every call: for a statement whose good plan
 * depends on them. One text serves every search, and once PostgreSQL's plan cache settled on a generic plan
 * (after five calls, when its estimate looks no worse) a common word ran with it: 0.9 s for the list and
 * 90 ms for the collection, against 7 and 5 ms planned for the word.
 */
export function preparedRows<R extends object>(
  db: DbOrTx,
  label: string,
  query: SQL,
  opts: { named?: boolean } = {},
): Promise<R[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  if (opts.named === false) return run<R>(db, undefined, text, params);
  let name: string | undefined = nameOf(label, text);
  if (!named.has(name)) {
    if (named.size < MAX_NAMED) named.add(name);
    else name = undefined;
  }
  return run<R>(db, name, text, params);
}
