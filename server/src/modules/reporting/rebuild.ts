import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reportRebuilds } from '../../db/schema/index.ts';
import { notFound } from '../../http/app-error.ts';
import type { JobKind } from '../../jobs/runtime.ts';
import type { CompanyScope } from '../access/context.ts';
import { eventsAfter } from '../events/store.ts';
import { REPORTING_CONSUMER, recordFacts } from './facts.ts';
import { refreshDays } from './rollups.ts';

export const REBUILD_JOB = 'reporting-rebuild';
const CHUNK = 2000;

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
 * Rebuilds the facts of a company's events whose day (in its timezone) falls in the range, in event order,
 * a chunk at a time, then their days' rollups: what the live consumer would have written with today's
 * settings (a changed timezone or business hours). Each chunk holds the live consumer's lock, so the two
 * never interleave inside a chunk; facts are keyed by event, so whichever writes one first, it is the same.
 * Events older than the log's retention are gone: their facts are left as they are.
 */
export async function runRebuild(db: Db, id: number) {
  const [job] = await db.select().from(reportRebuilds).where(eq(reportRebuilds.id, id));
  if (!job || job.status === 'completed') return;
  await db
    .update(reportRebuilds)
    .set({ status: 'running', updatedAt: new Date() })
    .where(eq(reportRebuilds.id, id));
  try {
    const inRange = sql`company_id = ${job.companyId} and event_id is not null
      and (created_at at time zone (select timezone from companies where id = ${job.companyId}))::date
        between ${job.fromDay}::date and ${job.toDay}::date`;
    const [counted] = (
      await db.execute<{ n: number }>(sql`select count(*)::int as n from events where ${inRange}`)
    ).rows;
    const total = Number(counted?.n ?? 0);
    let done = 0;
    let after = 0;
    for (;;) {
      const batch = await db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from event_consumers where name = ${REPORTING_CONSUMER} for update`);
        const events = await eventsAfter(tx, after, CHUNK, inRange);
        if (events.length === 0) return events;
        const ids = events.map((e) => e.event_id);
        const gone = await tx.execute<{ day: string }>(sql`
          delete from report_facts where company_id = ${job.companyId} and event_id = any(${sql.param(ids)}::bigint[])
          returning to_char(day, 'YYYY-MM-DD') as day`);
        await recordFacts(tx, events);
        // A fact that moved to another day (a new timezone) leaves its old day to be counted again too.
        await refreshDays(tx, job.companyId, [...new Set(gone.rows.map((r) => r.day))]);
        return events;
      });
      if (batch.length === 0) break;
      after = batch.at(-1)!.event_id;
      done += batch.length;
      await db
        .update(reportRebuilds)
        .set({ progress: total ? Math.min(1, done / total) : 1, updatedAt: new Date() })
        .where(eq(reportRebuilds.id, id));
    }
    await db
      .update(reportRebuilds)
      .set({ status: 'completed', progress: 1, updatedAt: new Date() })
      .where(eq(reportRebuilds.id, id));
  } catch (err) {
    await db
      .update(reportRebuilds)
      .set({ status: 'failed', error: (err as Error).message.slice(0, 500), updatedAt: new Date() })
      .where(eq(reportRebuilds.id, id));
  }
}

export function rebuildJob(db: Db): JobKind<{ rebuildId: number }> {
  return {
    name: REBUILD_JOB,
    retryLimit: 0,
    handle: (data) => runRebuild(db, data.rebuildId),
  };
}
