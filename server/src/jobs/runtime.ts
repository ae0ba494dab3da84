import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client.ts';
import { bossConnection, JOBS_SCHEMA } from './boss.ts';
import { type JobQueue, onceId, txConnection } from './queue.ts';

/** A durable job kind: retried with backoff when its handler throws, optionally on a cron schedule. */
export interface JobKind<T extends object = object> {
  name: string;
  /** Cron (minute precision, UTC) for work that recurs; pg-boss runs each slot once across processes. */
  cron?: string;
  retryLimit?: number;
  /** Seconds before the first retry; doubled each time with `retryBackoff`. */
  retryDelay?: number;
  /** `queue` lets a job queue what follows it (a delivery's next attempt) in its own transaction. */
  handle(data: T, queue: JobQueue): Promise<void>;
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
    // A schedule no kind declares any more (the retired minute scans) would queue jobs nobody works.
    const crons = new Set(kinds.filter((k) => k.cron).map((k) => k.name));
    for (const s of await boss.getSchedules()) if (!crons.has(s.name)) await boss.unschedule(s.name);
  });
  const byName = new Map(kinds.map((k) => [k.name, k]));
  const queue: JobQueue = {
    async sendOnce(tx, name, key, data, when = {}) {
      await boss.send(name, data, {
        id: onceId(`${name}:${key}`, when.order),
        singletonKey: key,
        startAfter: when.afterSeconds ?? 0,
        db: txConnection(tx),
      });
    },
    async sendManyOnce(tx, name, jobs) {
      if (jobs.length === 0) return;
      await boss.insert(
        jobs.map((j) => ({
          name,
          id: onceId(`${name}:${j.key}`),
          singletonKey: j.key,
          data: j.data,
          startAfter: j.at.toISOString(),
        })),
        { db: txConnection(tx) },
      );
    },
  };
  for (const kind of kinds) {
    await boss.work(kind.name, async (jobs) => {
      for (const job of jobs) await kind.handle(job.data as object, queue);
    });
    if (kind.cron) await boss.schedule(kind.name, kind.cron);
  }
  /** Jobs of `name` ready now and running, in any process. */
  const waiting = async (name: string) => {
    const res = await database.db.execute<{ ready: number; active: number }>(sql`
      select count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as ready,
        count(*) filter (where state = 'active')::int as active
      from ${sql.identifier(JOBS_SCHEMA)}.job where name = ${name}`);
    return res.rows[0] ?? { ready: 0, active: 0 };
  };
  return {
    boss,
    ...queue,
    /** Queues a job now (tests, and work a request hands off). */
    send: (name: string, data: object = {}) => boss.send(name, data),
    /**
     * Runs here the jobs of `name` that are ready, and waits for those other workers hold, until none is
     * left (tests: what the workers would do within their next polls, without waiting for them).
     */
    async drain(name: string) {
      const kind = byName.get(name);
      if (!kind) throw new Error(`No job kind ${name}`);
      for (;;) {
        const jobs = await boss.fetch<object>(name, { batchSize: 20 });
        for (const job of jobs) {
          try {
            await kind.handle(job.data, queue);
            await boss.complete(name, job.id);
          } catch (err) {
            await boss.fail(name, job.id, { message: (err as Error).message });
          }
        }
        if (jobs.length > 0) continue;
        const left = await waiting(name);
        if (left.ready === 0 && left.active === 0) return;
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    /** Lets running jobs finish, then stops taking new ones. */
    stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }),
  };
}

export type Jobs = Awaited<ReturnType<typeof startJobs>>;
