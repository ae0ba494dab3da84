import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { createTenant } from '../../test/factories.ts';
import { portal, startChat } from '../../test/portal.ts';
import { openStream } from '../../test/sse.ts';
import { startThrowawayCluster } from '../../test/throwaway-cluster.ts';
import { openPostgres } from './client.ts';

/**
 * Contract section 12 against a PostgreSQL this test owns: stopped and started again while a customer keeps
 * sending. Requests answer 503 with Retry-After meanwhile, the process stays up, /health says degraded,
 * the service comes back by itself, and every message that was acknowledged is stored once and pushed.
 */
let cluster: Awaited<ReturnType<typeof startThrowawayCluster>> | undefined;
let t: TestContext | undefined;
afterAll(async () => {
  await t?.close().catch(() => undefined);
  cluster?.destroy();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the database restarted mid-traffic', () => {
  it('answers 503 with Retry-After while it is away, recovers by itself and loses nothing acknowledged', async () => {
    cluster = await startThrowawayCluster();
    const database = openPostgres(cluster.url, 5);
    await database.migrate();
    // The customer below writes faster than a person; the portal's message limits are not under test here.
    const noLimits = { startsPerIp: 0, messagesPerIp: 0, messagesPerToken: 0, windowMs: 60_000 };
    t = await createTestApp({ portalRateLimit: noLimits }, database);
    const app = t.app;
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const tenant = await createTenant(t.db);
    const chat = await startChat(app, tenant.app.id, { queueId: tenant.queue.id });
    const stream = await openStream(`${base}/api/v1/portal/events?token=${chat.token}`);
    expect(stream.status).toBe(200);

    const acknowledged: string[] = [];
    const refusals: { status: number; retryAfter: unknown }[] = [];
    let n = 0;
    let sending = true;
    // A customer who keeps writing, and resends (same client_message_id) whatever was not acknowledged.
    const customer = (async () => {
      let pending: string | null = null;
      while (sending || pending) {
        const id: string = pending ?? `m-${++n}`;
        const res = await portal(app, 'POST', '/portal/messages', {
          token: chat.token,
          body: { content: `message ${id}`, client_message_id: id },
        });
        if (res.status === 201) {
          acknowledged.push(id);
          pending = null;
        } else {
          refusals.push({ status: res.status, retryAfter: res.headers['retry-after'] });
          pending = id;
          await sleep(200);
        }
        await sleep(20);
      }
    })();

    await sleep(500);
    cluster.stop();
    await sleep(1500);
    const down = await app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json().data.status).toBe('degraded');
    cluster.start();
    await expect
      .poll(async () => (await app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode, {
        timeout: 15_000,
        interval: 250,
      })
      .toBe(200);
    await sleep(800);
    sending = false;
    await customer;

    expect(refusals.length).toBeGreaterThan(0);
    for (const r of refusals) expect(r).toEqual({ status: 503, retryAfter: '5' });
    // Every acknowledged message is stored exactly once, in the order it was acknowledged.
    const stored = await t.db.execute<{ client_message_id: string }>(sql`
      select client_message_id from messages
      where conversation_id = ${chat.conversationId} and client_message_id is not null order by id`);
    expect(stored.rows.map((r) => r.client_message_id)).toEqual(acknowledged);
    // And the live stream, which stayed open across the restart, delivered each of them.
    const last = acknowledged.at(-1)!;
    await stream.next(
      'message.created',
      (e) => (e.data.message as { content: string }).content === `message ${last}`,
    );
    const pushed = stream
      .events()
      .filter((e) => e.type === 'message.created')
      .map((e) => (e.data.message as { content: string }).content.replace('message ', ''));
    expect(pushed.filter((c) => c !== 'My order has not arrived')).toEqual(acknowledged);
    await stream.close();
  }, 60_000);
});
