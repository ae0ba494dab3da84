import type { InboxEvent, Notification } from '@inbox/contract';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type NotificationPage, notificationKeys } from './api';
import { takeNotificationEvent } from './live';
import * as sound from './sound';

const notification: Notification = {
  notification_id: 9,
  type: 'mentioned',
  conversation_id: 4,
  actor: { user_id: 2, name: 'Ann Admin' },
  summary: 'Ann Admin mentioned you in conversation #4',
  created_ts: '2026-12-07T07:00:00.000Z',
  read_ts: null,
};
const event = (type: InboxEvent['type'], data: Record<string, unknown>): InboxEvent => ({
  event_id: 1,
  type,
  company_id: 3,
  app_id: 7,
  conversation_id: 4,
  actor: { type: 'user', id: 2 },
  data,
  created_ts: '2026-12-07T07:00:00.000Z',
});

afterEach(() => vi.restoreAllMocks());

describe('notification.created on the live stream', () => {
  it('puts the notification on the bell with the server’s count and chimes', () => {
    const chime = vi.spyOn(sound, 'chime').mockImplementation(() => undefined);
    const client = new QueryClient();
    const empty: NotificationPage = { data: [], meta: { total: 0, limit: 20, offset: 0, unread_count: 0 } };
    client.setQueryData(notificationKeys.list(3), empty);
    const taken = takeNotificationEvent(
      client,
      3,
      1,
      event('notification.created', { user_id: 1, notification, unread_count: 1 }),
    );
    expect(taken).toBe(true);
    const list = client.getQueryData<NotificationPage>(notificationKeys.list(3))!;
    expect(list.data.map((n) => n.notification_id)).toEqual([9]);
    expect(list.meta.unread_count).toBe(1);
    expect(chime).toHaveBeenCalledWith(1);
  });

  it('leaves every other event to the inbox', () => {
    const client = new QueryClient();
    expect(takeNotificationEvent(client, 3, 1, event('message.created', {}))).toBe(false);
  });
});
