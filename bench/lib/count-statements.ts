/**
 * Loaded into every PostgreSQL server of the bench (`--import`): counts the statements the process sends
 * (every `pg` query: a pool's, a transaction's BEGIN and COMMIT, the LISTEN connection's, pg-boss's) and
 * writes the count to `BENCH_STATEMENTS_FILE` when the bench sends SIGUSR2, so a run can say how many
 * statements PostgreSQL ran per request, whoever sent them.
 */
import fs from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_STATEMENTS_FILE;
if (file) {
  let count = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function counted(this: pg.Client, ...args: unknown[]) {
    count++;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  process.on('SIGUSR2', () => fs.writeFileSync(file, String(count)));
}
