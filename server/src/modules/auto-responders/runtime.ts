import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobKind } from '../../jobs/runtime.ts';
import { startConsumer } from '../events/consumer.ts';
import type { EventHub } from '../events/hub.ts';
import { autoResponderConsumer, sendDueAnswers } from './engine.ts';

/**
 * Every minute, in whichever process takes the slot: sends the waiting answers that fell due (a restart in
 * between loses none: they are rows, not timers). `kick` wakes the sequencer so the answers go out live.
 */
export function dueAnswersJob(db: Db, clock: () => Date, kick: () => void): JobKind {
  return {
    name: 'auto-responders-due',
    cron: '* * * * *',
    retryLimit: 2,
    async handle() {
      if ((await sendDueAnswers(db, clock())) > 0) kick();
    },
  };
}

/** This process's share of the auto-responder consumer (every process runs one; each event is handled once). */
export function startAutoResponders(opts: {
  db: Db;
  hub: EventHub;
  clock: () => Date;
  kick: () => void;
  log: FastifyBaseLogger;
}) {
  return startConsumer({
    db: opts.db,
    hub: opts.hub,
    spec: autoResponderConsumer(opts.clock),
    onError: (err) => opts.log.warn({ err }, 'auto-responders: will retry'),
    afterBatch: opts.kick,
  });
}
