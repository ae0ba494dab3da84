import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { statement } from '../../db/statement.ts';
import { coalesced } from '../../lib/coalesce.ts';

/** The channel every process listens on; a notification carries the newest readable event id and nothing else. */
export const EVENTS_CHANNEL = 'inbox_events';

/**
 * Where events can be read up to now (`event_horizon()`, decision 046), whether committed events wait above
 * it for an older transaction to end, and a notification of the newest readable id to every process when it
 * is past what this process knows was told. One statement, reading two ends of the primary key; it writes
 * nothing unless it notifies. The horizon is a subquery's value, not a joined row: joined, the planner cannot
 * read `max(event_id)` off the end of the index and scans every event below the horizon instead (6 ms a run
 * at 40,000 events, growing with the table). The notification rides on this statement's own commit, never on a writer's (a
 * NOTIFY in the send transaction would serialise every commit).
 */
const announce = statement<{ last: string; held: boolean }, { known: number }>(
  'events_announce',
  sql`with h as materialized (select event_horizon() as h), y as (
      select (select coalesce(max(event_id), 0) from events where event_id < (select h from h)) as last,
        coalesce((select max(event_id) from events) >= (select h from h), false) as held
    ), told as (
      select pg_notify(${EVENTS_CHANNEL}, last::text) from y where last > ${sql.placeholder('known')}::bigint
    )
    select last::text, held, (select count(*) from told) as told from y`,
);

/**
 * Tells every process how far events are readable, when that is past `known` (the newest id this process has
 * heard of). Returns that id, and whether committed events wait behind a running transaction (they become
 * readable when it ends; the caller asks again).
 */
export async function announceEvents(db: Db, known = 0): Promise<{ last: number; held: boolean }> {
  const [row] = await announce.rows(db, { known });
  return { last: Number(row?.last ?? 0), held: row?.held ?? false };
}

/** The pause after a run that had something to tell or found events held: under load, one run per pause. */
export const ANNOUNCE_LINGER_MS = 50;

/**
 * One per process: announces events after each request that may have written some (a burst coalescing into
 * one run), again while committed events are held behind an older transaction, and every `safetyMs` in case
 * a process died between its commit and its announcement or a transaction that announces nothing held
 * events back. Events are numbered when written and readable once the horizon passes them, so this writes
 * nothing; it only wakes readers (the hub of every process, and through it the consumers).
 */
export function startAnnouncer(opts: {
  db: Db;
  /** The newest id this process has heard of (its hub's), so an id is not told twice. */
  known: () => number;
  onError: (err: unknown) => void;
  safetyMs?: number;
  lingerMs?: number;
}) {
  let told = 0;
  let endLinger: (() => void) | null = null;
  const linger = opts.lingerMs ?? ANNOUNCE_LINGER_MS;
  // Held events behind a transaction that stays open (a long job, a session idle in a transaction) are asked
  // after less and less often, up to once a second; any progress brings the pause back.
  let pause = linger;
  const runs = coalesced(async () => {
    let busy = false;
    try {
      const { last, held } = await announceEvents(opts.db, Math.max(told, opts.known()));
      busy = held || last > told;
      pause = held && last <= told ? Math.min(pause * 2, 1000) : linger;
      told = Math.max(told, last);
      if (held) runs.wake();
    } catch (err) {
      opts.onError(err);
    }
    // Under load every request wakes this: wait a moment, so one run tells many sends' events.
    if (busy && !runs.stopped) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pause);
        endLinger = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      endLinger = null;
    }
  });
  const timer = setInterval(runs.wake, opts.safetyMs ?? 2000);
  timer.unref();
  return {
    kick: runs.wake,
    /** Resolves when the announcer is idle. */
    settle: runs.settle,
    async stop() {
      clearInterval(timer);
      const stopping = runs.stop();
      endLinger?.();
      await stopping;
    },
  };
}

export type Announcer = ReturnType<typeof startAnnouncer>;
