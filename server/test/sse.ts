import type { InboxEvent } from '@inbox/contract';

export interface Frame {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
  comment?: string;
}

/**
 * Reads an event stream as a raw client would (fetch, no EventSource), so the tests see the wire format
 * itself: ids, event names, data lines, comments and retry hints.
 */
export async function openStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const frames: Frame[] = [];
  const waiters: (() => void)[] = [];
  let ended = false;
  let buffer = '';
  const pump = async () => {
    const reader = res.body?.getReader();
    if (!reader) return;
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
          frames.push(parseFrame(buffer.slice(0, i)));
          buffer = buffer.slice(i + 2);
        }
        for (const w of waiters.splice(0)) w();
      }
    } catch {
      // Aborted by close().
    }
    ended = true;
    for (const w of waiters.splice(0)) w();
  };
  const pumping = res.ok ? pump() : Promise.resolve();

  /** Waits until a frame matches (or the stream ends, or 5 s pass) and returns the events seen so far. */
  async function until(match: (events: InboxEvent[], frames: Frame[]) => boolean, ms = 5000) {
    const deadline = Date.now() + ms;
    while (!match(eventsOf(frames), frames) && !ended && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return eventsOf(frames);
  }

  return {
    status: res.status,
    headers: res.headers,
    frames,
    get ended() {
      return ended;
    },
    events: () => eventsOf(frames),
    until,
    /** Waits for an event of a type (and a condition), failing with what did arrive. */
    async next(type: string, where: (e: InboxEvent) => boolean = () => true) {
      const events = await until((es) => es.some((e) => e.type === type && where(e)));
      const found = events.find((e) => e.type === type && where(e));
      if (!found) throw new Error(`no ${type} event; got ${JSON.stringify(events.map((e) => e.type))}`);
      return found;
    },
    body: async () => (res.ok ? '' : res.text()),
    async close() {
      controller.abort();
      await pumping;
    },
  };
}

function parseFrame(text: string): Frame {
  const frame: Frame = {};
  for (const line of text.split('\n')) {
    if (line.startsWith(':')) frame.comment = line.slice(1).trim();
    const i = line.indexOf(': ');
    if (i < 0) continue;
    const key = line.slice(0, i) as keyof Frame;
    if (key === 'id' || key === 'event' || key === 'data' || key === 'retry') frame[key] = line.slice(i + 2);
  }
  return frame;
}

const eventsOf = (frames: Frame[]) =>
  frames.filter((f) => f.data !== undefined).map((f) => JSON.parse(f.data!) as InboxEvent);
