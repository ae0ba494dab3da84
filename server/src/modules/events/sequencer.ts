import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { coalesced } from '../../lib/coalesce.ts';

/** The channel every process listens on; a notification carries the newest event id and nothing else. */
export const EVENTS_CHANNEL = 'inbox_events';

/** Any constant both engines accept as an advisory lock key; this one names the sequencer. */
const SEQUENCER_LOCK = 7_310_001;

/**
 * Gives committed events their `event_id`, then wakes every process. One run at a time, across all
 * processes (a transaction-scoped advisory lock), ids drawn only once the lock is held, and each run
 * commits before the next draws: so ids are handed out in commit order, and a reader that has seen id N
 * never meets a smaller id later. The notification is sent inside the run: PostgreSQL delivers it at
 * commit, and runs are serial already, so it costs the writers nothing (a NOTIFY in the send transaction
 * itself would serialise every commit). It also moves each company's list version (`list_versions`, see
 * `conversations/list-cache.ts`). Returns the newest id it gave, or null when there was nothing.
 */
export async function sequenceEvents(db: Db): Promise<number | null> {
  // One statement does the work, so one commit. Its snapshot may predate a run that committed while it waited
  // for the lock; the update re-checks `event_id is null` on such rows and leaves them, and events that run's
  // snapshot missed are numbered by the next run, which their writer starts after its commit.
  const res = await db.transaction(async (tx) => {
    // Numbered events leave dead entries in the partial index until a vacuum. A bitmap scan (the planner's
    // choice for the few rows it expects) reads every one of them, on every run: under the portal send bench a
    // run took 2.8 ms for 50 events, growing until autovacuum came. A plain index scan marks the dead entries
    // as it passes and later runs skip them (0.8 ms for the same 50), so this run plans without bitmap scans.
    await tx.execute(sql`set local enable_bitmapscan = off`);
    return tx.execute<{ last: string | null }>(sql`
      with locked as (select pg_advisory_xact_lock(${SEQUENCER_LOCK})), unnumbered as (
        select seq, nextval('event_ids') as event_id
        from (select seq from events
              where event_id is null and exists (select 1 from locked)
              order by seq limit 5000) o
      ), done as (
        update events e set event_id = unnumbered.event_id from unnumbered
        where e.seq = unnumbered.seq and e.event_id is null
        returning e.event_id, e.company_id, e.type
      ), versions as (
        -- In the same commit as the numbering: a poll that sees the id sees the list's new version too.
        insert into list_versions as v (company_id, event_id)
        select company_id, max(event_id) from done where type <> 'typing' group by company_id order by company_id
        on conflict (company_id) do update set event_id = greatest(v.event_id, excluded.event_id)
      ), newest as (select max(event_id) as last from done)
      select last::text, case when last is null then null else pg_notify(${EVENTS_CHANNEL}, last::text) end
      from newest`);
  });
  const last = res.rows[0]?.last;
  return last == null ? null : Number(last);
}

/**
 * One per process: runs the sequencer after each request that wrote events, coalescing a burst into one
 * run, and every `safetyMs` in case a process died between its commit and its run (another process's run
 * would also pick those events up). Never two runs of one process at once.
 */
export function startSequencer(opts: { db: Db; onError: (err: unknown) => void; safetyMs?: number }) {
  const runs = coalesced(async () => {
    try {
      // Until nothing is left (a run numbers at most 5,000). With nothing to number a run takes no lock
      // and writes nothing (the partial index is empty in the steady state), so an idle tick is cheap.
      while ((await sequenceEvents(opts.db)) !== null) {}
    } catch (err) {
      opts.onError(err);
    }
  });
  const timer = setInterval(runs.wake, opts.safetyMs ?? 2000);
  timer.unref();
  return {
    kick: runs.wake,
    /** Resolves when the sequencer is idle (tests wait on it before reading ids). */
    settle: runs.settle,
    async stop() {
      clearInterval(timer);
      await runs.stop();
    },
  };
}

export type Sequencer = ReturnType<typeof startSequencer>;
