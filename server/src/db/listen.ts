import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export interface Listener {
  /** Resolves once the first LISTEN is in place (a notification sent after this is not missed). */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  onNotify(payload: string): void;
  /** The connection came back after a loss: notifications in between are gone, so read what was missed. */
  onReconnect(): void;
  onError(err: unknown): void;
}

/**
 * LISTEN on a connection of its own, outside the pool (a pooled connection is handed to other queries).
 * When the connection drops (database restart, failover) it reconnects with a growing pause, up to 5 s,
 * and says so, so the caller catches up from the table.
 */
export function listenPostgres(url: string, channel: string, h: ListenHandlers): Listener {
  let client: pg.Client | null = null;
  let closed = false;
  let delay = 100;
  let resolveReady!: () => void;
  const ready = new Promise<void>((r) => {
    resolveReady = r;
  });
  let connectedOnce = false;

  const connect = async (): Promise<void> => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel) h.onNotify(msg.payload ?? '');
    });
    c.on('error', (err) => {
      h.onError(err);
      void retry(c);
    });
    c.on('end', () => void retry(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      h.onError(err);
      await c.end().catch(() => undefined);
      return retry(c);
    }
    if (closed) {
      await c.end().catch(() => undefined);
      return;
    }
    client = c;
    delay = 100;
    if (connectedOnce) h.onReconnect();
    connectedOnce = true;
    resolveReady();
  };

  let retrying = false;
  const retry = async (c: pg.Client) => {
    if (closed || retrying || (client !== null && client !== c)) return;
    retrying = true;
    client = null;
    await new Promise((r) => setTimeout(r, delay).unref());
    delay = Math.min(delay * 2, 5000);
    retrying = false;
    await connect();
  };

  void connect();
  return {
    ready,
    async close() {
      closed = true;
      resolveReady();
      await client?.end().catch(() => undefined);
    },
  };
}

/** The embedded engine is one connection in this process: its own LISTEN, no reconnects. */
export function listenPglite(pglite: PGlite, channel: string, h: ListenHandlers): Listener {
  const unsub = pglite.listen(channel, (payload) => h.onNotify(payload));
  return {
    ready: unsub.then(() => undefined),
    async close() {
      const off = await unsub;
      await off();
    },
  };
}
