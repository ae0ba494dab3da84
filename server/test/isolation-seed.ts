import { sql } from 'drizzle-orm';
import { addApiIntegration, makeKey, withKey } from './api-keys.ts';
import { call, loginAs, type Session, type TestContext } from './app.ts';
import { addWebhook, runConsumers } from './automation.ts';
import { createTenant, PASSWORD } from './factories.ts';
import { multipartBody, PDF, PNG } from './files.ts';
import { portal, startChat, uploadFile } from './portal.ts';
import { consoleUpload } from './uploads.ts';

/**
 * The isolation test's company: one record of every kind, so every table with a `company_id` holds a row of
 * it and every route has an id of it to be tried with (isolation.test.ts).
 */
export interface Ids {
  company: number;
  app: number;
  queue: number;
  user: number;
  conversation: number;
  customer: number;
  /** An agent reply: only a cursor value here, never substituted across companies. */
  message: number;
  attachment: number;
  auto_responder: number;
  integration: number;
  api_key: number;
  /** A reporting recalculation (`job_id`). */
  job: number;
  /** A grant of a key (what /api-keys/permissions/revoke takes as `permission_id`). */
  grant: number;
  /** A company canned reply with a file (its admin may change it). */
  canned_reply: number;
  /** A label, on the conversation and its customer. */
  label: number;
  /** A service level that applies to the conversation (contract section 14). */
  sla_policy: number;
}

