import { afterEach, describe, expect, it, vi } from 'vitest';
import { openEventStream } from './event-stream';

/** A stand-in for the browser's EventSource that the test drives by hand. */
class FakeSource {
  static all: FakeSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  listeners = new Map<string, (e: MessageEvent<string>) => void>();
  constructor(public url: string) {
    FakeSource.all.push(this);
  }
  addEventListener(type: string, fn: (e: MessageEvent<string>) => void) {
    this.listeners.set(type, fn);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, id: number) {
    const data = JSON.stringify({ event_id: id, type });
    this.listeners.get(type)?.(new MessageEvent(type, { data, lastEventId: String(id) }));
  }
}

afterEach(() => {
  FakeSource.all = [];
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('openEventStream', () => {
  it('hands over the named events, and after a cut reconnects with a fresh address and the last id', async () => {
    vi.stubGlobal('EventSource', FakeSource);
    let tickets = 0;
    const seen: number[] = [];
    const states: string[] = [];
    const stop = openEventStream({
      url: async () => `/api/v1/events/stream?ticket=t${++tickets}`,
      types: ['message.created', 'typing'],
      onEvent: (e) => seen.push(e.event_id),
      onOpen: () => states.push('open'),
      onDown: () => states.push('down'),
    });
    await flush();
    const first = FakeSource.all[0]!;
    expect(first.url).toBe('/api/v1/events/stream?ticket=t1');
    expect([...first.listeners.keys()]).toEqual(['message.created', 'typing']);
    first.onopen?.();
    first.emit('message.created', 7);
    first.emit('typing', 8);
    expect(seen).toEqual([7, 8]);

    vi.useFakeTimers();
    first.onerror?.();
    // The browser's own retry would reuse the spent ticket: the stream closes it and waits before its own.
    expect(first.closed).toBe(true);
    expect(states).toEqual(['open', 'down']);
    await vi.advanceTimersByTimeAsync(1000);
    const second = FakeSource.all[1]!;
    expect(second.url).toBe('/api/v1/events/stream?ticket=t2&last_event_id=8');
    second.onopen?.();
    expect(states).toEqual(['open', 'down', 'open']);

    stop();
    expect(second.closed).toBe(true);
  });

  it('waits longer after each failed attempt, up to 30 s', async () => {
    vi.stubGlobal('EventSource', FakeSource);
    vi.useFakeTimers();
    openEventStream({
      url: async () => '/api/v1/portal/events?token=x',
      types: ['typing'],
      onEvent: () => undefined,
      onOpen: () => undefined,
      onDown: () => undefined,
    });
    await vi.advanceTimersByTimeAsync(0);
    const waits = [1000, 2000, 4000, 8000, 16000, 30000, 30000];
    for (const [i, wait] of waits.entries()) {
      FakeSource.all[i]!.onerror?.();
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(FakeSource.all).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSource.all).toHaveLength(i + 2);
    }
  });

  it('does nothing where the browser has no EventSource (the caller keeps polling)', () => {
    vi.stubGlobal('EventSource', undefined);
    const url = vi.fn(async () => '/x');
    openEventStream({ url, types: [], onEvent: vi.fn(), onOpen: vi.fn(), onDown: vi.fn() })();
    expect(url).not.toHaveBeenCalled();
  });
});
