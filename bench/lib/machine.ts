import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Read from disk: some packages do not export their package.json.
const versionOf = (pkg: string) => {
  for (const dir of ['server/node_modules', 'node_modules']) {
    try {
      const file = path.join(root, dir, pkg, 'package.json');
      return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
    } catch {
      // try the next place
    }
  }
  return 'unknown';
};

/** What the numbers were measured on; RESULTS.md is only comparable on the same machine class. */
export async function machineInfo(adminUrl: string | null) {
  let postgres = 'not used';
  if (adminUrl) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    // current_setting() answers in the units a person reads (128MB rather than 16384 pages).
    const { rows } = await client.query<Record<string, string>>(
      `select current_setting('server_version') as version, current_setting('shared_buffers') as shared_buffers,
         current_setting('synchronous_commit') as synchronous_commit, current_setting('fsync') as fsync,
         current_setting('max_connections') as max_connections`,
    );
    await client.end();
    const s = rows[0]!;
    postgres = `PostgreSQL ${s.version} (shared_buffers ${s.shared_buffers}, synchronous_commit ${s.synchronous_commit}, fsync ${s.fsync}, max_connections ${s.max_connections})`;
  }
  const cpuModel = os.cpus()[0]?.model ?? 'unknown';
  let kernel = os.release();
  try {
    kernel = fs.readFileSync('/proc/sys/kernel/osrelease', 'utf8').trim();
  } catch {
    // not Linux
  }
  return {
    cpus: os.availableParallelism(),
    cpuModel,
    memoryGiB: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    kernel,
    node: process.version,
    postgres,
    pglite: `@electric-sql/pglite ${versionOf('@electric-sql/pglite')}`,
    libraries: {
      fastify: versionOf('fastify'),
      pg: versionOf('pg'),
      'drizzle-orm': versionOf('drizzle-orm'),
      zod: versionOf('zod'),
      autocannon: versionOf('autocannon'),
    },
  };
}
export type MachineInfo = Awaited<ReturnType<typeof machineInfo>>;