export async function seedCompany(t: TestContext, into: Ids) {
  const tenant = await createTenant(t.db);
  const agent = await loginAs(t.app, tenant.agent.email, PASSWORD, tenant.company.id);
  const admin = await loginAs(t.app, tenant.admin.email, PASSWORD, tenant.company.id);
  // First, so the conversation started below runs its clocks.
  const policy = await call(t.app, 'POST', '/sla-policies', {
    as: admin,
    body: { name: 'Iso level', first_response_minutes: 60, conditions: { app_ids: [tenant.app.id] } },
  });
  if (policy.status !== 201) throw new Error(`sla policy: ${policy.status}`);
  const responder = await call(t.app, 'POST', '/auto-responders', {
    as: admin,
    body: { app_id: tenant.app.id, name: 'Hello', trigger: 'conversation_started', message: 'Hello!' },
  });
  const hook = await addWebhook(t, admin, tenant.app.id, ['conversation.created']);
  const inbound = await addApiIntegration(t, admin, tenant.app.id);
  const key = await makeKey(t, admin, [
    { integrationId: inbound.integration_id, permission: 'messages:send' },
  ]);
  const grant = await t.db.execute<{ id: number }>(
    sql`select id from api_key_permissions where api_key_id = ${key.id}`,
  );
  await withKey(t, key.key, 'POST', '/integration/messages', {
    body: {
      integration_id: inbound.integration_id,
      customer: { external_id: 'iso' },
      content: 'From outside',
      external_message_id: 'iso-1',
    },
  });
  const chat = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
  // The greeting and the delivery are owed by their consumers, as the running app records them.
  await runConsumers(t);
  const reply = await call(t.app, 'POST', '/messages', {
    as: agent,
    body: { conversation_id: chat.conversationId, content: 'An agent reply' },
  });
  await call(t.app, 'POST', '/conversation/read', {
    as: agent,
    body: { conversation_id: chat.conversationId, last_message_id: reply.body.data.id },
  });
  const portalFile = await uploadFile(t.app, chat.token, 'photo.png', PNG, 'image/png');
  await portal(t.app, 'POST', '/portal/messages', {
    token: chat.token,
    body: { content: 'A photo', attachments: [portalFile.body.data.attachment_id] },
  });
  const { payload, headers } = multipartBody('file', 'console.png', PNG, 'image/png');
  await t.app.inject({
    method: 'POST',
    url: `/api/v1/attachments/upload?conversation_id=${chat.conversationId}`,
    headers: {
      ...headers,
      authorization: `Bearer ${agent.token}`,
      'x-company-id': String(tenant.company.id),
    },
    payload,
  });
  const cannedFile = await consoleUpload(t, admin, null, { name: 'terms.pdf', data: PDF });
  const canned = await call(t.app, 'POST', '/canned-replies', {
    as: admin,
    body: {
      scope: 'company',
      short_code: 'terms',
      title: 'Our terms',
      content: 'Hello {{customer.first_name | "there"}}, our terms are attached.',
      attachments: [cannedFile.body.data.attachment_id],
    },
  });
  if (canned.status !== 201) throw new Error(`canned reply: ${canned.status}`);
  await call(t.app, 'POST', '/events/ticket', { as: agent });
  await call(t.app, 'POST', '/conversation/ai-summary', {
    as: agent,
    body: { conversation_id: chat.conversationId },
  });
  const label = await call(t.app, 'POST', '/labels', {
    as: admin,
    body: { name: 'Iso label', color: '#336699' },
  });
  await call(t.app, 'POST', '/conversation/labels', {
    as: agent,
    body: { conversation_id: chat.conversationId, add: [label.body.data.label_id] },
  });
  // A satisfaction rating (contract section 14): a second chat resolved and rated.
  await call(t.app, 'PUT', '/apps', {
    as: admin,
    query: { id: tenant.app.id },
    body: { csat: { enabled: true } },
  });
  const rated = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
  await call(t.app, 'POST', '/conversation/resolve', {
    as: agent,
    body: { conversation_id: rated.conversationId },
  });
  const rating = await portal(t.app, 'POST', '/portal/rating', { token: rated.token, body: { score: 4 } });
  if (rating.status !== 201) throw new Error(`rating: ${rating.status}`);
  // A snooze the customer ends: the agent who snoozed it (and holds it) is notified (notifications module).
  await call(t.app, 'POST', '/conversation/snooze', {
    as: agent,
    body: { conversation_id: chat.conversationId, until_ts: null },
  });
  await portal(t.app, 'POST', '/portal/messages', { token: chat.token, body: { content: 'Back again' } });
  await runConsumers(t);
  const job = await recalculated(t, admin);
  // Last: a message clears its sender's typing signal.
  const typing = await portal(t.app, 'POST', '/portal/typing', { token: chat.token, body: {} });
  if (typing.status !== 200) throw new Error(`portal typing: ${typing.status}`);
  Object.assign(into, {
    company: tenant.company.id,
    app: tenant.app.id,
    queue: tenant.queue.id,
    user: tenant.agent.id,
    conversation: chat.conversationId,
    customer: Number(
      (
        await t.db.execute<{ id: number }>(
          sql`select customer_id as id from conversations where id = ${chat.conversationId}`,
        )
      ).rows[0]!.id,
    ),
    message: reply.body.data.id,
    attachment: portalFile.body.data.attachment_id,
    auto_responder: responder.body.data.auto_responder_id,
    integration: hook,
    api_key: key.id,
    job,
    grant: Number(grant.rows[0]!.id),
    canned_reply: canned.body.data.canned_reply_id,
    label: label.body.data.label_id,
    sla_policy: policy.body.data.sla_policy_id,
  });
  const onCustomer = await call(t.app, 'POST', '/customer/labels', {
    as: agent,
    body: { customer_id: into.customer, add: [into.label] },
  });
  if (onCustomer.status !== 200) throw new Error(`customer labels: ${onCustomer.status}`);
  return { tenant, token: chat.token, inbound: inbound.integration_id };
}

/** A finished reporting recalculation: the job must be over before A's rows are compared. */
async function recalculated(t: TestContext, admin: Session) {
  const asked = await call(t.app, 'POST', '/reporting/calculate-stats', {
    as: admin,
    body: { from: '2026-01-01', to: '2026-01-31' },
  });
  const id = asked.body.data.job_id as number;
  for (let i = 0; i < 300; i++) {
    const res = await call(t.app, 'GET', '/reporting/calculate-stats', { as: admin, query: { job_id: id } });
    if (res.body.data.status === 'completed') return id;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`recalculation ${id} did not finish`);
}
