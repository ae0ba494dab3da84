import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addApiIntegration, makeKey, withKey } from '../../../test/api-keys.ts';
import { call, loginAs, useTestApp } from '../../../test/app.ts';
import { addWebhook, runConsumers } from '../../../test/automation.ts';
import { createTenant, PASSWORD } from '../../../test/factories.ts';
import { PNG } from '../../../test/files.ts';
import { portal, startChat, uploadFile } from '../../../test/portal.ts';
import { consoleUpload } from '../../../test/uploads.ts';

/**
 * Composite keys (company_id, id): whatever a bug in a service might write, the database refuses a row of
 * one company that points at another company's app, queue, customer or conversation.
 */
const t = useTestApp({ allowPrivateWebhookTargets: true });
const parents = {} as Record<
  'a' | 'b',
  {
    apps: number;
    queues: number;
    customers: number;
    conversations: number;
    auto_responders: number;
    integrations: number;
    api_keys: number;
    canned_replies: number;
    labels: number;
    company: number;
  }
>;

async function seed(key: 'a' | 'b') {
  const tenant = await createTenant(t.db);
  const admin = await loginAs(t.app, tenant.admin.email, PASSWORD, tenant.company.id);
  const responder = await call(t.app, 'POST', '/auto-responders', {
    as: admin,
    body: {
      app_id: tenant.app.id,
      queue_id: tenant.queue.id,
      name: 'Later',
      trigger: 'no_agent_reply',
      delay_minutes: 5,
      message: 'Soon.',
    },
  });
  const hook = await addWebhook(t, admin, tenant.app.id, ['message.created']);
  const inbound = await addApiIntegration(t, admin, tenant.app.id);
  const apiKey = await makeKey(t, admin, [
    { integrationId: inbound.integration_id, permission: 'messages:send' },
  ]);
  await withKey(t, apiKey.key, 'POST', '/integration/messages', {
    body: {
      integration_id: inbound.integration_id,
      customer: { external_id: 'k' },
      content: 'In',
      external_message_id: 'k1',
    },
  });
  const chat = await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id });
  const agent = await loginAs(t.app, tenant.agent.email, PASSWORD, tenant.company.id);
  const reply = await call(t.app, 'POST', '/messages', {
    as: agent,
    body: { conversation_id: chat.conversationId, content: 'Hello' },
  });
  await call(t.app, 'POST', '/conversation/read', {
    as: agent,
    body: { conversation_id: chat.conversationId, last_message_id: reply.body.data.id },
  });
  await uploadFile(t.app, chat.token, 'a.png', PNG, 'image/png');
  const cannedFile = await consoleUpload(t, admin, null, { name: 'c.png', data: PNG });
  const canned = await call(t.app, 'POST', '/canned-replies', {
    as: admin,
    body: {
      scope: 'app',
      app_id: tenant.app.id,
      short_code: `hi-${key}`,
      title: 'Hi',
      content: 'Hi',
      attachments: [cannedFile.body.data.attachment_id],
    },
  });
  // The wait the responder owes and the webhook's delivery are recorded by their consumers.
  await runConsumers(t);
  await portal(t.app, 'POST', '/portal/typing', { token: chat.token, body: {} });
  const conv = await t.db.execute<{ customer_id: number }>(
    sql`select customer_id from conversations where id = ${chat.conversationId}`,
  );
  const label = await call(t.app, 'POST', '/labels', {
    as: admin,
    body: { name: 'Keyed', color: '#123456' },
  });
  await call(t.app, 'POST', '/conversation/labels', {
    as: admin,
    body: { conversation_id: chat.conversationId, add: [label.body.data.label_id] },
  });
  await call(t.app, 'POST', '/customer/labels', {
    as: admin,
    body: { customer_id: Number(conv.rows[0]!.customer_id), add: [label.body.data.label_id] },
  });
  parents[key] = {
    company: tenant.company.id,
    apps: tenant.app.id,
    queues: tenant.queue.id,
    customers: Number(conv.rows[0]!.customer_id),
    conversations: chat.conversationId,
    auto_responders: responder.body.data.auto_responder_id,
    integrations: hook,
    api_keys: apiKey.id,
    canned_replies: canned.body.data.canned_reply_id,
    labels: label.body.data.label_id,
  };
}

