import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { startConsumer } from '../events/consumer.ts';
import type { EventHub } from '../events/hub.ts';
import { webhookConsumer } from './deliveries.ts';

/**
 * This process's share of the outgoing webhooks consumer. It records deliveries and queues their first
 * attempts as jobs; the jobs (`delivery-job.ts`) run in whichever process pg-boss hands them to.
 */
export async function startWebhooks(opts: {
  db: Db;
  hub: EventHub;
  queue: JobQueue;
  /** Wakes the announcer: a reply's delivery turned `queued`. */
  kick: () => void;
  log: FastifyBaseLogger;
}) {
  const consumer = await startConsumer({
    db: opts.db,
    hub: opts.hub,
    spec: webhookConsumer(opts.queue),
    onError: (err) => opts.log.warn({ err }, 'webhooks: will retry'),
    afterBatch: opts.kick,
  });
  return {
    consumer,
    /** Resolves when the consumer is idle (tests). */
    settle: () => consumer.settle(),
    stop: () => consumer.stop(),
  };
}
