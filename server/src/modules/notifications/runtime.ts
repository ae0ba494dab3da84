import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { SecretsError } from '../../lib/secrets-box.ts';
import { startConsumer } from '../events/consumer.ts';
import type { EventHub } from '../events/hub.ts';
import { notificationConsumer } from './consumer.ts';
import { loadVapidKeys } from './vapid.ts';

/**
 * This process's share of the notifications consumer (every process runs one; each event is handled once).
 * The VAPID keys are made here on the installation's first start, so the push key never waits on a request.
 */
export async function startNotifications(opts: {
  db: Db;
  config: Config;
  hub: EventHub;
  queue: JobQueue;
  kick: () => void;
  log: FastifyBaseLogger;
}) {
  // A secrets key that cannot open the stored pair leaves push failing (its jobs retry), not the process down.
  await loadVapidKeys(opts.db, opts.config.secrets).catch((err) => {
    if (!(err instanceof SecretsError)) throw err;
    opts.log.error(
      { err },
      'notifications: the VAPID keys cannot be opened; browser push fails until they can',
    );
  });
  return startConsumer({
    db: opts.db,
    hub: opts.hub,
    spec: notificationConsumer(opts.queue),
    onError: (err) => opts.log.warn({ err }, 'notifications: will retry'),
    // Its `notification.created` events go out to the streams at once.
    afterBatch: opts.kick,
  });
}
