import type {
  Notification,
  NotificationList,
  NotificationPreferences,
  NotificationReadBody,
  NotificationReadResult,
  PushKey,
  PushSubscriptionBody,
} from '@inbox/contract';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { unlessLive } from '../live/live-state';

/** How many of the newest the bell's list shows. */
export const SHOWN = 20;
/** While the live stream is down, the count is asked for this often. */
const POLL_MS = 30_000;

export const notificationKeys = {
  all: (cid: number) => ['company', cid, 'notifications'] as const,
  list: (cid: number) => ['company', cid, 'notifications', 'list'] as const,
  preferences: (cid: number) => ['company', cid, 'notifications', 'preferences'] as const,
};

export type NotificationPage = Pick<NotificationList, 'data' | 'meta'>;

/** GET /notifications: one's newest, read or not, with the unread count the bell and the tab title show. */
export const notificationsQuery = (cid: number) =>
  queryOptions({
    queryKey: notificationKeys.list(cid),
    queryFn: ({ signal }) =>
      api.list<Notification>('/notifications', {
        query: { limit: SHOWN },
        signal,
      }) as Promise<NotificationPage>,
    refetchInterval: unlessLive(POLL_MS),
  });

/** The list held with `change` applied to its rows and its unread count set to `unread`. */
function edit(
  old: NotificationPage | undefined,
  unread: number,
  change: (rows: Notification[]) => Notification[],
): NotificationPage | undefined {
  return old && { data: change(old.data), meta: { ...old.meta, unread_count: unread } };
}

/** A new one from the live stream: on top of the list (once), with the server's count after it. */
export function addNotification(
  old: NotificationPage | undefined,
  notification: Notification,
  unread: number,
): NotificationPage | undefined {
  return edit(old, unread, (rows) =>
    [notification, ...rows.filter((n) => n.notification_id !== notification.notification_id)].slice(0, SHOWN),
  );
}

/**
 * POST /notifications/read: some (opened), those of an opened conversation, or all of one's notifications
 * marked read, shown at once.
 */
export function useMarkRead(cid: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationReadBody) => api.post<NotificationReadResult>('/notifications/read', body),
    onSuccess: ({ unread_count }, body) => {
      const now = new Date().toISOString();
      const ids = 'notification_ids' in body ? new Set(body.notification_ids) : null;
      const named = (n: Notification) =>
        'all' in body ||
        ('conversation_id' in body
          ? n.conversation_id === body.conversation_id
          : !!ids?.has(n.notification_id));
      qc.setQueryData<NotificationPage>(notificationKeys.list(cid), (old) =>
        edit(old, unread_count, (rows) =>
          rows.map((n) => (n.read_ts === null && named(n) ? { ...n, read_ts: now } : n)),
        ),
      );
    },
  });
}

/** GET /profile/notification-preferences: per type and medium, and the email delay. */
export const preferencesQuery = (cid: number) =>
  queryOptions({
    queryKey: notificationKeys.preferences(cid),
    queryFn: ({ signal }) =>
      api.get<NotificationPreferences>('/profile/notification-preferences', { signal }),
  });

/** PUT /profile/notification-preferences: the whole table and the delay, as saved. */
export function useSavePreferences(cid: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: NotificationPreferences) =>
      api.put<NotificationPreferences>('/profile/notification-preferences', body),
    onSuccess: (saved) => qc.setQueryData(notificationKeys.preferences(cid), saved),
  });
}

/** The server's VAPID public key, for the browser's push subscription. */
export const fetchPushKey = () => api.get<PushKey>('/notifications/push-key');

export const postPushSubscription = (body: PushSubscriptionBody) =>
  api.post<unknown>('/notifications/push-subscriptions', body);

export const deletePushSubscription = (body: PushSubscriptionBody) =>
  api.delete<unknown>('/notifications/push-subscriptions', { body });
