import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp, loginAs } from '../test/app.ts';
import { createTenant, PASSWORD } from '../test/factories.ts';
import { hangUp } from '../test/hang-up.ts';
import { startChat } from '../test/portal.ts';
import { openStream } from '../test/sse.ts';

/** Graceful shutdown under load (issue 9): requests in flight finish, streams end with a reconnect hint. */
describe('closing the server', () => {
  it('finishes the requests in flight, ends every stream with a retry hint, and closes without waiting out keep-alives', async () => {
    const t = await createTestApp();
    // Counts requests the server has read: only those are "in flight" (one still in the socket may be reset).
    let received = 0;
    t.app.server.on('request', (req) => {
      if (req.url?.endsWith('/messages')) received += 1;
    });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const tenant = await createTenant(t.db);
    const chat = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
    const agent = await loginAs(t.app, tenant.agent.email, PASSWORD, tenant.company.id);
    const headers = {
      authorization: `Bearer ${agent.token}`,
      'x-company-id': String(tenant.company.id),
      'content-type': 'application/json',
    };
    const ticket = await (await fetch(`${base}/api/v1/events/ticket`, { method: 'POST', headers })).json();
    const consoleStream = await openStream(`${base}/api/v1/events/stream?ticket=${ticket.data.ticket}`);
    const portalStream = await openStream(`${base}/api/v1/portal/events?token=${chat.token}`);
    expect(t.app.live.streams.size).toBe(2);

    const sends = Array.from({ length: 10 }, (_, i) =>
      fetch(`${base}/api/v1/messages`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ conversation_id: chat.conversationId, content: `reply ${i}` }),
      }),
    );
    // Close once every request is being handled (on a busy machine, ten connections may take a moment).
    await expect.poll(() => received, { interval: 1, timeout: 10_000 }).toBe(10);
    await t.close();
    const answers = await Promise.all(sends);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    for (const st of [consoleStream, portalStream]) {
      await st.until(() => st.ended, 3000);
      expect(st.ended).toBe(true);
      expect(st.frames.at(-1)?.retry).toBe('500');
    }
  });

  it('lets a request whose client hung up finish its write before the database closes', async () => {
    const t = await createTestApp();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const tenant = await createTenant(t.db);
    const chat = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
    const agent = await loginAs(t.app, tenant.agent.email, PASSWORD, tenant.company.id);
    // The conversation is held locked, so the reply's write waits in the database (on the embedded
    // engine, which runs one statement at a time, every query waits).
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const holder = t.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from conversations where id = ${chat.conversationId} for update`);
      holding();
      await gate;
    });
    await held;

    await hangUp(t.app.server, `${base}/api/v1/messages`, {
      headers: {
        authorization: `Bearer ${agent.token}`,
        'x-company-id': String(tenant.company.id),
        'content-type': 'application/json',
      },
      body: JSON.stringify({ conversation_id: chat.conversationId, content: 'sent as the client left' }),
    });

    let closed = false;
    const closing = t.app.close().then(() => {
      closed = true;
    });
    await sleep(300);
    // On the embedded engine the close's own queries wait behind the lock as well, so only PostgreSQL tells
    // a close that waits for the request from one that does not; `http/in-flight.test.ts` checks that alone.
    const closedWhileWriting = closed;
    release();
    await holder;
    await closing;
    const stored = await t.db.execute(
      sql`select content from messages where conversation_id = ${chat.conversationId} and content = 'sent as the client left'`,
    );
    await t.smtp.close();
    await t.database.close();
    expect(closedWhileWriting).toBe(false);
    expect(stored.rows).toHaveLength(1);
  });
});
