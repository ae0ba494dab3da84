import { type InboxEvent, NOTIFICATION_STREAM_EVENT, NotificationCreatedData } from '@inbox/contract';
import type { QueryClient } from '@tanstack/react-query';
import { addNotification, type NotificationPage, notificationKeys } from './api';
import { chime } from './sound';

/**
 * `notification.created` on the console's stream (only the recipient's stream carries it): the bell's list
 * gains it and its count, and the chime plays unless the person turned it off or has its conversation open.
 * Answers whether the event was one; a notification changes no conversation, so the caller refreshes nothing
 * else for it.
 */
export function takeNotificationEvent(
  client: QueryClient,
  cid: number,
  userId: number | undefined,
  e: InboxEvent,
) {
  if (e.type !== NOTIFICATION_STREAM_EVENT) return false;
  const parsed = NotificationCreatedData.safeParse(e.data);
  if (!parsed.success) {
    void client.invalidateQueries({ queryKey: notificationKeys.list(cid) });
    return true;
  }
  const { notification, unread_count } = parsed.data;
  const key = notificationKeys.list(cid);
  if (client.getQueryData(key)) {
    client.setQueryData<NotificationPage>(key, (old) => addNotification(old, notification, unread_count));
  } else void client.invalidateQueries({ queryKey: key });
  // About the conversation on screen: it is read at once (`useReadOnOpen`), and nothing calls for attention.
  if (window.location.pathname !== `/conversations/${notification.conversation_id}`) chime(userId);
  return true;
}
