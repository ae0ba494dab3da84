import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/lib/storage';

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

/** Two soft notes made in the browser (no sound file to fetch). */
export function playTone() {
  const Ctx = window.AudioContext;
  if (!Ctx) return;
  try {
    const ctx = new Ctx();
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, ctx.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.15, ctx.currentTime + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.35);
    gain.connect(ctx.destination);
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = ctx.createOscillator();
      osc.frequency.value = freq;
      osc.connect(gain);
      osc.start(ctx.currentTime + i * 0.12);
      osc.stop(ctx.currentTime + 0.35);
    }
    setTimeout(() => void ctx.close(), 600);
  } catch {
    // Autoplay rules may refuse sound until the user has interacted with the page: the badge still shows.
  }
}
