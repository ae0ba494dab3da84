import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app.ts';
import { deliverWebhooks, dueNow } from '../../../test/automation.ts';
import { addIntegration } from '../../../test/integrations.ts';
import { startChat } from '../../../test/portal.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { receiver, verify } from '../../../test/webhook-receiver.ts';
import { DELIVERY_JOB } from '../channels/delivery-queue.ts';
import { retryDelaySeconds } from './sender.ts';

/**
 * A delivery's retries as pg-boss jobs on contract section 10's schedule: each attempt is one job due after
 * the backoff, made once however often it is queued or run, and the delivery log says where it stands.
 */
const t = useTestApp({ allowPrivateWebhookTargets: true });

describe('a delivery that fails twice, then succeeds', () => {
  it('is tried again after 5 s, then 30 s, once per attempt, with the same id, and the log follows it', async () => {
    const a = await tenantWithSessions(t);
    const flaky = await receiver([500, 503]);
    try {
      const made = await addIntegration(t, a.as.admin, {
        app_id: a.app.id,
        type: 'webhook',
        name: 'Flaky',
        settings: { url: `${flaky.url}/in`, events: ['conversation.created'] },
      });
      await startChat(t.app, a.app.id, { queueId: a.queue.id });
      const log = async () =>
        (
          await call(t.app, 'GET', '/integration/deliveries', {
            as: a.as.admin,
            query: { id: made.integration_id },
          })
        ).body.data[0];

      const first = Date.now();
      await deliverWebhooks(t);
      expect(flaky.got).toHaveLength(1);
      expect(await log()).toMatchObject({ status: 'pending', attempts: 1, last_status_code: 500 });
      // Nothing more happens before its time: the next attempt waits as a job due in 5 s.
      await t.app.jobs.drain(DELIVERY_JOB);
      expect(flaky.got).toHaveLength(1);
      const second = await dueNow(t, DELIVERY_JOB);
      expect(second).toHaveLength(1);
      expect(second[0]!.getTime() - first).toBeGreaterThanOrEqual(retryDelaySeconds(1) * 1000 - 1000);
      expect(second[0]!.getTime() - first).toBeLessThan(retryDelaySeconds(1) * 1000 + 5000);
      const next = new Date((await log()).next_attempt_ts).getTime();
      expect(Math.abs(next - second[0]!.getTime())).toBeLessThan(1000);

      const secondRan = Date.now();
      await t.app.jobs.drain(DELIVERY_JOB);
      expect(flaky.got).toHaveLength(2);
      expect(await log()).toMatchObject({ status: 'pending', attempts: 2, last_status_code: 503 });
      const third = await dueNow(t, DELIVERY_JOB);
      expect(third).toHaveLength(1);
      expect(third[0]!.getTime() - secondRan).toBeGreaterThanOrEqual(30_000 - 1000);
      expect(third[0]!.getTime() - secondRan).toBeLessThan(30_000 + 5000);

      await t.app.jobs.drain(DELIVERY_JOB);
      expect(flaky.got).toHaveLength(3);
      expect(await log()).toMatchObject({
        status: 'delivered',
        attempts: 3,
        last_error: null,
        next_attempt_ts: null,
      });
      expect(new Set(flaky.got.map((r) => r.headers['webhook-id'])).size).toBe(1);
      for (const r of flaky.got) verify(made.signing_secret as string, r);

      // Queuing an attempt again, or running it again, calls nobody: each attempt is made once.
      const [row] = (
        await t.db.execute<{ id: number; round: string }>(
          sql`select id, created_at::text as round from webhook_deliveries where integration_id = ${made.integration_id}`,
        )
      ).rows;
      await t.db.transaction((tx) =>
        t.app.jobs.sendOnce(tx, DELIVERY_JOB, `${row!.id}:${row!.round}:3`, {
          delivery_id: row!.id,
          attempt: 3,
        }),
      );
      await t.app.jobs.send(DELIVERY_JOB, { delivery_id: row!.id, attempt: 3 });
      await t.app.jobs.drain(DELIVERY_JOB);
      expect(flaky.got).toHaveLength(3);
      expect(await dueNow(t, DELIVERY_JOB)).toEqual([]);
    } finally {
      await flaky.close();
    }
  });
});

describe('the retry schedule', () => {
  it('is contract section 10’s: 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, then every 3 h', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 12].map(retryDelaySeconds)).toEqual([
      5, 30, 120, 600, 1800, 3600, 10_800, 10_800,
    ]);
  });
});
