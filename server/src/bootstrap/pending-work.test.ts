import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../test/app.ts';
import { runConsumers } from '../../test/automation.ts';
import { addIntegration } from '../../test/integrations.ts';
import { startChat } from '../../test/portal.ts';
import { tenantWithSessions } from '../../test/tenants.ts';
import { receiver } from '../../test/webhook-receiver.ts';
import { JOBS_SCHEMA } from '../jobs/boss.ts';
import { WAITING_ANSWER_JOB } from '../modules/auto-responders/engine.ts';
import { queueWaitingRuns } from '../modules/auto-responders/waiting.ts';
import { DELIVERY_JOB } from '../modules/channels/delivery-queue.ts';
import { queuePendingDeliveries } from '../modules/integrations/delivery-job.ts';
import { PENDING_WORK_MARK, queueJobsForPendingWork } from './pending-work.ts';

/**
 * An installation upgrading from the version that scanned for due rows (decision 045): a webhook delivery and
 * a waiting auto-responder answer pending without a job are each made once, however many processes start.
 */
const t = useTestApp({ allowPrivateWebhookTargets: true });
const target = await receiver();
afterAll(() => target.close());

const jobsOf = async (name: string, key: string, ids: number[]) => {
  const res = await t.db.execute<{ n: number }>(sql`
    select count(*)::int as n from ${sql.identifier(JOBS_SCHEMA)}.job
    where name = ${name} and (data->>${key})::bigint = any(${sql.param(ids)}::bigint[])`);
  return res.rows[0]!.n;
};

describe('pending work at upgrade', () => {
  it('gives each row pending without a job its job once, when several processes start at once', async () => {
    const a = await tenantWithSessions(t);
    const hook = await addIntegration(t, a.as.admin, {
      app_id: a.app.id,
      type: 'webhook',
      name: 'CRM',
      settings: { url: `${target.url}/crm`, events: ['conversation.deleted'] },
    });
    // A customer waiting; the responder comes after the consumers read the message, so only the old
    // version's row (below) owes the answer.
    const chat = await startChat(t.app, a.app.id, { queueId: a.queue.id, name: 'Wanda Waiting' });
    await runConsumers(t);
    const responder = await call(t.app, 'POST', '/auto-responders', {
      as: a.as.admin,
      body: {
        app_id: a.app.id,
        name: 'Patience',
        trigger: 'no_agent_reply',
        delay_minutes: 5,
        message: 'An agent will be with you shortly.',
      },
    });
    expect(responder.status).toBe(201);

    // What the old version left: two deliveries (one never tried, one on its third attempt, its lease run
    // out) and a waiting answer past its due time, none with a job.
    const deliveries = await t.db.execute<{ id: string }>(sql`
      insert into webhook_deliveries (company_id, integration_id, event_id, msg_id, payload, attempts, next_attempt_at)
      values (${a.company.id}, ${hook.integration_id}, 900001, 'msg_old_1', '{"n":1}', 0, now()),
        (${a.company.id}, ${hook.integration_id}, 900002, 'msg_old_2', '{"n":2}', 2, now() - interval '1 minute')
      returning id`);
    const deliveryIds = deliveries.rows.map((r) => Number(r.id));
    const [first] = (
      await t.db.execute<{ id: string }>(
        sql`select min(id)::text as id from messages where conversation_id = ${chat.conversationId}`,
      )
    ).rows;
    const runs = await t.db.execute<{ id: string }>(sql`
      insert into auto_responder_runs (company_id, responder_id, conversation_id, occurrence, due_at)
      values (${a.company.id}, ${responder.body.data.auto_responder_id}, ${chat.conversationId},
        ${`waiting:${first!.id}`}, now() - interval '1 minute')
      returning id`);
    const runIds = runs.rows.map((r) => Number(r.id));
    expect(await jobsOf(DELIVERY_JOB, 'delivery_id', deliveryIds)).toBe(0);
    expect(await jobsOf(WAITING_ANSWER_JOB, 'run_id', runIds)).toBe(0);

    // The upgrade's mark (this test's app found and took the migration's at its start), then three
    // processes starting at once.
    await t.db.execute(sql`insert into instance_settings (key, value) values (${PENDING_WORK_MARK}, 'owed')`);
    const starts = await Promise.all([1, 2, 3].map(() => queueJobsForPendingWork(t.db, t.app.jobs)));
    expect(starts.filter((s) => s !== null)).toEqual([{ deliveries: 2, waitingAnswers: 1 }]);
    expect(await queueJobsForPendingWork(t.db, t.app.jobs)).toBeNull();
    // Queued again (a mark put back by hand): the same keys, so still one job each.
    await t.db.transaction(async (tx) => {
      await queuePendingDeliveries(tx, t.app.jobs);
      await queueWaitingRuns(tx, t.app.jobs);
    });
    expect(await jobsOf(DELIVERY_JOB, 'delivery_id', deliveryIds)).toBe(2);
    expect(await jobsOf(WAITING_ANSWER_JOB, 'run_id', runIds)).toBe(1);

    await t.app.jobs.drain(DELIVERY_JOB);
    await t.app.jobs.drain(WAITING_ANSWER_JOB);
    await t.app.jobs.drain(DELIVERY_JOB);
    expect(target.got.map((r) => r.headers['webhook-id']).sort()).toEqual(['msg_old_1', 'msg_old_2']);
    const rows = await t.db.execute<{ msg_id: string; status: string; attempts: number }>(sql`
      select msg_id, status, attempts from webhook_deliveries where id = any(${sql.param(deliveryIds)}::bigint[])
      order by msg_id`);
    expect(rows.rows).toEqual([
      { msg_id: 'msg_old_1', status: 'delivered', attempts: 1 },
      { msg_id: 'msg_old_2', status: 'delivered', attempts: 3 },
    ]);
    const answers = await t.db.execute<{ content: string }>(sql`
      select content from messages where conversation_id = ${chat.conversationId} and sender_type = 'auto'`);
    expect(answers.rows).toEqual([{ content: 'An agent will be with you shortly.' }]);
    const run = await t.db.execute<{ status: string }>(
      sql`select status from auto_responder_runs where id = ${runIds[0]!}`,
    );
    expect(run.rows).toEqual([{ status: 'sent' }]);
  });
});
