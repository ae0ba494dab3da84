import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './processes.ts';
import { BENCH_PASSWORD } from './tenants.ts';

/** The product on `DATABASE_URL`, started as production starts it, in its own process, quiet but for warnings. */
export function startProduct(opts: { url: string; port: number; serverDir: string; tmpPrefix: string }) {
  return startServer({
    name: 'product-postgres',
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
