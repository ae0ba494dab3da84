import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../../server/test/free-port.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface TestServer {
  url: string;
  adminEmail: string;
  adminPassword: string;
  dataDir: string;
  /** Calls the API like a client; throws with the body on a non-2xx answer. */
  api<T = any>(
    method: string,
    apiPath: string,
    opts?: { token?: string; body?: unknown; companyId?: number },
  ): Promise<T>;
  login(email: string, password: string): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts the real product (`server/src/main.ts`, serving the built web app) on a free port with a fresh
 * embedded database, exactly as `npm start` would, minus the build step and demo data.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-e2e-'));
  const port = await freePort();
  const adminEmail = 'admin@example.com';
  const adminPassword = 'admin-pass-123';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ADMIN_EMAIL: adminEmail,
      ADMIN_PASSWORD: adminPassword,
      DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  // Two minutes: the first start migrates a fresh embedded database, which takes over a minute on a busy machine.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }

  const api: TestServer['api'] = async (method, apiPath, opts = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.companyId) headers['x-company-id'] = String(opts.companyId);
    const res = await fetch(`${url}/api/v1${apiPath}`, {
      method,
      headers,
      body:
        opts.body === undefined
          ? method === 'GET' || method === 'DELETE'
            ? undefined
            : '{}'
          : JSON.stringify(opts.body),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`${method} ${apiPath} -> ${res.status} ${JSON.stringify(body)}`);
    return body.data;
  };

  return {
    url,
    adminEmail,
    adminPassword,
    dataDir,
    api,
    login: async (email, password) =>
      (await api('POST', '/auth/login', { body: { email, password } })).access_token,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
