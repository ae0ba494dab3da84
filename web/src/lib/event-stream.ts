import type { InboxEvent } from '@inbox/contract';

export interface EventStreamOptions {
  /** The stream's address for the next connection (a console stream needs a fresh ticket each time). */
  url(): Promise<string>;
  /** The event names to listen for (a frame's `event:` line); passed in so the portal needs no contract code. */
  types: readonly string[];
  onEvent(event: InboxEvent): void;
  /** Connected: the caller may stop polling. */
  onOpen(): void;
  /** Disconnected: the caller polls until `onOpen` again. */
  onDown(): void;
}

const MAX_BACKOFF_MS = 30_000;

/**
 * One live stream (contract section 7) that survives cuts: on any error it closes the browser's own
 * EventSource (whose automatic reconnect would reuse a spent ticket), waits a growing pause and connects
 * again with `last_event_id`, so the server replays what was missed. Returns the function that stops it.
 * Where the browser has no EventSource, nothing happens and the caller keeps polling.
 */
export function openEventStream(opts: EventStreamOptions): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  let source: EventSource | null = null;
  let stopped = false;
  let lastId: string | null = null;
  let backoff = 1000;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const handle = (e: MessageEvent<string>) => {
    if (e.lastEventId) lastId = e.lastEventId;
    try {
      opts.onEvent(JSON.parse(e.data) as InboxEvent);
    } catch {
      // A frame we cannot read is skipped; the next poll or event brings the state anyway.
    }
  };

  const connect = async () => {
    if (stopped) return;
    let url: string;
    try {
      url = await opts.url();
    } catch {
      return retry();
    }
    if (stopped) return;
    const full = lastId ? `${url}${url.includes('?') ? '&' : '?'}last_event_id=${lastId}` : url;
    const es = new EventSource(full);
    source = es;
    es.onopen = () => {
      backoff = 1000;
      opts.onOpen();
    };
    es.onerror = () => {
      es.close();
      if (source === es) retry();
    };
    for (const type of opts.types) es.addEventListener(type, handle as EventListener);
  };

  const retry = () => {
    source = null;
    opts.onDown();
    if (stopped) return;
    timer = setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
  };

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
    source = null;
  };
}
