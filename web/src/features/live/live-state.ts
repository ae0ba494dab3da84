import { useSyncExternalStore } from 'react';

/**
 * Whether this tab's console event stream is connected. While it is, the inbox stops polling and refreshes
 * on events; when it drops, polling resumes until it is back (contract section 7).
 */
let connected = false;
const listeners = new Set<() => void>();

export const isLive = () => connected;

export function setLive(next: boolean) {
  if (next === connected) return;
  connected = next;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useLive = () => useSyncExternalStore(subscribe, isLive, isLive);

/** A poll interval that applies only while the stream is down. */
export const unlessLive = (ms: number) => () => (connected ? false : ms);
