import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { App } from '../src/app.ts';
import { freePort } from './free-port.ts';

const prismBin = createRequire(import.meta.url).resolve('@stoplight/prism-cli/dist/index.js');

export interface Through {
  token?: string;
  company?: number;
  body?: unknown;
  /** A body sent as it is, with its own content type. */
  raw?: { type: string; data: string };
}

/**
 * Stoplight Prism in proxy mode in front of the app (which listens on a free port for it), checking every
 * answer against the document the app serves: `through` calls `/api/v1` by it and reads its `sl-violations`.
 */
export async function startValidatingProxy(app: App) {
  const upstream = await app.listen({ port: 0, host: '127.0.0.1' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-openapi-'));
  const file = path.join(dir, 'openapi.json');
  fs.writeFileSync(file, (await app.inject({ method: 'GET', url: '/api/docs/json' })).body);
  const port = await freePort();
  const args = [prismBin, 'proxy', file, upstream, '-h', '127.0.0.1', '-p', String(port)];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${log}`)), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      log += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`Prism exited with ${code}:\n${log}`)));
  });
  const base = `http://127.0.0.1:${port}/api/v1`;

  /** One call through Prism: its status, JSON body, headers and the violations Prism found. */
  async function through(method: string, pathAndQuery: string, opts: Through = {}) {
    const headers: Record<string, string> = {};
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    if (opts.company !== undefined) headers['x-company-id'] = String(opts.company);
    let body: string | undefined;
    if (opts.raw) {
      headers['content-type'] = opts.raw.type;
      body = opts.raw.data;
    } else if (opts.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    const res = await fetch(`${base}${pathAndQuery}`, { method, headers, body });
    const text = await res.text();
    const violations = JSON.parse(res.headers.get('sl-violations') ?? '[]') as {
      location: string[];
      message: string;
    }[];
    return {
      status: res.status,
      body: text ? JSON.parse(text) : undefined,
      headers: res.headers,
      /** What is wrong with the answer; a call made wrong on purpose also has request violations. */
      answerViolations: violations.filter((v) => v.location[0] === 'response').map((v) => v.message),
      requestViolations: violations.filter((v) => v.location[0] === 'request').map((v) => v.message),
    };
  }

  return {
    through,
    close() {
      child.kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type ProxyAnswer = Awaited<ReturnType<Awaited<ReturnType<typeof startValidatingProxy>>['through']>>;

/** The answer had this status and matches the document; a well-formed call matches it too. */
export function expectDeclared(res: ProxyAnswer, status: number, wellFormed = true) {
  expect({ status: res.status, violations: res.answerViolations }, JSON.stringify(res.body)).toEqual({
    status,
    violations: [],
  });
  if (wellFormed) expect(res.requestViolations).toEqual([]);
}
