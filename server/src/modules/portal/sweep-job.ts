import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { JobKind } from '../../jobs/runtime.ts';
import { deleteOrphanUploads } from '../attachments/orphans.ts';
import type { AttachmentStorage } from '../attachments/storage.ts';
import { closeExpiredSessions } from './expiry.ts';

/**
 * Every minute, in whichever process takes the slot: closes conversations whose portal session expired
 * (readers also do it on read, so the state never waits for this job) and removes uploads never sent. The
 * work is idempotent and claims rows with SKIP LOCKED, so a retry or an overlap does no harm.
 */
export function portalSweepJob(opts: {
  db: Db;
  storage: AttachmentStorage;
  log: FastifyBaseLogger;
  /** Wakes the event announcer: a closed conversation's events go out at once, not at its next safety run. */
  kick?: () => void;
}): JobKind {
  return {
    name: 'portal-sweep',
    cron: '* * * * *',
    retryLimit: 2,
    async handle() {
      for (;;) {
        const closed = await closeExpiredSessions(opts.db, { limit: 500 });
        if (closed.length > 0) {
          opts.log.info({ closed: closed.length }, 'closed expired portal conversations');
          opts.kick?.();
        }
        if (closed.length < 500) break;
      }
      await deleteOrphanUploads(opts.db, opts.storage);
    },
  };
}
