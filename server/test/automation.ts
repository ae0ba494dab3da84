import { autoResponderConsumer } from '../src/modules/auto-responders/engine.ts';
import { consumeOnce } from '../src/modules/events/consumer.ts';
import { sequenceEvents } from '../src/modules/events/sequencer.ts';
import { webhookConsumer } from '../src/modules/integrations/deliveries.ts';
import { deliverDue } from '../src/modules/integrations/sender.ts';
import { reportingConsumer } from '../src/modules/reporting/facts.ts';
import type { Session, TestContext } from './app.ts';
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

/** Numbers the events written so far and lets the auto-responders, webhooks and reporting record what they owe. */
export async function runConsumers(t: TestContext) {
  await sequenceEvents(t.db);
  const responders = autoResponderConsumer(() => new Date());
  while ((await consumeOnce(t.db, responders)) > 0) {}
  while ((await consumeOnce(t.db, webhookConsumer())) > 0) {}
  while ((await consumeOnce(t.db, reportingConsumer())) > 0) {}
}

/** Numbers new events, records the deliveries they owe, and sends what is due: what the running app does. */
export async function deliverWebhooks(t: TestContext) {
  await sequenceEvents(t.db);
  while ((await consumeOnce(t.db, webhookConsumer())) > 0) {}
  await deliverDue(t.db, t.app.deps);
  // The app's own sender may hold a delivery it claimed first.
  await t.app.webhooks.settle();
}
