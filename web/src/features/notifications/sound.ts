import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@/lib/storage';
import { playTone } from '@/lib/tone';

/**
 * The chime for a new notification: on unless the person turned it off, which this browser keeps for that
 * person alone (one key per user id, so a shared computer keeps each person's choice).
 */
const keyOf = (userId: number) => `${STORAGE_KEYS.notificationSound}:${userId}`;
const listeners = new Set<() => void>();

export const notificationSoundOn = (userId: number | undefined) =>
  userId === undefined || localStorage.getItem(keyOf(userId)) !== 'off';

export function setNotificationSound(userId: number, on: boolean) {
  if (on) localStorage.removeItem(keyOf(userId));
  else localStorage.setItem(keyOf(userId), 'off');
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The switch's state, the same in the bell's list and wherever else it shows. */
export function useNotificationSound(userId: number | undefined) {
  return useSyncExternalStore(subscribe, () => notificationSoundOn(userId));
}

/** Three rising notes: unlike the two of a customer message, so the two can be told apart. */
export const NOTIFICATION_NOTES = [660, 880, 1100] as const;

export function chime(userId: number | undefined) {
  if (notificationSoundOn(userId)) playTone(NOTIFICATION_NOTES);
}
