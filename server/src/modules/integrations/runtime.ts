import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobKind } from '../../jobs/runtime.ts';
import { coalesced } from '../../lib/coalesce.ts';
import { startConsumer } from '../events/consumer.ts';
import type { EventHub } from '../events/hub.ts';
import { webhookConsumer } from './deliveries.ts';
import { deliverDue, type SenderDeps } from './sender.ts';

/**
 * This process's outgoing webhooks: the consumer that records deliveries, and a sender woken when it has
 * recorded some and again when the soonest retry is due. The timer only wakes early: what is owed is in the
 * database, and the minute job (`webhooksDueJob`) sends it from whichever process is up.
 */
export async function startWebhooks(opts: {
  db: Db;
  hub: EventHub;
  deps: SenderDeps;
  kick: () => void;
  log: FastifyBaseLogger;
}) {
  let timer: NodeJS.Timeout | undefined;
  const sender = coalesced(async () => {
    try {
      const next = await deliverDue(opts.db, opts.deps, opts.kick);
      if (next !== null && !sender.stopped) {
        clearTimeout(timer);
        timer = setTimeout(() => sender.wake(), next);
        timer.unref();
      }
    } catch (err) {
      opts.log.warn({ err }, 'webhooks: delivery run failed, the minute job will retry');
    }
  });
  const consumer = await startConsumer({
    db: opts.db,
    hub: opts.hub,
    spec: webhookConsumer(),
    onError: (err) => opts.log.warn({ err }, 'webhooks: will retry'),
    afterBatch: sender.wake,
  });
  return {
    consumer,
    wake: sender.wake,
    /** Resolves when the consumer and the sender are idle (tests). */
    async settle() {
      await consumer.settle();
      await sender.settle();
    },
    async stop() {
      clearTimeout(timer);
      await consumer.stop();
      await sender.stop();
    },
  };
}

export function webhooksDueJob(db: Db, deps: SenderDeps, kick: () => void): JobKind {
  return {
    name: 'webhooks-due',
    cron: '* * * * *',
    retryLimit: 2,
    async handle() {
      await deliverDue(db, deps, kick);
    },
  };
}
