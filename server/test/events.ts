import type { Db } from '../src/db/client.ts';
import { announceEvents } from '../src/modules/events/announcer.ts';

/**
 * Resolves once every committed event is readable (and announced): on PostgreSQL a transaction still running
 * (the app's own consumers, a job) holds back events that committed after it began writing, until it ends
 * (decision 046). Tests that read events or run consumers by hand call this first; on PGlite nothing waits.
 */
export async function untilReadable(db: Db) {
  while ((await announceEvents(db)).held) await new Promise((resolve) => setTimeout(resolve, 5));
}
