import type { EventType, InboxEvent } from '@inbox/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { eventConsumers } from '../../db/schema/index.ts';
import { coalesced } from '../../lib/coalesce.ts';
import type { EventHub } from './hub.ts';
import { eventsThrough } from './store.ts';

export interface ConsumerSpec {
  /** Unique and stable: the position is kept under this name. */
  name: string;
  /** Only these types reach `handle` (the position still moves past the others). */
  types?: readonly EventType[];
  batch?: number;
  /**
   * Handles a batch in event order, inside the transaction that moves the position: what it writes commits
   * together with "handled", so each event is handled once per consumer, across restarts and processes.
   * Work that reaches outside the database (a webhook, a provider API) should be queued here as a job.
   */
  handle(tx: Tx, events: InboxEvent[]): Promise<void>;
}

/**
 * Runs one batch: locks the consumer's row (another process with the same consumer waits, then finds the
 * batch done) and reads with it the newest event below the horizon, reads the next events of the consumer's
 * types after its position and up to that one, hands them over and moves the position: past the last one
 * when the batch is full, else to the newest, over every event of other types without reading them (six
 * consumers each read and parsed every event, the live notifications among them, bench/RESULTS.md).
 * Returns how many events it handled, or 1 when it only moved past others, so the caller knows whether to
 * go on and to pause; 0 when nothing was new.
 */
export async function consumeOnce(db: Db, spec: ConsumerSpec): Promise<number> {
  const limit = spec.batch ?? 200;
  return db.transaction(async (tx) => {
    const position = () =>
      tx.execute<{ last: string; newest: string | null }>(sql`
        select c.last_event_id::text as last,
          (select max(e.event_id) from events e where e.event_id < event_horizon())::text as newest
        from event_consumers c where c.name = ${spec.name} for update of c`);
    let [row] = (await position()).rows;
    if (!row) {
      // A new consumer starts at the beginning of the retained history.
      await tx.insert(eventConsumers).values({ name: spec.name }).onConflictDoNothing();
      [row] = (await position()).rows;
    }
    const last = Number(row!.last);
    const newest = Number(row!.newest ?? 0);
    if (newest <= last) return 0;
    const batch = await eventsThrough(tx, last, newest, limit, spec.types);
    const next = batch.length === limit ? batch.at(-1)!.event_id : newest;
    if (batch.length > 0) await spec.handle(tx, batch);
    await tx
      .update(eventConsumers)
      .set({ lastEventId: next, updatedAt: sql`now()` })
      .where(eq(eventConsumers.name, spec.name));
    return Math.max(batch.length, 1);
  });
}

/**
 * The pause after a run that found events. Measured with the portal send bench (`bench/RESULTS.md`): with
 * consumers running back to back, their fixed cost per run (a transaction of six statements, three
 * consumers) took nearly half of the send throughput; 50 ms gave most of it back and 200 ms a few points
 * more. Under load a consumer so runs at most five times a second per process, each run taking what
 * arrived meanwhile: reporting, webhooks, channel sends and auto-responders react within a fifth of a
 * second, and live streams do not wait on consumers at all (the hub wakes them).
 */
export const LINGER_MS = 200;

/**
 * A named consumer in this process: catches up at start (from its stored position, so nothing that
 * happened while it was down is missed), then runs whenever the hub reads new events. A batch that fails
 * is retried from the same position on the next wake-up, and at least every `retryMs`.
 */
export async function startConsumer(opts: {
  db: Db;
  hub: EventHub;
  spec: ConsumerSpec;
  onError: (err: unknown) => void;
  retryMs?: number;
  /** How long to wait after a run that handled events before the next (see `LINGER_MS`). */
  lingerMs?: number;
  /** After batches that handled events were committed (a consumer that wrote events wakes the announcer). */
  afterBatch?: () => void;
}) {
  const { db, spec } = opts;
  const limit = spec.batch ?? 200;
  let failed = false;
  const linger = opts.lingerMs ?? LINGER_MS;
  let endLinger: (() => void) | null = null;
  const runs = coalesced(async () => {
    let passed = 0;
    try {
      for (let n = limit; !runs.stopped && n === limit; passed += n) n = await consumeOnce(db, spec);
      failed = false;
      if (passed > 0) opts.afterBatch?.();
    } catch (err) {
      failed = true;
      opts.onError(err);
    }
    // Under load, wake-ups come faster than a batch takes: wait a moment before the next run, so it takes
    // the events of many sends at once instead of a run (six statements) for every few. An idle consumer
    // still runs at once on its first wake-up. Stopping cuts the pause short.
    if (passed > 0 && !runs.stopped) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, linger);
        endLinger = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      endLinger = null;
    }
  });
  const wake = runs.wake;
  const unwatch = opts.hub.watch(wake);
  const retry = setInterval(() => failed && wake(), opts.retryMs ?? 5000);
  retry.unref();
  wake();
  return {
    wake,
    settle: runs.settle,
    async stop() {
      unwatch();
      clearInterval(retry);
      const stopping = runs.stop();
      endLinger?.();
      await stopping;
    },
  };
}