beforeAll(async () => {
  await seed('a');
  await seed('b');
});

/** Every reference that carries company_id: (table, column, parent table). */
const REFERENCES: [string, string, keyof (typeof parents)['a']][] = [
  ['app_members', 'app_id', 'apps'],
  ['queues', 'app_id', 'apps'],
  ['queue_members', 'queue_id', 'queues'],
  ['customer_apps', 'customer_id', 'customers'],
  ['customer_identities', 'customer_id', 'customers'],
  ['customer_apps', 'app_id', 'apps'],
  ['conversations', 'app_id', 'apps'],
  ['conversations', 'queue_id', 'queues'],
  ['conversations', 'customer_id', 'customers'],
  ['messages', 'conversation_id', 'conversations'],
  ['attachments', 'conversation_id', 'conversations'],
  ['conversation_reads', 'conversation_id', 'conversations'],
  ['portal_sessions', 'conversation_id', 'conversations'],
  ['typing_signals', 'conversation_id', 'conversations'],
  ['auto_responders', 'app_id', 'apps'],
  ['auto_responders', 'queue_id', 'queues'],
  ['auto_responder_runs', 'responder_id', 'auto_responders'],
  ['auto_responder_runs', 'conversation_id', 'conversations'],
  ['integrations', 'app_id', 'apps'],
  ['webhook_deliveries', 'integration_id', 'integrations'],
  ['conversations', 'integration_id', 'integrations'],
  ['api_key_permissions', 'api_key_id', 'api_keys'],
  ['api_key_permissions', 'integration_id', 'integrations'],
  ['channel_messages', 'integration_id', 'integrations'],
  ['channel_messages', 'conversation_id', 'conversations'],
  ['report_facts', 'app_id', 'apps'],
  ['canned_replies', 'app_id', 'apps'],
  ['canned_reply_attachments', 'canned_reply_id', 'canned_replies'],
  ['conversation_labels', 'conversation_id', 'conversations'],
  ['conversation_labels', 'label_id', 'labels'],
  ['customer_labels', 'customer_id', 'customers'],
  ['customer_labels', 'label_id', 'labels'],
];

describe('composite tenant keys', () => {
  it.each(REFERENCES)(
    'refuses a row of %s whose %s names another company’s %s',
    async (table, column, parent) => {
      const rows = await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where company_id = ${parents.b.company}`,
      );
      expect(rows.rows[0]!.n).toBeGreaterThan(0);
      if (table === 'typing_signals') {
        // Keyed by conversation and typist: A's own "customer is typing" row would collide before the check.
        await t.db.execute(sql`delete from typing_signals where company_id = ${parents.a.company}`);
      }
      if (table === 'customer_apps') {
        // B has two customers (portal and API): moving both onto one of A's would collide on the key first.
        await t.db.execute(
          sql`delete from customer_apps where company_id = ${parents.b.company} and customer_id <> ${parents.b.customers}`,
        );
      }
      const move = t.db.execute(
        sql`update ${sql.identifier(table)} set ${sql.identifier(column)} = ${parents.a[parent]} where company_id = ${parents.b.company}`,
      );
      // 23503 foreign_key_violation, from the composite key (the single-column one is satisfied).
      await expect(move).rejects.toMatchObject({ cause: { code: '23503' } });
    },
  );

  it('still lets a company point at its own records', async () => {
    const res = await t.db.execute(
      sql`update conversations set queue_id = ${parents.b.queues} where company_id = ${parents.b.company}`,
    );
    expect(res).toBeDefined();
  });
});
