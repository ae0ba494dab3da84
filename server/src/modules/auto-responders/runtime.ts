import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { startConsumer } from '../events/consumer.ts';
import type { EventHub } from '../events/hub.ts';
import { autoResponderConsumer } from './engine.ts';

/** This process's share of the auto-responder consumer (every process runs one; each event is handled once). */
export function startAutoResponders(opts: {
  db: Db;
  hub: EventHub;
  clock: () => Date;
  queue: JobQueue;
  kick: () => void;
  log: FastifyBaseLogger;
}) {
  return startConsumer({
    db: opts.db,
    hub: opts.hub,
    spec: autoResponderConsumer(opts.clock, opts.queue),
    onError: (err) => opts.log.warn({ err }, 'auto-responders: will retry'),
    afterBatch: opts.kick,
  });
}
