import { ApiReplyPayload, PHONE_INVALID } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../test/answers.ts';
import { addApiIntegration, makeKey, withKey } from '../../../test/api-keys.ts';
import { before, call, useTestApp } from '../../../test/app.ts';
import { deliverWebhooks } from '../../../test/automation.ts';
import { PNG } from '../../../test/files.ts';
import { addIntegration } from '../../../test/integrations.ts';
import { NOT_PHONES, PHONES } from '../../../test/phones.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { receiver, verify } from '../../../test/webhook-receiver.ts';

/**
 * An outside system talking through an `api` integration (contract section 9): customer messages in with
 * `POST /integration/messages`, idempotent by `external_message_id`; agent replies out to its `webhook_url`,
 * signed as Standard Webhooks and checked here with the reference library.
 */
const t = useTestApp({ allowPrivateWebhookTargets: true });
const target = before(() => receiver());
afterAll(() => target.close());

const w = before(async () => {
  const a = await tenantWithSessions(t);
  const integration = await addApiIntegration(t, a.as.admin, a.app.id, {
    webhook_url: `${target.url}/replies`,
    queue_id: a.queue.id,
  });
  const { key } = await makeKey(t, a.as.admin, [
    { integrationId: integration.integration_id, permission: 'messages:send' },
  ]);
  return { a, key, integrationId: integration.integration_id, secret: integration.signing_secret! };
});

let n = 0;
const push = (body: Record<string, unknown>) =>
  withKey(t, w.key, 'POST', '/integration/messages', {
    body: {
      integration_id: w.integrationId,
      content: 'Where is my parcel?',
      external_message_id: `m${++n}`,
      ...body,
    },
  });

