/** The little of the Storage interface the portal uses. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * A browser storage that never throws. A third-party frame whose browser blocks third-party storage gets a
 * SecurityError from merely reading `window.localStorage`, a full or private-mode storage from `setItem`;
 * whatever the browser refuses is kept in memory instead, for as long as the page lives (decision 040).
 */
export function safeStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStore {
  const memory = new Map<string, string>();
  const real = (): Storage | null => {
    try {
      return window[kind];
    } catch {
      return null;
    }
  };
  return {
    getItem(key) {
      if (memory.has(key)) return memory.get(key)!;
      try {
        return real()?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        const s = real();
        if (!s) throw new Error('no storage');
        s.setItem(key, value);
        memory.delete(key);
      } catch {
        memory.set(key, value);
      }
    },
    removeItem(key) {
      memory.delete(key);
      try {
        real()?.removeItem(key);
      } catch {
        // Nothing was stored there.
      }
    },
  };
}

/** An in-memory store, for a page whose storage lives elsewhere (the widget's frame, with the host page). */
export function memoryStore(onChange?: (all: Record<string, string>) => void): KeyValueStore & {
  fill(all: Record<string, string>): void;
} {
  const memory = new Map<string, string>();
  const changed = () => onChange?.(Object.fromEntries(memory));
  return {
    getItem: (key) => memory.get(key) ?? null,
    setItem(key, value) {
      memory.set(key, value);
      changed();
    },
    removeItem(key) {
      if (memory.delete(key)) changed();
    },
    fill(all) {
      for (const [k, v] of Object.entries(all)) if (typeof v === 'string') memory.set(k, v);
    },
  };
}
