import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';

export interface ServerProcess {
  name: string;
  url: string;
  child: ChildProcess;
  /** The last lines the process wrote, shown when it dies or fails to start. */
  output: () => string;
  /** Statements the process has sent to PostgreSQL so far (`count-statements.ts`); null when not counted. */
  statements: () => Promise<number | null>;
  stop: () => Promise<void>;
}

const countStatements = new URL('./count-statements.ts', import.meta.url).pathname;

/**
 * Starts a server in its own Node process so the load generator never shares its event loop or CPU
 * accounting. `tsx` is loaded with `--import` (not the `tsx` CLI) so the pid is the server itself,
 * which matters for CPU sampling and `--cpu-prof`.
 */
export async function startServer(opts: {
  name: string;
  script: string;
  cwd: string;
  port: number;
  env: Record<string, string>;
  nodeArgs?: string[];
  healthPath: string;
}): Promise<ServerProcess> {
  const counts = `${fs.mkdtempSync('/tmp/inbox-bench-statements-')}/count`;
  const child = spawn(
    process.execPath,
    [...(opts.nodeArgs ?? []), '--import', 'tsx', '--import', countStatements, opts.script],
    {
      cwd: opts.cwd,
      env: {
        ...process.env,
        ...opts.env,
        PORT: String(opts.port),
        HOST: '127.0.0.1',
        BENCH_STATEMENTS_FILE: counts,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n'));
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const output = () => lines.filter(Boolean).slice(-40).join('\n');
  const url = `http://127.0.0.1:${opts.port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${opts.name} exited during start:\n${output()}`);
    try {
      const res = await fetch(`${url}${opts.healthPath}`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${opts.name} did not become healthy in 120 s:\n${output()}`);
    }
    await sleep(200);
  }

  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    // A CPU profile is written at exit; give a profiled process time to flush it.
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await exited;
    clearTimeout(timer);
  };
  const statements = async () => {
    fs.rmSync(counts, { force: true });
    if (child.exitCode !== null || !child.kill('SIGUSR2')) return null;
    for (let i = 0; i < 50 && !fs.existsSync(counts); i++) await sleep(20);
    const n = fs.existsSync(counts) ? Number(fs.readFileSync(counts, 'utf8')) : Number.NaN;
    return Number.isFinite(n) ? n : null;
  };
  return { name: opts.name, url, child, output, statements, stop };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Clock ticks (user + system) a process has used, from /proc; 0 when the process is gone. */
function processTicks(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces; fields are counted after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

function ticksOf(pids: number[]): Map<number, number> {
  return new Map(pids.map((pid) => [pid, processTicks(pid)]));
}

function machineTicks(): { busy: number; total: number } {
  const line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  const total = v.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

export interface CpuSample {
  server: number;
  postgres: Map<number, number>;
  machine: { busy: number; total: number };
  loadgen: NodeJS.CpuUsage;
}

/** `postgresPids`: the backends of the benchmark database and the shared writers, not other databases'. */
export function sampleCpu(serverPid: number, postgresPids: number[]): CpuSample {
  return {
    server: processTicks(serverPid),
    postgres: ticksOf(postgresPids),
    machine: machineTicks(),
    loadgen: process.cpuUsage(),
  };
}

/** CPU seconds spent by each party between two samples (Linux ticks are 10 ms). */
export function cpuBetween(a: CpuSample, b: CpuSample) {
  const tick = 0.01;
  let pg = 0;
  for (const [pid, ticks] of b.postgres) pg += ticks - (a.postgres.get(pid) ?? 0);
  const loadgen = process.cpuUsage(a.loadgen);
  const serverSeconds = (b.server - a.server) * tick;
  const postgresSeconds = pg * tick;
  const loadgenSeconds = (loadgen.user + loadgen.system) / 1e6;
  const machineBusySeconds = (b.machine.busy - a.machine.busy) * tick;
  return {
    serverSeconds,
    postgresSeconds,
    loadgenSeconds,
    /** CPU used by processes outside the benchmark (other work on the machine): noise when high. */
    otherSeconds: Math.max(0, machineBusySeconds - serverSeconds - postgresSeconds - loadgenSeconds),
    machineBusySeconds,
    machineTotalSeconds: (b.machine.total - a.machine.total) * tick,
  };
}
export type CpuSpent = ReturnType<typeof cpuBetween>;

/**
 * Waits until the machine is mostly idle (other jobs finished) so one scenario is not measured while
 * something else eats the cores. Gives up after `maxWaitSec` and says how busy it still was.
 */
export async function waitForQuiet(maxWaitSec: number, threshold = 0.2) {
  const started = Date.now();
  for (;;) {
    const a = machineTicks();
    await sleep(2000);
    const b = machineTicks();
    const busy = (b.busy - a.busy) / Math.max(b.total - a.total, 1);
    const waitedSec = Math.round((Date.now() - started) / 1000);
    if (busy <= threshold || waitedSec >= maxWaitSec)
      return { busyBefore: Math.round(busy * 100) / 100, waitedSec };
  }
}
