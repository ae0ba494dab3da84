import { type InboxEvent, STREAM_PING_SECONDS } from '@inbox/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { rateLimited } from '../../http/app-error.ts';
import type { EventHub } from './hub.ts';
import { StreamRevoked } from './views.ts';

/** What a client is told to wait before reconnecting, normally and when this process shuts down. */
const RETRY_MS = 3000;
const SHUTDOWN_RETRY_MS = 500;
/** A client this far behind is cut off; it reconnects with `Last-Event-ID` and replays from the table. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const REPLAY_PAGE = 500;
/**
 * Open streams one holder (a signed-in user, a portal chat) may keep in one process: plenty for a person's
 * tabs, while a stolen or scripted token cannot hold thousands of connections (20 KB of memory each).
 */
/** What every stream route's OpenAPI description says of the stream. */
export const STREAM_NOTE =
  '`text/event-stream`: frames `id: <event_id>`, `event: <type>`, `data: <event JSON>`; a `: ping` comment ' +
  'at least every 25 s. A reconnect with `Last-Event-ID` (or `?last_event_id=`) first replays what was ' +
  'missed. On shutdown the server ends the stream with `retry:` so the client reconnects elsewhere.';

export const MAX_STREAMS_PER_HOLDER = 10;

export interface StreamSpec {
  companyId: number;
  /** Who holds the stream (`user:7`, `portal:12`), for `MAX_STREAMS_PER_HOLDER`. */
  holder: string;
  /** `Last-Event-ID` or `?last_event_id=`: replay what came after it before going live. */
  after: number | undefined;
  /** Sequenced events after an id, oldest first, narrowed in SQL (company, conversation); `view` judges each. */
  replay(after: number, limit: number): Promise<InboxEvent[]>;
  /** The event as this viewer may see it, or null when it is not theirs to see. */
  view(event: InboxEvent): InboxEvent | null | Promise<InboxEvent | null>;
}

/** Ended by us or closed by the client: nothing more may be written. */
const gone = (res: FastifyReply['raw']) => res.writableEnded || res.destroyed;

const frame = (e: InboxEvent) => `id: ${e.event_id}\nevent: ${e.type}\ndata: ${JSON.stringify(e)}\n\n`;

/**
 * The open streams of this process, so that one timer pings them all (a comment line every 25 s keeps
 * proxies from closing an idle stream) and shutdown can end each with a reconnect hint.
 */
export function createStreams(hub: EventHub) {
  const open = new Set<{ res: FastifyReply['raw']; end(retryMs: number): void }>();
  const held = new Map<string, number>();
  const ping = setInterval(() => {
    for (const s of open) if (!gone(s.res)) s.res.write(': ping\n\n');
  }, STREAM_PING_SECONDS * 1000);
  ping.unref();

  /** Answers the request with an event stream (contract section 7) until the client goes away. */
  async function serve(request: FastifyRequest, reply: FastifyReply, spec: StreamSpec) {
    // Refused before the stream opens, as an ordinary 429; the client keeps polling meanwhile.
    const holding = held.get(spec.holder) ?? 0;
    if (holding >= MAX_STREAMS_PER_HOLDER) {
      throw rateLimited(
        RETRY_MS / 1000,
        'Too many open event streams. Close another tab, or try again later.',
      );
    }
    held.set(spec.holder, holding + 1);
    const res = reply.raw;
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const n = (held.get(spec.holder) ?? 1) - 1;
      if (n > 0) held.set(spec.holder, n);
      else held.delete(spec.holder);
    };
    res.once('close', release);
    reply.hijack();
    // A client that left while its ticket or token was checked closed before the listener was there.
    if (res.destroyed || request.raw.destroyed) {
      release();
      return;
    }
    // A write racing the client's disconnect must not become an unhandled 'error'.
    res.on('error', () => undefined);
    const stream = {
      res,
      end(retryMs: number) {
        open.delete(stream);
        if (!gone(res)) res.end(`retry: ${retryMs}\n\n`);
      },
    };
    // Set once the start point is read; until then every delivered event waits.
    let last = Number.MAX_SAFE_INTEGER;
    let before = new Set<number>();
    let live = false;
    let chain = Promise.resolve();
    const waiting: InboxEvent[] = [];
    const send = async (e: InboxEvent) => {
      if (e.event_id <= last || before.has(e.event_id) || gone(res)) return;
      let seen: InboxEvent | null;
      try {
        seen = await spec.view(e);
      } catch (err) {
        // The viewer lost its right to the stream, or its reach could not be read: the client reconnects
        // (with a new ticket) and resumes from the last event it got.
        if (!(err instanceof StreamRevoked)) request.log.warn({ err }, 'stream view failed');
        stream.end(RETRY_MS);
        return;
      }
      last = e.event_id;
      if (seen && !gone(res)) res.write(frame(seen));
      if (res.writableLength > MAX_BUFFERED_BYTES) res.destroy();
    };
    const unsubscribe = hub.subscribe({
      companyId: spec.companyId,
      deliver: (e) => {
        if (!live) waiting.push(e);
        // In order, one at a time: a view may read (a viewer's reach), and frames must not overtake.
        else chain = chain.then(() => send(e)).catch((err) => request.log.warn({ err }, 'stream write'));
      },
    });
    open.add(stream);
    res.on('close', () => {
      open.delete(stream);
      unsubscribe();
    });

    // Read before the client sees its 200: a client that writes once its stream is open (a test, a chat that
    // sends its first message on open) must get what it wrote, so the start point may not come after that.
    let started = true;
    try {
      if (spec.after === undefined) ({ after: last, before } = await hub.startPoint(spec.companyId));
    } catch (err) {
      request.log.warn({ err }, 'stream start failed');
      started = false;
    }
    if (gone(res)) return;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and similar proxies would otherwise hold frames back.
      'x-accel-buffering': 'no',
    });
    res.write(`retry: ${RETRY_MS}\n\n`);
    if (!started) return stream.end(RETRY_MS);

    try {
      if (spec.after !== undefined) {
        last = spec.after;
        for (;;) {
          const page = await spec.replay(last, REPLAY_PAGE);
          for (const e of page) await send(e);
          if (page.length < REPLAY_PAGE || gone(res)) break;
        }
      }
      // Events that arrived during the replay; more may arrive while these are written.
      while (waiting.length > 0) await send(waiting.shift()!);
      live = true;
    } catch (err) {
      request.log.warn({ err }, 'stream replay failed');
      stream.end(RETRY_MS);
    }
  }

  return {
    serve,
    get size() {
      return open.size;
    },
    /** Ends every stream with a short reconnect hint, so clients move to another process at once. */
    closeAll() {
      clearInterval(ping);
      for (const s of open) s.end(SHUTDOWN_RETRY_MS);
    },
  };
}

export type Streams = ReturnType<typeof createStreams>;

/** `Last-Event-ID` wins over `?last_event_id=`: it is what a browser sends on its own reconnects. */
export function resumeFrom(request: FastifyRequest, queryValue: number | undefined): number | undefined {
  const header = request.headers['last-event-id'];
  const n = typeof header === 'string' && /^\d{1,15}$/.test(header.trim()) ? Number(header) : undefined;
  return n ?? queryValue;
}
