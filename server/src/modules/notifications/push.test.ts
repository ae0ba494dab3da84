import { PushKey } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { before, call, useTestApp } from '../../../test/app.ts';
import { holdNotifications, noteMentioning, notifyNow } from '../../../test/notifications.ts';
import { startChat } from '../../../test/portal.ts';
import { browserKeys, decryptPush, startPushService, vapidProblem } from '../../../test/push-service.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { JOBS_SCHEMA } from '../../jobs/boss.ts';
import { NOTIFICATION_PUSH_JOB } from './push-job.ts';

/**
 * Browser push through a local push service that checks what a real one checks: the VAPID signature over
 * the key the route gave (RFC 8292), and a body only the subscribed browser can open (RFC 8291).
 */
const t = useTestApp({ allowPrivateWebhookTargets: true });
const s = before(async () => {
  await holdNotifications(t);
  const service = await startPushService((path) => (path.startsWith('/gone') ? 410 : 201));
  return { tenant: await tenantWithSessions(t), service };
});
afterAll(() => s.service.close());

/** Push jobs ever queued (pg-boss keeps finished ones for days). */
async function pushJobs() {
  const res = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from ${sql.identifier(JOBS_SCHEMA)}.job where name = ${NOTIFICATION_PUSH_JOB}`,
  );
  return Number(res.rows[0]!.n);
}

async function mention() {
  const chat = await startChat(t.app, s.tenant.app.id, { queueId: s.tenant.queue.id });
  await noteMentioning(t, s.tenant.as.admin, chat.conversationId, [s.tenant.agent.id]);
  await notifyNow(t);
  await t.app.jobs.drain(NOTIFICATION_PUSH_JOB);
  return chat.conversationId;
}

describe('browser push', () => {
  it('signs with the stored key, encrypts for the browser, drops what the service no longer knows', async () => {
    const { tenant, service } = s;
    const key = await call(t.app, 'GET', '/notifications/push-key', { as: tenant.as.agent });
    expect(PushKey.parse(key.body.data).public_key).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const publicKey = key.body.data.public_key as string;
    const stored = await t.db.execute<{ value: string }>(
      sql`select value from instance_settings where key = 'vapid_keys'`,
    );
    expect(stored.rows[0]!.value).toMatch(/^enc:v1:/);

    const browser = browserKeys();
    const live = { endpoint: `${service.origin}/push/1`, keys: browser.keys };
    const gone = { endpoint: `${service.origin}/gone/2`, keys: browserKeys().keys };
    for (const body of [live, gone]) {
      const res = await call(t.app, 'POST', '/notifications/push-subscriptions', {
        as: tenant.as.agent,
        body,
      });
      expect(res.status).toBe(201);
    }
    const jobsBefore = await pushJobs();
    const conversationId = await mention();
    expect(service.received.map((p) => p.path).sort()).toEqual(['/gone/2', '/push/1']);
    expect(await pushJobs()).toBe(jobsBefore + 1);
    const push = service.received.find((p) => p.path === '/push/1')!;
    expect(vapidProblem(push.headers.authorization, publicKey, service.origin)).toBeNull();
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    const payload = JSON.parse(decryptPush(push.body, browser));
    expect(payload).toMatchObject({
      type: 'mentioned',
      conversation_id: conversationId,
      company_id: tenant.company.id,
      url: `/conversations/${conversationId}?company_id=${tenant.company.id}`,
    });
    expect(payload.summary).toMatch(/^Ada Admin mentioned you in conversation #\d+$/);

    // The 410 dropped its subscription: the next push goes to the live one alone.
    service.received.length = 0;
    await mention();
    expect(service.received.map((p) => p.path)).toEqual(['/push/1']);

    // Unsubscribed: nothing more.
    const off = await call(t.app, 'DELETE', '/notifications/push-subscriptions', {
      as: tenant.as.agent,
      body: live,
    });
    expect(off.status).toBe(200);
    service.received.length = 0;
    const jobsThen = await pushJobs();
    await mention();
    expect(service.received).toEqual([]);
    // Nobody to push to: no job is queued for it at all.
    expect(await pushJobs()).toBe(jobsThen);
  });

  it('refuses a subscription that is not one', async () => {
    const res = await call(t.app, 'POST', '/notifications/push-subscriptions', {
      as: s.tenant.as.agent,
      body: { endpoint: 'not a url', keys: { p256dh: '', auth: 'x' } },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['endpoint', 'keys.p256dh']);
  });
});
