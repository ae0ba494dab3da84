import autocannon, { type Result } from 'autocannon';
import { type CpuSpent, cpuBetween, type ServerProcess, sampleCpu } from './processes.ts';

export interface LoadSettings {
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of the same load before measuring (JIT, pools, caches), thrown away. */
  warmup: number;
}

/** One request as the scenario wants it; called for every request, so it stays cheap. */
export type NextRequest = () => {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
};

export interface Measured {
  requestsPerSec: number;
  total: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  latencyMs: { p50: number; p90: number; p99: number; p99_9: number; mean: number; max: number };
  cpu: CpuSpent & { serverUsPerRequest: number; postgresUsPerRequest: number };
  /** Statements the server sent to PostgreSQL per successful request (all of them: its requests, its consumers, its jobs). */
  statementsPerRequest?: number | null;
  durationSec: number;
}

function drive(url: string, connections: number, duration: number, next: NextRequest) {
  return autocannon({
    url,
    connections,
    duration,
    timeout: 10,
    requests: [{ setupRequest: (req) => Object.assign(req, next()) }],
  });
}

/** Warm-up, then the measured run, with CPU sampled around the measured part only. */
export async function measure(
  server: ServerProcess,
  settings: LoadSettings,
  next: NextRequest,
  postgresPids: () => Promise<number[]> = async () => [],
): Promise<Measured> {
  if (settings.warmup > 0) await drive(server.url, settings.connections, settings.warmup, next);
  const pidsBefore = await postgresPids();
  const statementsBefore = await server.statements();
  const before = sampleCpu(server.child.pid!, pidsBefore);
  const result: Result = await drive(server.url, settings.connections, settings.duration, next);
  const statementsAfter = await server.statements();
  // Backends opened during the run count from zero; one gone by then reads as 0 and is left out.
  const pidsAfter = [...new Set([...pidsBefore, ...(await postgresPids())])];
  const after = sampleCpu(server.child.pid!, pidsAfter);
  for (const pid of pidsBefore)
    if (after.postgres.get(pid) === 0) after.postgres.set(pid, before.postgres.get(pid)!);
  const cpu = cpuBetween(before, after);
  if (server.child.exitCode !== null) throw new Error(`${server.name} died under load:\n${server.output()}`);

  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([k, v]) => [k, v.count]),
  );
  const ok = result['2xx'];
  const total = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  const perRequest = (seconds: number) => (ok > 0 ? Math.round((seconds * 1e6) / ok) : 0);
  return {
    // Only successful answers count as throughput: a fast 429 or 500 is not work done.
    requestsPerSec: Math.round(ok / result.duration),
    total,
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      p99_9: result.latency.p99_9,
      mean: result.latency.mean,
      max: result.latency.max,
    },
    cpu: {
      ...cpu,
      serverUsPerRequest: perRequest(cpu.serverSeconds),
      postgresUsPerRequest: perRequest(cpu.postgresSeconds),
    },
    statementsPerRequest:
      statementsBefore === null || statementsAfter === null || ok === 0
        ? null
        : Math.round(((statementsAfter - statementsBefore) / ok) * 100) / 100,
    durationSec: result.duration,
  };
}

/** A read measured as one user alone (one connection) and as ten at once: the two columns of the read benches. */
export async function aloneAndTen(server: ServerProcess, next: NextRequest) {
  const alone = await measure(server, { connections: 1, warmup: 1, duration: 4 }, next);
  const ten = await measure(server, { connections: 10, warmup: 1, duration: 5 }, next);
  return { alone, ten };
}
