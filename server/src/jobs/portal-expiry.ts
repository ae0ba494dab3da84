import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { AttachmentStorage } from '../modules/attachments/storage.ts';
import { closeExpiredSessions } from '../modules/portal/expiry.ts';
import { deleteOrphanUploads } from './orphan-uploads.ts';

export const PORTAL_SWEEP_INTERVAL_MS = 30_000;

/**
 * Every ~30 s: closes conversations whose portal session expired (readers also do it on read, so the state
 * never depends on this timer) and removes uploads never sent. Each process runs its own timer; the work is
 * idempotent and claims rows with SKIP LOCKED, so several processes cooperate without a job queue.
 */
export function startPortalSweep(opts: {
  db: Db;
  storage: AttachmentStorage;
  log: FastifyBaseLogger;
  intervalMs?: number;
}) {
  let running: Promise<void> | null = null;
  const tick = async () => {
    try {
      for (;;) {
        const closed = await closeExpiredSessions(opts.db, { limit: 500 });
        if (closed.length > 0)
          opts.log.info({ closed: closed.length }, 'closed expired portal conversations');
        if (closed.length < 500) break;
      }
      await deleteOrphanUploads(opts.db, opts.storage);
    } catch (err) {
      opts.log.error({ err }, 'portal sweep failed');
    }
  };
  const timer = setInterval(() => {
    running ??= tick().finally(() => {
      running = null;
    });
  }, opts.intervalMs ?? PORTAL_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    /** Runs one sweep now (tests, and a process that wants a clean state at start). */
    runOnce: () => (running ??= tick().finally(() => (running = null))),
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
