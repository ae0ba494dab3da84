import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const loaded: string[] = [];
vi.mock('./pages', () => {
  const page = (name: string) => () => {
    loaded.push(name);
    return Promise.resolve({ default: () => null });
  };
  return {
    pages: new Proxy({}, { get: (_, name: string) => page(name) }),
  };
});

const { schedulePreloads } = await import('./preload');

describe('schedulePreloads (product spec section 2)', () => {
  beforeEach(() => {
    loaded.length = 0;
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('loads Dashboard and Conversations 1 s after start, Reports and Admin 3 s after', () => {
    schedulePreloads();
    vi.advanceTimersByTime(999);
    expect(loaded).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(loaded).toEqual(['dashboard', 'conversations']);
    vi.advanceTimersByTime(1999);
    expect(loaded).toEqual(['dashboard', 'conversations']);
    vi.advanceTimersByTime(1);
    expect(loaded).toEqual(['dashboard', 'conversations', 'reports', 'admin']);
  });

  it('loads nothing once cancelled (the app unmounted)', () => {
    const cancel = schedulePreloads();
    vi.advanceTimersByTime(500);
    cancel();
    vi.advanceTimersByTime(5000);
    expect(loaded).toEqual([]);
  });
});
