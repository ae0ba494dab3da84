import type { GenerateOptions } from '../generate.ts';
import type { LoadSettings } from './load.ts';
import { type ScenarioName, TARGETS, type TargetName } from './report.ts';
import { databaseUrl } from './sections.ts';

/** Every knob of `npm run bench`, read once from the environment (README.md lists them). */
export function readSettings(env: NodeJS.ProcessEnv) {
  const num = (name: string, fallback: number) => {
    const v = env[name] === undefined || env[name] === '' ? fallback : Number(env[name]);
    if (!Number.isFinite(v)) throw new Error(`${name} must be a number`);
    return v;
  };
  const list = (name: string, fallback: string) => (env[name] || fallback).split(',').map((s) => s.trim());

  const load: LoadSettings = {
    connections: num('BENCH_CONNECTIONS', 50),
    duration: num('BENCH_DURATION', 10),
    warmup: num('BENCH_WARMUP', 3),
  };
  // 'postgres' stands for the product and the three baselines on PostgreSQL, 'pglite' for the embedded product.
  const targets = new Set<TargetName>(
    list('BENCH_TARGETS', 'postgres,pglite').flatMap((t): TargetName[] => {
      if (t === 'postgres')
        return [
          'product-postgres',
          'baseline-durable-postgres',
          'baseline-prepared-postgres',
          'baseline-postgres',
        ];
      if (t === 'pglite') return ['product-pglite'];
      const named = TARGETS.find((n) => n === t);
      if (named) return [named];
      throw new Error(`BENCH_TARGETS: unknown target ${t}`);
    }),
  );
  const scenarios = list('BENCH_SCENARIOS', 'poll,send').map((s): ScenarioName => {
    if (s === 'poll' || s === 'send') return s;
    throw new Error(`BENCH_SCENARIOS: unknown scenario ${s}`);
  });
  const adminUrl = env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const benchDb = env.BENCH_DB || 'inbox_bench';
  if (!/^[a-z_][a-z0-9_]*$/.test(benchDb)) throw new Error('BENCH_DB must be a plain lowercase name');
  const benchUrl = databaseUrl(adminUrl, benchDb);
  const dataOptions: Partial<GenerateOptions> = {
    seed: num('BENCH_SEED', 1),
    companies: num('BENCH_COMPANIES', 10),
    conversations: num('BENCH_CONVERSATIONS', 1000),
    messagesPerConversation: num('BENCH_MESSAGES', 20),
  };
  return {
    load,
    rounds: num('BENCH_ROUNDS', 1),
    targets,
    onPostgres: [...targets].some((t) => t.endsWith('-postgres')),
    scenarios,
    profiled: env.BENCH_CPU_PROF === '1',
    adminUrl,
    benchDb,
    benchUrl,
    basePort: num('BENCH_PORT', 3900),
    quietWait: num('BENCH_QUIET_WAIT', 180),
    quietBusy: num('BENCH_QUIET_BUSY', 0.2),
    dataOptions,
    keepDb: env.BENCH_KEEP_DB === '1',
  };
}
