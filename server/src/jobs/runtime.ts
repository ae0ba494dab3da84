import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { bossConnection } from './boss.ts';

/** A durable job kind: retried with backoff when its handler throws, optionally on a cron schedule. */
export interface JobKind<T extends object = object> {
  name: string;
  /** Cron (minute precision, UTC) for work that recurs; pg-boss runs each slot once across processes. */
  cron?: string;
  retryLimit?: number;
  /** Seconds before the first retry; doubled each time with `retryBackoff`. */
  retryDelay?: number;
  handle(data: T): Promise<void>;
}

/**
 * The error without the `pg` client pg-boss's errors carry: logged whole, each was kilobytes of connection
 * state, several a second from every process while PostgreSQL was away.
 */
export function withoutClient(err: Error) {
  const { client: _client, ...props } = err as Error & { client?: unknown };
  return Object.assign(Object.create(Object.getPrototypeOf(err)) as Error, props, {
    message: err.message,
    stack: err.stack,
  });
}

/**
 * Durable jobs through pg-boss on both engines (decision 021): retries with backoff, schedules that fire
 * once per slot whichever process is up, and work shared by every process. One instance per process.
 */
export async function startJobs(database: Database, log: FastifyBaseLogger, kinds: JobKind[]) {
  const boss = new PgBoss({
    ...bossConnection(database),
    // The tables were installed with the migrations.
    migrate: false,
    supervise: true,
    schedule: kinds.some((k) => k.cron),
  });
  // A database outage surfaces here; pg-boss keeps retrying on its own, and the process must stay up.
  boss.on('error', (err) => log.warn({ err: withoutClient(err) }, 'job queue error'));
  await boss.start();
  // Two processes creating the same queue at once deadlock inside pg-boss (it adds a partition table):
  // queues are created under the start-up lock, one process at a time.
  await database.exclusive(async () => {
    for (const kind of kinds) {
      if (await boss.getQueue(kind.name)) continue;
      await boss.createQueue(kind.name, {
        name: kind.name,
        retryLimit: kind.retryLimit ?? 5,
        retryDelay: kind.retryDelay ?? 5,
        retryBackoff: true,
      });
    }
  });
  for (const kind of kinds) {
    await boss.work(kind.name, async (jobs) => {
      for (const job of jobs) await kind.handle(job.data as object);
    });
    if (kind.cron) await boss.schedule(kind.name, kind.cron);
  }
  return {
    boss,
    /** Queues a job now (tests, and work a request hands off). */
    send: (name: string, data: object = {}) => boss.send(name, data),
    /** Lets running jobs finish, then stops taking new ones. */
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}

export type Jobs = Awaited<ReturnType<typeof startJobs>>;