describe('messages in', () => {
  it('finds or makes the customer by its outside id and starts a conversation in the integration’s queue', async () => {
    const first = await push({
      customer: { external_id: 'cust-1', name: 'Nora North', email: 'nora@example.test' },
    });
    expect(first.status).toBe(201);
    expect(first.body.data.duplicate).toBe(false);
    const second = await push({ customer: { external_id: 'cust-1' }, content: 'Any news?' });
    expect(second.body.data).toMatchObject({
      conversation_id: first.body.data.conversation_id,
      customer_id: first.body.data.customer_id,
    });
    const seen = await call(t.app, 'GET', '/conversation/poll', {
      as: w.a.as.agent,
      query: { conversation_id: first.body.data.conversation_id },
    });
    expect(seen.body.data.conversation).toMatchObject({
      channel: 'api',
      queue_id: w.a.queue.id,
      status: 'open',
    });
    expect(seen.body.data.conversation.customer).toMatchObject({
      name: 'Nora North',
      email: 'nora@example.test',
    });
    expect(seen.body.data.messages.map((m: { content: string }) => m.content)).toEqual([
      'Where is my parcel?',
      'Any news?',
    ]);
  });

  it('stores the customer’s phone as E.164, and refuses one that is no phone number, storing nothing', async () => {
    const customerOf = async (externalId: string) =>
      (
        await t.db.execute<{ phone: string | null }>(sql`select cu.phone from customers cu
          join customer_identities ci on ci.customer_id = cu.id
          where ci.kind = 'external' and ci.value = ${`${w.integrationId}:${externalId}`}`)
      ).rows[0];
    for (const [i, [what, phone]] of NOT_PHONES.entries()) {
      const refused = await push({ customer: { external_id: `bad-phone-${i}`, name: 'Bo', phone } });
      expect(fieldErrorsOf(refused), what).toEqual({ 'customer.phone': [PHONE_INVALID] });
      expect(await customerOf(`bad-phone-${i}`), what).toBeUndefined();
    }
    for (const [i, [typed, e164]] of PHONES.entries()) {
      const res = await push({ customer: { external_id: `phone-${i}`, name: 'Bo', phone: typed } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(await customerOf(`phone-${i}`)).toEqual({ phone: e164 });
    }
  });

  it('stores a repeated external_message_id once, even when both deliveries race', async () => {
    const body = {
      customer: { external_id: 'cust-2', name: 'Ravi' },
      external_message_id: 'same-id',
      content: 'Once',
    };
    const [x, y] = await Promise.all([
      withKey(t, w.key, 'POST', '/integration/messages', {
        body: { integration_id: w.integrationId, ...body },
      }),
      withKey(t, w.key, 'POST', '/integration/messages', {
        body: { integration_id: w.integrationId, ...body },
      }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 201]);
    expect(x.body.data.message_id).toBe(y.body.data.message_id);
    const again = await withKey(t, w.key, 'POST', '/integration/messages', {
      body: { integration_id: w.integrationId, ...body, content: 'Changed' },
    });
    expect(again.body.data).toMatchObject({ duplicate: true, message_id: x.body.data.message_id });
    const stored = await t.db.execute(
      sql`select 1 from messages where conversation_id = ${x.body.data.conversation_id}`,
    );
    expect(stored.rows).toHaveLength(1);
  });

  it('takes files inline, and refuses a type it does not accept without storing the message', async () => {
    const withFile = await push({
      customer: { external_id: 'cust-3' },
      content: '',
      attachments: [{ filename: 'label.png', content_base64: PNG.toString('base64') }],
    });
    expect(withFile.status).toBe(201);
    const thread = await call(t.app, 'GET', '/conversation/poll', {
      as: w.a.as.admin,
      query: { conversation_id: withFile.body.data.conversation_id },
    });
    expect(thread.body.data.messages[0].attachments[0]).toMatchObject({
      original_filename: 'label.png',
      mime_type: 'image/png',
    });
    const bad = await push({
      customer: { external_id: 'cust-3' },
      external_message_id: 'exe',
      attachments: [
        { filename: 'run.exe', content_base64: Buffer.from('MZ\x90\x00binary').toString('base64') },
      ],
    });
    expect(bad.status).toBe(415);
    const none = await t.db.execute(sql`select 1 from channel_messages where external_id = 'exe'`);
    expect(none.rows).toHaveLength(0);
  });

  it('answers 422 for an integration that is not an api one and 404 for one the key has no grant on', async () => {
    const portal = await addIntegration(t, w.a.as.admin, {
      app_id: w.a.app.id,
      type: 'portal',
      name: 'Portal',
    });
    const { key } = await makeKey(t, w.a.as.admin, [
      { integrationId: portal.integration_id, permission: 'messages:send' },
    ]);
    const body = { customer: { external_id: 'z' }, content: 'Hi', external_message_id: 'z1' };
    const wrongType = await withKey(t, key, 'POST', '/integration/messages', {
      body: { ...body, integration_id: portal.integration_id },
    });
    expect(fieldErrorsOf(wrongType).integration_id).toBeDefined();
    const notGranted = await withKey(t, key, 'POST', '/integration/messages', {
      body: { ...body, integration_id: w.integrationId },
    });
    expect(notGranted.status).toBe(404);
  });
});

describe('replies out', () => {
  it('sends agent replies, not notes, to the webhook_url, signed, shaped as a webhook delivery with the customer’s outside id', async () => {
    const started = await push({
      customer: { external_id: 'cust-9', name: 'Ola', email: 'ola@example.test' },
      content: 'Hello?',
    });
    const { conversation_id: conversationId, customer_id: customerId } = started.body.data;
    await call(t.app, 'POST', '/messages', {
      as: w.a.as.agent,
      body: { conversation_id: conversationId, content: 'Internal only', is_private: true },
    });
    const reply = await call(t.app, 'POST', '/messages', {
      as: w.a.as.agent,
      body: { conversation_id: conversationId, content: 'It ships tomorrow' },
    });
    // The app's own sender may deliver first: what counts is what reached the receiver for this chat.
    await deliverWebhooks(t);
    const mine = target.got.filter(
      (r) => r.url === '/replies' && verify(w.secret, r).conversation_id === conversationId,
    );
    const sent = mine.map((r) => verify(w.secret, r));
    expect(sent).toHaveLength(1);
    expect(ApiReplyPayload.strict().safeParse(sent[0]).success).toBe(true);
    expect(sent[0]).toMatchObject({
      type: 'message.created',
      company_id: w.a.company.id,
      app_id: w.a.app.id,
      conversation_id: conversationId,
      customer_id: customerId,
      actor: { type: 'user', id: w.a.agent.id },
      data: {
        conversation: {
          conversation_id: conversationId,
          app_id: w.a.app.id,
          channel: 'api',
          status: 'pending',
        },
        customer: { customer_id: customerId, external_id: 'cust-9', name: 'Ola', email: 'ola@example.test' },
        message: {
          message_id: reply.body.data.message_id,
          conversation_id: conversationId,
          content: 'It ships tomorrow',
          sender_type: 'agent',
          is_private: false,
          attachments: [],
        },
      },
    });
    expect(() => verify(w.secret, mine[0]!, `${mine[0]!.body} `)).toThrow();
  });
});
