import type { InboxEvent, NotificationCreatedData } from '@inbox/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { before, call, type Session, useTestApp } from '../../../test/app.ts';
import { noteMentioning } from '../../../test/notifications.ts';
import { startChat } from '../../../test/portal.ts';
import { openStream } from '../../../test/sse.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';

/** `notification.created` on the console's event stream: its recipient's streams alone carry it. */
const t = useTestApp();
let base = '';
const s = before(async () => {
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { tenant: await tenantWithSessions(t) };
});

const streams: Awaited<ReturnType<typeof openStream>>[] = [];
afterAll(async () => {
  for (const st of streams) await st.close();
});

async function consoleStream(as: Session, query = '') {
  const ticket = await call(t.app, 'POST', '/events/ticket', { as });
  const st = await openStream(`${base}/api/v1/events/stream?ticket=${ticket.body.data.ticket}${query}`);
  streams.push(st);
  return st;
}

const dataOf = (e: InboxEvent) => e.data as unknown as NotificationCreatedData;

describe('the notification stream event', () => {
  it('reaches the recipient’s stream with the notification, and no one else’s, live and on replay', async () => {
    const { tenant } = s;
    const agent = await consoleStream(tenant.as.agent);
    const admin = await consoleStream(tenant.as.admin);
    const chat = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
    await noteMentioning(t, tenant.as.manager, chat.conversationId, [tenant.agent.id]);
    const mine = await agent.next('notification.created');
    expect(dataOf(mine)).toMatchObject({
      user_id: tenant.agent.id,
      notification: { type: 'mentioned', conversation_id: chat.conversationId, read_ts: null },
      unread_count: 1,
    });
    expect(mine.conversation_id).toBeUndefined();

    // The admin sees every conversation, yet hears only of their own notifications: the next one, made
    // after the agent's, is the first to reach their stream.
    await noteMentioning(t, tenant.as.manager, chat.conversationId, [tenant.admin.id]);
    await admin.next('notification.created');
    const heard = admin.events().filter((e) => e.type === 'notification.created');
    expect(heard.map((e) => dataOf(e).user_id)).toEqual([tenant.admin.id]);
    expect(admin.events().some((e) => e.type === 'message.created')).toBe(true);

    // A stream resumed from before both replays only its own.
    const resumed = await consoleStream(tenant.as.admin, `&last_event_id=${mine.event_id - 1}`);
    await resumed.next('notification.created');
    const replayed = resumed.events().filter((e) => e.type === 'notification.created');
    expect(replayed.map((e) => dataOf(e).user_id)).toEqual([tenant.admin.id]);
  });
});
