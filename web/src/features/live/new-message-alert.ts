import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/lib/storage';
import { playTone } from '@/lib/tone';

/**
 * The console's nudge for customer messages that arrive while the tab is in the background: a count in
 * the tab's title, "(3) Inbox · Support Inbox", cleared when the tab is looked at again, and, when the
 * user turned it on in their profile, a short tone.
 */
let unseen = 0;
const listeners = new Set<() => void>();

function set(n: number) {
  unseen = n;
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const read = () => unseen;

/** How many customer messages came while the tab was hidden (for the title). */
export const useUnseenCount = () => useSyncExternalStore(subscribe, read, read);

export function noteNewMessage() {
  if (!document.hidden) return;
  set(unseen + 1);
  if (soundOn()) playTone();
}

/** Called when the tab becomes visible again. */
export function clearNewMessages() {
  if (unseen !== 0) set(0);
}

export function soundOn() {
  return localStorage.getItem(STORAGE_KEYS.messageSound) === 'on';
}

export function setSound(on: boolean) {
  if (on) localStorage.setItem(STORAGE_KEYS.messageSound, 'on');
  else localStorage.removeItem(STORAGE_KEYS.messageSound);
}
