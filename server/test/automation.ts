import { sql } from 'drizzle-orm';
import { JOBS_SCHEMA } from '../src/jobs/boss.ts';
import { autoResponderConsumer } from '../src/modules/auto-responders/engine.ts';
import { DELIVERY_JOB } from '../src/modules/channels/delivery-queue.ts';
import { csatLinkConsumer } from '../src/modules/csat/links.ts';
import { consumeOnce } from '../src/modules/events/consumer.ts';
import { webhookConsumer } from '../src/modules/integrations/deliveries.ts';
import { notificationConsumer } from '../src/modules/notifications/consumer.ts';
import { reportingConsumer } from '../src/modules/reporting/facts.ts';
import { slaConsumer } from '../src/modules/sla/consumer.ts';
import type { Session, TestContext } from './app.ts';
import { untilReadable } from './events.ts';
import { addIntegration } from './integrations.ts';

/**
 * An outgoing webhook of the app to a closed local port (the suite allows private targets): each delivery
 * is refused at once instead of waiting on a remote host. Answers its integration id.
 */
export async function addWebhook(t: TestContext, as: Session, appId: number, events: string[]) {
  const hook = await addIntegration(t, as, {
    app_id: appId,
    type: 'webhook',
    name: 'Hook',
    settings: { url: 'http://127.0.0.1:9/hook', events },
  });
  return hook.integration_id;
}

/** Lets the auto-responders, webhooks, reporting and notifications record what they owe. */
export async function runConsumers(t: TestContext) {
  await untilReadable(t.db);
  const responders = autoResponderConsumer(() => new Date(), t.app.jobs);
  while ((await consumeOnce(t.db, responders)) > 0) {}
  while ((await consumeOnce(t.db, csatLinkConsumer(t.app.deps.config.publicUrl))) > 0) {}
  while ((await consumeOnce(t.db, webhookConsumer(t.app.jobs))) > 0) {}
  while ((await consumeOnce(t.db, reportingConsumer())) > 0) {}
  while ((await consumeOnce(t.db, slaConsumer(t.app.jobs))) > 0) {}
  while ((await consumeOnce(t.db, notificationConsumer(t.app.jobs))) > 0) {}
}

/**
 * Records the deliveries new events owe, and makes the attempts that are due: what the running
 * app does (its workers may take some first; this waits for those too).
 */
export async function deliverWebhooks(t: TestContext) {
  await untilReadable(t.db);
  while ((await consumeOnce(t.db, webhookConsumer(t.app.jobs))) > 0) {}
  await t.app.jobs.drain(DELIVERY_JOB);
}

/**
 * Brings the queued jobs of `name` that wait for a later time forward to now: the tests' stand-in for waiting
 * out a retry's backoff or a responder's delay. Answers when each was due, soonest first.
 */
export async function dueNow(t: TestContext, name: string) {
  const res = await t.db.execute<{ start_after: string }>(sql`
    with later as (select id, start_after from ${sql.identifier(JOBS_SCHEMA)}.job
      where name = ${name} and state in ('created', 'retry') and start_after > now() for update),
    moved as (update ${sql.identifier(JOBS_SCHEMA)}.job j set start_after = now() from later
      where j.name = ${name} and j.id = later.id)
    select later.start_after::text from later order by later.start_after`);
  return res.rows.map((r) => new Date(r.start_after));
}

/** Makes the retries of deliveries now, as if their backoff had passed. */
export async function retryDeliveriesNow(t: TestContext) {
  await dueNow(t, DELIVERY_JOB);
  await t.app.jobs.drain(DELIVERY_JOB);
}
