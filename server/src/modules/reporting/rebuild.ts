import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reportRebuilds } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import type { JobKind } from '../../jobs/runtime.ts';
import type { CompanyScope } from '../access/context.ts';
import { eventsAfter } from '../events/store.ts';
import { REPORTED_TYPES, REPORTING_CONSUMER, recordFacts } from './facts.ts';
import { addDays, daysBetween } from './metrics.ts';
import { refreshDays } from './rollups.ts';

export const REBUILD_JOB = 'reporting-rebuild';
const CHUNK = 5000;
/** Two transactions count weeks at once: PostgreSQL runs each on its own core (PGlite takes them in turn). */
const COUNTING_WORKERS = 2;

/** `POST /reporting/calculate-stats`: records the request; the job does the work. */
export async function requestRebuild(scope: CompanyScope, from: string, to: string) {
  const [row] = await scope.db
    .insert(reportRebuilds)
    .values({ companyId: scope.companyId, fromDay: from, toDay: to })
    .returning({ id: reportRebuilds.id });
  return row!.id;
}

export async function rebuildStatus(scope: CompanyScope, id: number) {
  const [row] = await scope.db
    .select()
    .from(reportRebuilds)
    .where(and(eq(reportRebuilds.id, id), eq(reportRebuilds.companyId, scope.companyId)));
  if (!row) throw notFound('Calculation');
  return { job_id: row.id, status: row.status, progress: row.progress, error: row.error };
}

/**
 * Recalculates a company's reports for a date range (its timezone), with today's settings (a changed timezone
 * or business hours) and today's rules, in two steps:
 * 1. Facts: the events of the range still in the log are turned into facts again, in event order, a chunk
 *    at a time. Events older than the log's retention (`EVENT_RETENTION_DAYS`) are gone: their facts, the
 *    durable record, are kept as they were written.
 * 2. Rollups: every day of the range (and any day a fact moved away from) is counted again from its facts,
 *    a week per transaction, two weeks at once.
 * Each chunk and each week holds the live consumer's row lock (shared between the two counting workers), so
 * the consumer never adds to a day while it is being counted; facts are keyed by event, so whichever writes
 * one first, it is the same fact.
 */
export async function runRebuild(db: Db, id: number) {
  const [job] = await db.select().from(reportRebuilds).where(eq(reportRebuilds.id, id));
  if (!job || job.status === 'completed') return;
  const setProgress = (progress: number) =>
    db
      .update(reportRebuilds)
      .set({ progress: Math.min(1, progress), updatedAt: new Date() })
      .where(eq(reportRebuilds.id, id));
  await db
    .update(reportRebuilds)
    .set({ status: 'running', updatedAt: new Date() })
    .where(eq(reportRebuilds.id, id));
  try {
    const moved = await rederiveFacts(db, job, (done) => setProgress(done / 2));
    const days = [...new Set([...everyDay(job.fromDay, job.toDay), ...moved])];
    let counted = 0;
    const weeks = chunks(days, 7);
    const worker = async () => {
      for (let week = weeks.shift(); week; week = weeks.shift()) {
        await db.transaction(async (tx) => {
          await tx.execute(sql`select 1 from event_consumers where name = ${REPORTING_CONSUMER} for share`);
          await refreshDays(tx, job.companyId, week);
        });
        counted += week.length;
        await setProgress(0.5 + counted / days.length / 2);
      }
    };
    await Promise.all(Array.from({ length: COUNTING_WORKERS }, worker));
    await db
      .update(reportRebuilds)
      .set({ status: 'completed', progress: 1, updatedAt: new Date() })
      .where(eq(reportRebuilds.id, id));
  } catch (err) {
    await db
      .update(reportRebuilds)
      .set({ status: 'failed', error: reasonOf(err), updatedAt: new Date() })
      .where(eq(reportRebuilds.id, id));
  }
}

/** Step 1: the range's events in the log become facts again; answers the days facts moved away from. */
async function rederiveFacts(
  db: Db,
  job: { companyId: number; fromDay: string; toDay: string },
  progress: (fraction: number) => Promise<unknown>,
) {
  const inRange = sql`company_id = ${job.companyId} and event_id < event_horizon()
    and type = any(${sql.param([...REPORTED_TYPES])}::text[])
    and (created_at at time zone (select timezone from companies where id = ${job.companyId}))::date
      between ${job.fromDay}::date and ${job.toDay}::date`;
  const [counted] = (
    await db.execute<{ n: number }>(sql`select count(*)::int as n from events where ${inRange}`)
  ).rows;
  const total = Number(counted?.n ?? 0);
  const moved = new Set<string>();
  let done = 0;
  let after = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from event_consumers where name = ${REPORTING_CONSUMER} for update`);
      const events = await eventsAfter(tx, after, CHUNK, inRange);
      if (events.length === 0) return events;
      for (const day of await recordFacts(tx, events, { rollups: false, replace: true })) moved.add(day);
      return events;
    });
    if (batch.length === 0) break;
    after = batch.at(-1)!.event_id;
    done += batch.length;
    await progress(total ? done / total : 1);
  }
  return [...moved].filter((d) => d < job.fromDay || d > job.toDay);
}

/** What went wrong, for the job's status: the database's own words, not the statement that failed. */
const reasonOf = (err: unknown) => {
  const e = err as Error & { cause?: unknown };
  return (e.cause instanceof Error ? e.cause.message : e.message).slice(0, 500);
};

/** Every calendar day from `from` to `to`, both included. */
const everyDay = (from: string, to: string) =>
  Array.from({ length: daysBetween(from, to) + 1 }, (_, i) => addDays(from, i));

const chunks = <T>(xs: T[], size: number) =>
  Array.from({ length: Math.ceil(xs.length / size) }, (_, i) => xs.slice(i * size, i * size + size));

export function rebuildJob(db: Db): JobKind<{ rebuildId: number }> {
  return {
    name: REBUILD_JOB,
    retryLimit: 0,
    handle: (data) => runRebuild(db, data.rebuildId),
  };
}
