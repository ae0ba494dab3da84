import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { loadJwtSecret } from '../src/bootstrap/secrets.ts';
import { type Config, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { secretsBox } from '../src/lib/secrets-box.ts';
import { openTestDatabase, TEST_DATA_DIR } from './db.ts';
import { startTestSmtp, type TestSmtp } from './smtp.ts';

export interface TestContext {
  app: App;
  database: Database;
  db: Database['db'];
  config: Config;
  smtp: TestSmtp;
  close(): Promise<void>;
}

/** The tests' secrets key: one for the run, so apps built on one database open each other's secrets. */
export const TEST_SECRETS_KEY = Buffer.alloc(32, 'test-secrets-key');

/** Builds the real app on a fresh copy of the migrated database, with mail going to an in-process SMTP server. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  /** A database of the test's own (already migrated); a fresh copy of the template otherwise. */
  given?: Database,
  /** What the app takes for "now" where a test controls time (auto-responders). */
  clock?: () => Date,
): Promise<TestContext> {
  const database = given ?? (await openTestDatabase());
  const smtp = await startTestSmtp();
  const base = loadConfig({ DATA_DIR: TEST_DATA_DIR, PUBLIC_URL: 'http://inbox.test' } as NodeJS.ProcessEnv);
  const secrets = overrides.secrets ?? secretsBox(TEST_SECRETS_KEY);
  const config: Config = {
    ...base,
    smtpUrl: smtp.url,
    secrets,
    // Given: a test of a key that cannot open the stored one still builds its app.
    jwtSecret: overrides.jwtSecret ?? (await loadJwtSecret(database.db, secrets)),
    ...overrides,
  };
  const app = await buildApp({ config, db: database, clock });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    smtp,
    async close() {
      await app.close();
      await smtp.close();
      await database.close();
    },
  };
}

/**
 * Something a suite makes once before its tests. The returned object is filled in by a `beforeAll` hook, so a
 * suite declares it with `const` beside what it depends on (hooks run in the order they are declared).
 */
export function before<T extends object>(make: () => Promise<T>): T {
  const value = {} as T;
  beforeAll(async () => {
    Object.assign(value, await make());
  });
  return value;
}

/** The suite's app (see `createTestApp`), made before its tests and closed after them. */
export function useTestApp(overrides: Partial<Config> = {}, clock?: () => Date): TestContext {
  const t = before(() => createTestApp(overrides, undefined, clock));
  afterAll(() => t.close());
  return t;
}

export interface Session {
  token: string;
  companyId?: number;
  impersonate?: number;
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Calls /api/v1 as a client would: bearer token, X-Company-Id, optional impersonation, JSON body. */
export async function call(
  app: App,
  method: Method,
  path: string,
  opts: {
    as?: Session;
    body?: unknown;
    query?: Record<string, string | number>;
    headers?: Record<string, string>;
  } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.as) {
    headers.authorization = `Bearer ${opts.as.token}`;
    if (opts.as.companyId !== undefined) headers['x-company-id'] = String(opts.as.companyId);
    if (opts.as.impersonate !== undefined) headers['x-impersonate-user-id'] = String(opts.as.impersonate);
  }
  const query = opts.query
    ? Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))
    : undefined;
  const res = await app.inject({
    method,
    url: `/api/v1${path}`,
    headers,
    query,
    ...(opts.body !== undefined ? { payload: opts.body as InjectOptions['payload'] } : {}),
  });
  let json: any;
  try {
    json = res.json();
  } catch {
    json = undefined;
  }
  return { status: res.statusCode, body: json, headers: res.headers };
}

/** `PUT {path}?id=` with a body, as the console changes one record. */
export const change = (app: App, path: string, as: Session, id: number, body: unknown) =>
  call(app, 'PUT', path, { as, query: { id }, body });

/** Logs in through the API and returns a session usable with `call`. */
export async function loginAs(
  app: App,
  email: string,
  password: string,
  companyId?: number,
): Promise<Session> {
  const res = await call(app, 'POST', '/auth/login', { body: { email, password, company_id: companyId } });
  if (res.status !== 200)
    throw new Error(`login failed for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    token: res.body.data.access_token,
    companyId: companyId ?? res.body.data.current_company?.company_id,
  };
}
