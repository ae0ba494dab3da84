import type { Notification } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { consumeOnce } from '../src/modules/events/consumer.ts';
import { notificationConsumer } from '../src/modules/notifications/consumer.ts';
import { call, type Session, type TestContext } from './app.ts';
import { untilReadable } from './events.ts';

/** Lets the notifications consumer make what the events so far owe (as the running app does after each). */
export async function notifyNow(t: TestContext) {
  await untilReadable(t.db);
  while ((await consumeOnce(t.db, notificationConsumer(t.app.jobs))) > 0) {}
}

/**
 * Stops the app's own notifications consumer, so a test decides when events are handled (and can change
 * the scene in between); `notifyNow` then does its work.
 */
export const holdNotifications = (t: TestContext) => t.app.notifications.stop();

/** Handles every event again from the start, as a consumer whose position was lost would. */
export async function replayNotifications(t: TestContext) {
  await t.db.execute(sql`update event_consumers set last_event_id = 0 where name = 'notifications'`);
  await notifyNow(t);
}

/** One's notifications as the bell reads them. */
export async function bell(t: TestContext, as: Session, query: Record<string, string | number> = {}) {
  const res = await call(t.app, 'GET', '/notifications', { as, query });
  if (res.status !== 200) throw new Error(`GET /notifications: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as {
    data: Notification[];
    meta: { total: number; unread_count: number };
  };
}

/** A note mentioning people, as the console sends it. */
export const noteMentioning = (t: TestContext, as: Session, conversationId: number, mentions: number[]) =>
  call(t.app, 'POST', '/messages', {
    as,
    body: { conversation_id: conversationId, content: 'Have a look, please', is_private: true, mentions },
  });
