import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The channel every process listens on; a notification carries the newest event id and nothing else. */
export const EVENTS_CHANNEL = 'inbox_events';

/** Any constant both engines accept as an advisory lock key; this one names the sequencer. */
const SEQUENCER_LOCK = 7_310_001;

/**
 * Gives committed events their `event_id`, then wakes every process. One run at a time, across all
 * processes (a transaction-scoped advisory lock), and each run sees every event committed before it took
 * the lock: so ids are handed out in commit order, and a reader that has seen id N never meets a smaller
 * id later. The notification is sent inside the run's transaction: PostgreSQL delivers it at commit, and
 * runs are serial already, so it costs the writers nothing (a NOTIFY in the send transaction itself would
 * serialise every commit). Returns the newest id it gave, or null when there was nothing to do.
 */
export async function sequenceEvents(db: Db): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEQUENCER_LOCK})`);
    const res = await tx.execute<{ last: string | null }>(sql`
      with todo as (
        select seq, nextval('event_ids') as event_id
        from (select seq from events where event_id is null order by seq limit 5000) o
      ), done as (
        update events e set event_id = todo.event_id from todo where e.seq = todo.seq
        returning e.event_id
      )
      select max(event_id)::text as last from done`);
    const last = res.rows[0]?.last;
    if (last == null) return null;
    await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${last})`);
    return Number(last);
  });
}

/**
 * One per process: runs the sequencer after each request that wrote events, coalescing a burst into one
 * run, and every `safetyMs` in case a process died between its commit and its run (another process's run
 * would also pick those events up). Never two runs of one process at once.
 */
export function startSequencer(opts: { db: Db; onError: (err: unknown) => void; safetyMs?: number }) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const loop = async () => {
    do {
      again = false;
      try {
        // A cheap look first (the partial index is empty in the steady state), so an idle tick takes no
        // lock and commits nothing; then runs until nothing is left (a run hands out at most 5,000 ids).
        for (;;) {
          const pending = await opts.db.execute(sql`select 1 from events where event_id is null limit 1`);
          if (pending.rows.length === 0) break;
          await sequenceEvents(opts.db);
        }
      } catch (err) {
        opts.onError(err);
      }
    } while (again && !stopped);
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(kick, opts.safetyMs ?? 2000);
  timer.unref();
  return {
    kick,
    /** Resolves when the sequencer is idle (tests wait on it before reading ids). */
    settle: async () => {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      while (running) await running;
    },
  };
}

export type Sequencer = ReturnType<typeof startSequencer>;
