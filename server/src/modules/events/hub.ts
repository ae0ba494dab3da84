import type { InboxEvent } from '@inbox/contract';
import type { Database } from '../../db/client.ts';
import { coalesced } from '../../lib/coalesce.ts';
import { EVENTS_CHANNEL } from './announcer.ts';
import { eventsAfter, lastEventId, streamStart } from './store.ts';

/** A stream, or anything else in this process that wants a company's events as they become readable. */
export interface Subscriber {
  companyId: number;
  deliver(event: InboxEvent): void;
}

const BATCH = 1000;

/**
 * One per process (contract section 7): one LISTEN connection, and one read of the events table per
 * wake-up however many streams are open, fanned out to the subscribers of each event's company. An idle
 * stream costs nothing: nothing runs until a notification arrives. Wake-ups that come while a read runs
 * are folded into one more read.
 */
export async function startEventHub(opts: { database: Database; onError: (err: unknown) => void }) {
  const { db } = opts.database;
  const byCompany = new Map<number, Set<Subscriber>>();
  const watchers = new Set<() => void>();
  let seen = await lastEventId(db);
  const reads = coalesced(async () => {
    try {
      for (;;) {
        const batch = await eventsAfter(db, seen, BATCH);
        for (const event of batch) {
          seen = event.event_id;
          for (const s of byCompany.get(event.company_id) ?? []) s.deliver(event);
        }
        if (batch.length > 0) for (const w of watchers) w();
        if (batch.length < BATCH) break;
      }
    } catch (err) {
      // The next wake-up (or reconnect) reads again from `seen`: nothing is skipped.
      opts.onError(err);
    }
  });
  const wake = reads.wake;

  // With no stream open here, there is no one to read for: the process only keeps up with the newest id
  // (where a stream opened later starts) and wakes its consumers, which read the events themselves. Reading
  // them here too, after every send, cost the portal send a sixth of its throughput (bench/RESULTS.md).
  const listener = opts.database.listen(EVENTS_CHANNEL, {
    onNotify: (payload) => {
      const id = Number(payload);
      if (!(id > seen)) return;
      if (byCompany.size === 0 && !reads.running) {
        seen = id;
        for (const w of watchers) w();
      } else wake();
    },
    onReconnect: wake,
    onError: opts.onError,
  });
  await listener.ready;
  // Anything announced between reading `seen` and the LISTEN taking hold.
  wake();

  return {
    /** The newest event id this process has read (the announcer compares it with what it writes). */
    get seen() {
      return seen;
    },
    /** Where a stream without `Last-Event-ID` starts; read after subscribing, so nothing falls between. */
    startPoint: (companyId: number) => streamStart(db, companyId),
    subscribe(s: Subscriber) {
      const set = byCompany.get(s.companyId) ?? new Set<Subscriber>();
      byCompany.set(s.companyId, set);
      set.add(s);
      return () => {
        set.delete(s);
        if (set.size === 0) byCompany.delete(s.companyId);
      };
    },
    /** Called whenever new events were read, whatever their company (consumers wake on it). */
    watch(fn: () => void) {
      watchers.add(fn);
      return () => watchers.delete(fn);
    },
    /** Open subscriptions: what the stream-count metrics and tests read. */
    get size() {
      let n = 0;
      for (const set of byCompany.values()) n += set.size;
      return n;
    },
    wake,
    /** Resolves when the hub has read everything it was woken for (tests). */
    settle: reads.settle,
    async stop() {
      await listener.close();
      await reads.stop();
    },
  };
}

export type EventHub = Awaited<ReturnType<typeof startEventHub>>;
