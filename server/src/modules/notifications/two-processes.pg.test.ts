import type { InboxEvent } from '@inbox/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { before, call, createTestApp, loginAs, type Session, type TestContext } from '../../../test/app.ts';
import { openTestDatabase } from '../../../test/db.ts';
import { createTenant, PASSWORD } from '../../../test/factories.ts';
import { noteMentioning } from '../../../test/notifications.ts';
import { startChat } from '../../../test/portal.ts';
import { openStream } from '../../../test/sse.ts';
import { openPostgres } from '../../db/client.ts';

/**
 * Two processes on one PostgreSQL: a notification made from what one process wrote reaches its recipient's
 * stream on the other, and no other stream on either.
 */
const apps: TestContext[] = [];
const streams: Awaited<ReturnType<typeof openStream>>[] = [];
afterAll(async () => {
  for (const st of streams) await st.close();
  for (const a of apps.reverse()) await a.close();
});

const s = before(async () => {
  const database = await openTestDatabase();
  const first = await createTestApp({}, database);
  apps.push(first);
  const second = await createTestApp({}, openPostgres(database.url!, 5));
  apps.push(second);
  const tenant = await createTenant(first.db);
  const login = (app: TestContext, email: string) => loginAs(app.app, email, PASSWORD, tenant.company.id);
  return {
    tenant,
    first,
    second,
    firstBase: await first.app.listen({ port: 0, host: '127.0.0.1' }),
    secondBase: await second.app.listen({ port: 0, host: '127.0.0.1' }),
    manager: await login(first, tenant.manager.email),
    agent: await login(second, tenant.agent.email),
    adminOnFirst: await login(first, tenant.admin.email),
    adminOnSecond: await login(second, tenant.admin.email),
  };
});

async function streamOn(ctx: TestContext, base: string, as: Session) {
  const ticket = await call(ctx.app, 'POST', '/events/ticket', { as });
  const st = await openStream(`${base}/api/v1/events/stream?ticket=${ticket.body.data.ticket}`);
  streams.push(st);
  return st;
}

const recipients = (events: InboxEvent[]) =>
  events.filter((e) => e.type === 'notification.created').map((e) => e.data.user_id);

describe('notifications across processes', () => {
  it('reach the recipient on the other process, and no other stream on either', async () => {
    const agent = await streamOn(s.second, s.secondBase, s.agent);
    const adminHere = await streamOn(s.first, s.firstBase, s.adminOnFirst);
    const adminThere = await streamOn(s.second, s.secondBase, s.adminOnSecond);
    const chat = await startChat(s.first.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
    expect((await noteMentioning(s.first, s.manager, chat.conversationId, [s.tenant.agent.id])).status).toBe(
      201,
    );
    await agent.next('notification.created');
    // Then one for the admin, made after the agent's: each admin stream's first is its own.
    await noteMentioning(s.first, s.manager, chat.conversationId, [s.tenant.admin.id]);
    await adminHere.next('notification.created');
    await adminThere.next('notification.created');
    expect(recipients(agent.events())).toEqual([s.tenant.agent.id]);
    expect(recipients(adminHere.events())).toEqual([s.tenant.admin.id]);
    expect(recipients(adminThere.events())).toEqual([s.tenant.admin.id]);
  });
});
