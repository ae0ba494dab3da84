import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { startConsumer } from '../events/consumer.ts';
import type { EventHub } from '../events/hub.ts';
import { csatLinkConsumer } from './links.ts';

/** This process's share of the rating-link consumer (every process runs one; each event is handled once). */
export function startCsatLinks(opts: {
  db: Db;
  hub: EventHub;
  publicUrl: string;
  kick: () => void;
  log: FastifyBaseLogger;
}) {
  return startConsumer({
    db: opts.db,
    hub: opts.hub,
    spec: csatLinkConsumer(opts.publicUrl),
    onError: (err) => opts.log.warn({ err }, 'csat links: will retry'),
    afterBatch: opts.kick,
  });
}
