import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';

const BIN = '/usr/lib/postgresql/15/bin';

/** Runs a PostgreSQL program as the `postgres` user (initdb and the server refuse to run as root). */
function asPostgres(program: string, args: string[]) {
  const run =
    process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];
  return execFileSync(run[0] as string, run[1] as string[], { stdio: 'pipe' }).toString();
}

/**
 * A PostgreSQL server of the test's own, in a temporary folder on a free port, that the test may stop and
 * start at will (the fault tests never touch the machine's shared server). Returns its URL and controls.
 */
export async function startThrowawayCluster() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-pg-'));
  fs.chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  asPostgres(`${BIN}/initdb`, ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const start = () =>
    asPostgres(`${BIN}/pg_ctl`, [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  const stop = () => asPostgres(`${BIN}/pg_ctl`, ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    destroy() {
      try {
        stop();
      } catch {
        // Already stopped.
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
