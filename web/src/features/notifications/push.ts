import type { PushSubscriptionBody } from '@inbox/contract';
import { deletePushSubscription, fetchPushKey, postPushSubscription } from './api';

/** The console's service worker, served from the web build's root so its scope is the whole console. */
export const WORKER_URL = '/sw.js';

export const PUSH_SENTENCES = {
  unsupported: 'This browser cannot show notifications from the console.',
  denied:
    'Notifications are blocked for this site: allow them in your browser’s site settings, then try again.',
  refused:
    'Your browser could not subscribe to push notifications (its push service did not answer). Try again later.',
} as const;

/** A failure the switch shows as it is: one of `PUSH_SENTENCES`. */
export class PushError extends Error {}

/** A VAPID key as the server gives it (base64url, no padding) in the bytes `pushManager.subscribe` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const raw = atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

export const pushSupported = () =>
  typeof navigator !== 'undefined' &&
  'serviceWorker' in navigator &&
  typeof window !== 'undefined' &&
  'PushManager' in window &&
  'Notification' in window;

/** This browser's push subscription for the console, if it has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

const bodyOf = (sub: PushSubscription) => sub.toJSON() as PushSubscriptionBody;

/**
 * Turns browser notifications on: asks the person's permission, registers the worker, subscribes with the
 * server's key and gives the server the subscription (undone in the browser when the server refuses it).
 */
export async function turnOnPush(): Promise<void> {
  if (!pushSupported()) throw new PushError(PUSH_SENTENCES.unsupported);
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushError(PUSH_SENTENCES.denied);
  await navigator.serviceWorker.register(WORKER_URL, { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const { public_key } = await fetchPushKey();
  let sub: PushSubscription;
  try {
    sub = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(public_key),
    });
  } catch {
    throw new PushError(PUSH_SENTENCES.refused);
  }
  try {
    await postPushSubscription(bodyOf(sub));
  } catch (err) {
    await sub.unsubscribe().catch(() => undefined);
    throw err;
  }
}

/** Turns them off: the server forgets the subscription, then the browser drops it. */
export async function turnOffPush(): Promise<void> {
  const sub = await currentSubscription();
  if (!sub) return;
  await deletePushSubscription(bodyOf(sub));
  await sub.unsubscribe();
}
