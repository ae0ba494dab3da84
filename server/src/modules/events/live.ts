import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { repeatedWarning } from '../../lib/repeated-warning.ts';
import { startEventHub } from './hub.ts';
import { startSequencer } from './sequencer.ts';
import { createStreams } from './sse.ts';

/**
 * What makes a process live (contract section 7): the sequencer that numbers committed events, the hub
 * that reads them once per wake-up, and the open streams. One of each per process.
 */
export async function startLive(database: Database, log: FastifyBaseLogger) {
  // The sequencer retries every few hundred milliseconds while the database is away.
  const retrying = repeatedWarning();
  const sequencer = startSequencer({
    db: database.db,
    onError: (err) => retrying((extra) => log.warn({ err, ...extra }, 'event sequencer: will retry')),
  });
  const hub = await startEventHub({
    database,
    onError: (err) => log.warn({ err }, 'event hub: will read again on the next wake-up'),
  });
  const streams = createStreams(hub);
  return {
    sequencer,
    hub,
    streams,
    async stop() {
      streams.closeAll();
      await sequencer.stop();
      await hub.stop();
    },
  };
}

export type Live = Awaited<ReturnType<typeof startLive>>;
