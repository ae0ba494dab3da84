import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { startConsumer } from '../events/consumer.ts';
import type { EventHub } from '../events/hub.ts';
import { reportingConsumer } from './facts.ts';

/** This process's share of the reporting consumer (every process runs one; each event is handled once). */
export function startReporting(opts: { db: Db; hub: EventHub; log: FastifyBaseLogger }) {
  return startConsumer({
    db: opts.db,
    hub: opts.hub,
    spec: reportingConsumer(),
    onError: (err) => opts.log.warn({ err }, 'reporting: will retry'),
  });
}
