import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { startConsumer } from '../events/consumer.ts';
import type { EventHub } from '../events/hub.ts';
import { slaConsumer } from './consumer.ts';

/** This process's share of the SLA consumer (every process runs one; each event is handled once). */
export function startSla(opts: { db: Db; hub: EventHub; queue: JobQueue; log: FastifyBaseLogger }) {
  return startConsumer({
    db: opts.db,
    hub: opts.hub,
    spec: slaConsumer(opts.queue),
    onError: (err) => opts.log.warn({ err }, 'sla: will retry'),
  });
}
