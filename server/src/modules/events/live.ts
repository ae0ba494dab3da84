import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { repeatedWarning } from '../../lib/repeated-warning.ts';
import { startAnnouncer } from './announcer.ts';
import { startEventHub } from './hub.ts';
import { createStreams } from './sse.ts';

/**
 * What makes a process live (contract section 7): the hub that reads events once per wake-up, the announcer
 * that wakes every process's hub when events become readable, and the open streams. One of each per process.
 */
export async function startLive(database: Database, log: FastifyBaseLogger) {
  const hub = await startEventHub({
    database,
    onError: (err) => log.warn({ err }, 'event hub: will read again on the next wake-up'),
  });
  // The announcer retries on every wake-up while the database is away.
  const retrying = repeatedWarning();
  const announcer = startAnnouncer({
    db: database.db,
    known: () => hub.seen,
    onError: (err) => retrying((extra) => log.warn({ err, ...extra }, 'event announcer: will retry')),
  });
  const streams = createStreams(hub);
  return {
    announcer,
    hub,
    streams,
    async stop() {
      streams.closeAll();
      await announcer.stop();
      await hub.stop();
    },
  };
}

export type Live = Awaited<ReturnType<typeof startLive>>;
