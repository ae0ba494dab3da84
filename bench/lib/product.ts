import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type ServerProcess, startServer } from './processes.ts';
import { adminQuery, databaseUrl } from './sections.ts';
import { readSettings } from './settings.ts';
import { BENCH_PASSWORD } from './tenants.ts';

/**
 * The key every product start of a bench seals and opens stored secrets with. A kept database (the
 * `BENCH_<NAME>_REUSE` knobs) outlives the start that sealed its secrets: with a key file in each start's
 * fresh `DATA_DIR`, the next start could not open them and refused to serve.
 */
export const BENCH_SECRETS_KEY = '62'.repeat(32);

const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The product on `DATABASE_URL`, started as production starts it, in its own process, quiet but for warnings;
 * `env` adds settings (a list cache off, say), `serverDir` may be another checkout's `server`.
 */
export function startProduct(opts: {
  url: string;
  port: number;
  serverDir: string;
  tmpPrefix: string;
  name?: string;
  env?: Record<string, string>;
}) {
  return startServer({
    name: opts.name ?? 'product-postgres',
    script: '../bench/lib/product-api.ts',
    cwd: opts.serverDir,
    port: opts.port,
    env: {
      DATABASE_URL: opts.url,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), opts.tmpPrefix)),
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'false',
      ADMIN_EMAIL: 'bench-admin@bench.test',
      ADMIN_PASSWORD: 'bench-admin-password',
      SECRETS_KEY: BENCH_SECRETS_KEY,
      ...opts.env,
    },
    healthPath: '/api/v1/health',
  });
}

/** The console headers of a generated user signed in through the product. */
export async function consoleHeaders(base: string, email: string) {
  const res = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD }),
  });
  const body = (await res.json()) as {
    data: { access_token: string; current_company: { company_id: number } };
  };
  return {
    authorization: `Bearer ${body.data.access_token}`,
    'x-company-id': String(body.data.current_company.company_id),
  };
}

/** A file-name-safe timestamp for a results file. */
export const resultStamp = () =>
  new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');

/**
 * A generated dataset's description: the stored one when `reuse` is asked and its database is really there
 * (the data file outlives the database on a new machine), else a new generation; written back either way.
 */
export async function loadDataset<T>(opts: {
  adminUrl: string;
  dbName: string;
  dataFile: string;
  reuse: boolean;
  generate: () => Promise<T>;
}): Promise<T> {
  const exists = (
    await adminQuery(opts.adminUrl, `select 1 from pg_database where datname = '${opts.dbName}'`)
  ).length;
  const data: T =
    opts.reuse && exists > 0 && fs.existsSync(opts.dataFile)
      ? JSON.parse(fs.readFileSync(opts.dataFile, 'utf8'))
      : await opts.generate();
  fs.mkdirSync(path.dirname(opts.dataFile), { recursive: true });
  fs.writeFileSync(opts.dataFile, `${JSON.stringify(data, null, 2)}\n`);
  return data;
}

/** Raw numbers of a run, beside RESULTS.md: `bench/results/<prefix>-<date>.json`; answers its path. */
export function writeResults(dir: string, prefix: string, payload: Record<string, unknown>) {
  const file = path.join(dir, 'results', `${prefix}-${resultStamp()}.json`);
  fs.writeFileSync(file, `${JSON.stringify({ date: new Date().toISOString(), ...payload }, null, 2)}\n`);
  return file;
}

/**
 * Where a product-level bench keeps its data: the database `inbox_bench_<name>` on `BENCH_PG_URL`'s server,
 * the generated dataset's description in `bench/results/<name>-data-<db>.json`, reused when
 * `BENCH_<NAME>_REUSE=1` and the database is still there.
 */
export function benchDataset(name: string, env: NodeJS.ProcessEnv = process.env) {
  const { adminUrl } = readSettings(env);
  // `BENCH_DATASET_DB` names it otherwise, so two checkouts on one server do not drop each other's data.
  const dbName = env.BENCH_DATASET_DB || `inbox_bench_${name}`;
  return {
    name,
    adminUrl,
    dbName,
    url: databaseUrl(adminUrl, dbName),
    dataFile: path.join(benchDir, 'results', `${name}-data-${dbName}.json`),
    reuse: env[`BENCH_${name.toUpperCase()}_REUSE`] === '1',
    serverDir: path.join(benchDir, '..', 'server'),
  };
}

/**
 * The frame of a bench on a dataset of its own (customers, reporting): its data loaded or generated, the
 * product started on it, a plain client for the statements alone; `measure` runs the calls, and the product
 * and client are closed whatever happens.
 */
export async function onProduct<D, R>(
  opts: ReturnType<typeof benchDataset> & { port: number; generate: () => Promise<D> },
  measure: (ctx: { data: D; product: ServerProcess; client: pg.Client }) => Promise<R>,
) {
  const data = await loadDataset({ ...opts });
  const { url } = opts;
  const product = await startProduct({
    url,
    port: opts.port,
    serverDir: opts.serverDir,
    tmpPrefix: `${opts.name}-bench-`,
  });
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    return { data, result: await measure({ data, product, client }) };
  } finally {
    await client.end().catch(() => {});
    await product.stop();
  }
}
