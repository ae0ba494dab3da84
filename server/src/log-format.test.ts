import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * What `npm start` prints (issue 42, item 10): the real process, started on a terminal (a pseudo-terminal
 * from util-linux's `script`) and into a pipe, the way a person and a log collector each read it.
 */
const root = path.resolve(import.meta.dirname, '../..');
const main = 'node --import tsx server/src/main.ts';
let dataDir: string;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'inbox-log-format-'));
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Starts the server, returns what it printed up to its "listening" line, and stops it. */
async function startOutput(opts: { terminal: boolean; logFormat?: string }): Promise<string> {
  const env = {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: 'false',
    ADMIN_PASSWORD: 'password-1',
    LOG_FORMAT: opts.logFormat ?? '',
    LOG_LEVEL: 'info',
  };
  // `script -qec CMD /dev/null` runs CMD with a pseudo-terminal as its stdout and copies what it prints.
  const child: ChildProcess = opts.terminal
    ? spawn('script', ['-qec', main, '/dev/null'], { cwd: root, env, detached: true })
    : spawn('sh', ['-c', main], { cwd: root, env, detached: true });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  try {
    await expect.poll(() => out, { timeout: 45_000, interval: 100 }).toMatch(/Server listening at/);
  } finally {
    // The whole group: `script` or `sh`, and the server under it.
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
  return out;
}

const lines = (out: string) =>
  out
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.includes('Server listening at'));

describe('log lines', () => {
  it('are readable on a terminal: time, level and message, in colour, no JSON', async () => {
    const out = await startOutput({ terminal: true });
    const [line] = lines(out);
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's colour codes are what is asserted
    expect(line).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] \u001b\[32mINFO\u001b\[39m: .*Server listening at http/);
    expect(out).not.toContain('{"level"');
  }, 60_000);

  it('are JSON, one object a line, when the output is piped', async () => {
    const out = await startOutput({ terminal: false });
    const [line] = lines(out);
    expect(JSON.parse(line ?? '')).toMatchObject({
      level: 30,
      msg: expect.stringMatching(/^Server listening at/),
    });
  }, 60_000);

  it('follow LOG_FORMAT over the terminal check, either way', async () => {
    const json = lines(await startOutput({ terminal: true, logFormat: 'json' }))[0] ?? '';
    expect(JSON.parse(json)).toMatchObject({ level: 30, msg: expect.stringMatching(/^Server listening at/) });
    const pretty = lines(await startOutput({ terminal: false, logFormat: 'pretty' }))[0];
    // Piped, the readable lines carry no colour codes that would litter a file.
    expect(pretty).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Server listening at http/);
  }, 90_000);
});
