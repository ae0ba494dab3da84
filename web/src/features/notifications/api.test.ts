import type { Notification } from '@inbox/contract';
import { describe, expect, it } from 'vitest';
import { addNotification, type NotificationPage, SHOWN } from './api';

const n = (id: number): Notification => ({
  notification_id: id,
  type: 'assigned',
  conversation_id: 1,
  actor: { user_id: 2, name: 'Ann Admin' },
  summary: `assigned conversation ${id} to you`,
  created_ts: '2026-12-07T06:00:00.000Z',
  read_ts: null,
});

describe('a notification arriving live', () => {
  it('goes on top once, keeps the list to its size and takes the server’s count', () => {
    const old: NotificationPage = {
      data: Array.from({ length: SHOWN }, (_, i) => n(SHOWN - i)),
      meta: { total: SHOWN, limit: SHOWN, offset: 0, unread_count: 3 },
    };
    const next = addNotification(old, n(SHOWN + 1), 4)!;
    expect(next.data[0]?.notification_id).toBe(SHOWN + 1);
    expect(next.data).toHaveLength(SHOWN);
    expect(next.meta.unread_count).toBe(4);
    // The same one replayed after a reconnect is not listed twice.
    const again = addNotification(next, n(SHOWN + 1), 4)!;
    expect(again.data.filter((x) => x.notification_id === SHOWN + 1)).toHaveLength(1);
  });

  it('changes nothing before the list was ever loaded', () => {
    expect(addNotification(undefined, n(1), 1)).toBeUndefined();
  });
});
