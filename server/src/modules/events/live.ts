import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { startEventHub } from './hub.ts';
import { startSequencer } from './sequencer.ts';
import { createStreams } from './sse.ts';

/**
 * What makes a process live (contract section 7): the sequencer that numbers committed events, the hub
 * that reads them once per wake-up, and the open streams. One of each per process.
 */
export async function startLive(database: Database, log: FastifyBaseLogger) {
  const sequencer = startSequencer({
    db: database.db,
    onError: (err) => log.warn({ err }, 'event sequencer: will retry'),
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
