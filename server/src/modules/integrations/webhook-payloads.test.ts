import { WEBHOOK_EVENT_TYPES, type WebhookEventType, webhookPayloadOf } from '@inbox/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { before, call, type Session, useTestApp } from '../../../test/app.ts';
import { deliverWebhooks, dueNow, runConsumers } from '../../../test/automation.ts';
import { addQueueMember, createQueue } from '../../../test/factories.ts';
import { PNG } from '../../../test/files.ts';
import { addIntegration } from '../../../test/integrations.ts';
import { portal, startChat, uploadFile } from '../../../test/portal.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { receiver, verify } from '../../../test/webhook-receiver.ts';
import { setDelivery } from '../channels/delivery-status.ts';
import { recordEvent } from '../events/record.ts';
import { SLA_BREACH_JOB } from '../sla/refresh.ts';

/**
 * What a receiver of an outgoing webhook gets for each kind of event (contract section 10): a real HTTP
 * target subscribed to every kind, checking each call with the Standard Webhooks reference library, and
 * reading from the body alone which company, app, conversation and customer it is about.
 */
const t = useTestApp({ allowPrivateWebhookTargets: true });
const target = before(() => receiver());
afterAll(() => target.close());

type Payload = ReturnType<typeof verify> & Record<string, unknown>;

describe('outgoing webhook payloads', () => {
  it('name the conversation, its customer and the message with its files, for every kind of event', async () => {
    const a = await tenantWithSessions(t);
    const secondQueue = await createQueue(t.db, a.app, { name: 'Returns' });
    await addQueueMember(t.db, secondQueue, a.agent.id);
    const hook = await addIntegration(t, a.as.admin, {
      app_id: a.app.id,
      type: 'webhook',
      name: 'CRM',
      settings: { url: `${target.url}/crm`, events: [...WEBHOOK_EVENT_TYPES] },
    });
    const api = (as: Session, method: 'POST' | 'PUT' | 'DELETE', url: string, body: object, query = {}) =>
      call(t.app, method, url, { as, body, query });
    // Each step's deliveries are prepared before the next step changes anything they read.
    const step = async (made: Promise<unknown>) => {
      const answer = await made;
      await deliverWebhooks(t);
      return answer as { body: { data: Record<string, number> } };
    };

    const chat = await startChat(t.app, a.app.id, {
      queueId: a.queue.id,
      name: 'Maria Lopez',
      email: 'maria@example.test',
      message: 'Where is my order?',
    });
    const c = chat.conversationId;
    const file = await uploadFile(t.app, chat.token, 'receipt.png', PNG);
    const withFile = await step(
      portal(t.app, 'POST', '/portal/messages', {
        token: chat.token,
        body: { content: 'Here is the receipt', attachments: [file.body.data.attachment_id] },
      }),
    );
    await step(api(a.as.agent, 'POST', '/conversation/typing', { conversation_id: c }));
    await step(api(a.as.agent, 'POST', '/conversation/read', { conversation_id: c }));
    const note = await step(
      api(a.as.agent, 'POST', '/messages', { conversation_id: c, content: 'VIP', is_private: true }),
    );
    const reply = await step(
      api(a.as.agent, 'POST', '/messages', { conversation_id: c, content: 'It ships today' }),
    );
    await step(setDelivery(t.db, reply.body.data.message_id!, { status: 'sent' }));
    await step(
      api(a.as.agent, 'POST', '/conversation/transfer', {
        conversation_id: c,
        queue_id: secondQueue.id,
        transfer_reason: 'A return',
      }),
    );
    await step(api(a.as.agent, 'POST', '/conversation/unassign', { conversation_id: c }));
    await step(api(a.as.admin, 'POST', '/conversation/assign', { conversation_id: c, user_id: a.agent.id }));
    // The customer proves the typed address by opening the secure link mailed to it.
    await step(api(a.as.agent, 'POST', '/conversation/secure-link', { conversation_id: c }));
    const mail = await t.smtp.waitFor('maria@example.test');
    const linkToken = decodeURIComponent(/token=([\w%-]+)/.exec(mail.text!)![1]!);
    await step(portal(t.app, 'GET', '/portal/conversation', { token: linkToken, inQuery: true }));
    // Section 14: the app asks for ratings, so the resolution asks and the customer answers.
    await api(a.as.admin, 'PUT', '/apps', { csat: { enabled: true } }, { id: a.app.id });
    await step(api(a.as.agent, 'POST', '/conversation/resolve', { conversation_id: c }));
    await step(
      portal(t.app, 'POST', '/portal/rating', { token: chat.token, body: { score: 4, comment: 'Fast' } }),
    );
    // Contract section 13: a priority, then set aside until the customer writes.
    await step(api(a.as.agent, 'POST', '/conversation/priority', { conversation_id: c, priority: 'high' }));
    await step(api(a.as.agent, 'POST', '/conversation/snooze', { conversation_id: c, until_ts: null }));
    const customerId = Number(
      (await call(t.app, 'GET', '/conversation/poll', { as: a.as.agent, query: { conversation_id: c } })).body
        .data.conversation.customer.customer_id,
    );
    // Section 14: a missed due time (the service levels record it; written here as they write it).
    await step(
      recordEvent(t.db, {
        type: 'conversation.sla_breached',
        companyId: a.company.id,
        appId: a.app.id,
        conversationId: c,
        customerId,
        actor: { type: 'system' },
        data: { kind: 'first_response' },
      }),
    );
    await step(api(a.as.admin, 'PUT', '/customers', { phone: '+44 7700 900123' }, { id: customerId }));
    const duplicate = await step(
      api(a.as.admin, 'POST', '/customers', {
        name: 'M. Lopez',
        email: 'ml@example.test',
        app_ids: [a.app.id],
      }),
    );
    await step(
      api(a.as.admin, 'POST', '/customer/merge', {
        primary_customer_id: customerId,
        duplicate_customer_id: duplicate.body.data.customer_id,
      }),
    );
    const dropped = await startChat(t.app, a.app.id, { queueId: a.queue.id, name: 'Dora Drop' });
    await step(api(a.as.admin, 'DELETE', '/conversations', {}, { id: dropped.conversationId }));
    const erased = await startChat(t.app, a.app.id, { queueId: a.queue.id, name: 'Eve Erased' });
    const erasedId = Number(
      (
        await call(t.app, 'GET', '/conversation/poll', {
          as: a.as.admin,
          query: { conversation_id: erased.conversationId },
        })
      ).body.data.conversation.customer.customer_id,
    );
    await step(api(a.as.admin, 'DELETE', '/customers', {}, { id: erasedId }));
    // Labels: put on, renamed while in use, then deleted.
    const vip = await step(api(a.as.admin, 'POST', '/labels', { name: 'VIP', color: '#f59e0b' }));
    const vipId = vip.body.data.label_id!;
    await step(api(a.as.admin, 'POST', '/conversation/labels', { conversation_id: c, add: [vipId] }));
    await step(api(a.as.admin, 'POST', '/customer/labels', { customer_id: customerId, add: [vipId] }));
    await step(api(a.as.admin, 'PUT', '/labels', { name: 'Gold' }, { id: vipId }));
    await step(api(a.as.admin, 'POST', '/conversation/typing', { conversation_id: c }));
    await step(api(a.as.admin, 'DELETE', '/labels', {}, { id: vipId }));
    // Section 14: a first response missed under a service level, recorded by its job at the due time.
    await step(api(a.as.admin, 'POST', '/sla-policies', { name: 'Fast', first_response_minutes: 1 }));
    await startChat(t.app, a.app.id, { queueId: a.queue.id, name: 'Lou Late' });
    await runConsumers(t);
    await dueNow(t, SLA_BREACH_JOB);
    await step(t.app.jobs.drain(SLA_BREACH_JOB));

    // Every call verifies against the signing secret, and reads as its kind's documented shape, no more.
    const calls = target.got.filter((r) => r.url === '/crm');
    const got = calls.map((r) => verify(hook.signing_secret!, r) as Payload);
    expect(() => verify(hook.signing_secret!, calls[0]!, `${calls[0]!.body} `)).toThrow();
    expect(new Set(got.map((p) => p.type))).toEqual(new Set(WEBHOOK_EVENT_TYPES));
    for (const p of got) {
      const shape = webhookPayloadOf(p.type as WebhookEventType);
      expect(shape.strict().safeParse(p).error, p.type).toBeUndefined();
      expect(shape.shape.data.strict().safeParse(p.data).error, p.type).toBeUndefined();
      expect(p).toMatchObject({ company_id: a.company.id, event_id: expect.any(Number) });
    }
    const of = (type: string, conversationId = c) =>
      got.filter((p) => p.type === type && (p.conversation_id ?? conversationId) === conversationId);

    const customer = {
      customer_id: customerId,
      name: 'Maria Lopez',
      email: 'maria@example.test',
      phone: null,
    };
    const conversation = {
      conversation_id: c,
      number: expect.any(Number),
      app_id: a.app.id,
      channel: 'portal',
      priority: null,
      labels: [],
    };
    const agent = { user_id: a.agent.id, name: a.agent.name };
    const about = { app_id: a.app.id, conversation_id: c, customer_id: customerId };

    expect(of('conversation.created')[0]).toMatchObject({
      ...about,
      actor: { type: 'customer', id: customerId },
      data: {
        channel: 'portal',
        conversation: {
          ...conversation,
          queue_id: a.queue.id,
          status: 'open',
          assigned_user: null,
          verified: false,
        },
        customer,
      },
    });
    expect(of('conversation.priority_changed')).toMatchObject([
      {
        ...about,
        actor: { type: 'user', id: a.agent.id },
        data: {
          from: null,
          to: 'high',
          conversation: { ...conversation, priority: 'high', status: 'resolved' },
        },
      },
    ]);
    expect(of('conversation.snoozed')).toMatchObject([
      {
        ...about,
        data: {
          until_ts: null,
          from: 'resolved',
          conversation: { ...conversation, priority: 'high', status: 'snoozed' },
        },
      },
    ]);
    expect(of('conversation.verified')).toHaveLength(1);
    expect(of('conversation.verified')[0]).toMatchObject({
      ...about,
      actor: { type: 'customer', id: customerId },
      data: { by: 'secure_link', conversation: { ...conversation, verified: true }, customer },
    });
    type Said = { sender_type: string; is_private: boolean };
    const said = (p: Payload) => p.data.message as Said;
    // Console-only system lines ("Resolved by …") go out as before, marked private like notes.
    const [lines, messages] = [true, false].map((system) =>
      of('message.created').filter((p) => (said(p).sender_type === 'system') === system),
    ) as [Payload[], Payload[]];
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((p) => said(p).is_private)).toBe(true);
    expect(messages.map((p) => p.data.message)).toMatchObject([
      { content: 'Where is my order?', sender_type: 'customer', sender_name: 'Maria Lopez', attachments: [] },
      {
        message_id: withFile.body.data.message_id,
        conversation_id: c,
        content: 'Here is the receipt',
        sender_name: 'Maria Lopez',
        is_private: false,
        attachments: [
          {
            attachment_id: file.body.data.attachment_id,
            original_filename: 'receipt.png',
            file_size: PNG.length,
            mime_type: 'image/png',
          },
        ],
      },
      // Notes go to the company's own webhooks as before, marked; an `api` integration's replies never carry them.
      { message_id: note.body.data.message_id, content: 'VIP', is_private: true, sender_user_id: a.agent.id },
      { message_id: reply.body.data.message_id, content: 'It ships today', sender_name: a.agent.name },
    ]);
    expect(messages[3]).toMatchObject({
      ...about,
      actor: { type: 'user', id: a.agent.id },
      data: { customer },
    });
    expect(of('message.updated')[0]).toMatchObject({
      ...about,
      data: {
        message: {
          message_id: reply.body.data.message_id,
          content: 'It ships today',
          delivery: { status: 'sent' },
        },
        conversation,
        customer,
      },
    });
    expect(of('typing')[0]).toMatchObject({ ...about, data: { seconds: expect.any(Number), customer } });
    expect(of('conversation.read')[0]).toMatchObject({
      ...about,
      data: {
        user_id: a.agent.id,
        last_read_message_id: withFile.body.data.message_id,
        conversation,
        customer,
      },
    });
    expect(of('conversation.transferred')[0]).toMatchObject({
      ...about,
      data: {
        from: a.queue.id,
        to: secondQueue.id,
        previous: { queue_id: a.queue.id },
        conversation: { ...conversation, queue_id: secondQueue.id },
        customer,
      },
    });
    expect(of('conversation.unassigned')[0]).toMatchObject({
      data: { from: a.agent.id, to: null, conversation: { assigned_user: null }, customer },
    });
    // The first assignment came with the reply; the second from the admin, each as it was then.
    expect(of('conversation.assigned').map((p) => [p.actor, p.data.conversation])).toMatchObject([
      [{ id: a.agent.id }, { ...conversation, queue_id: a.queue.id, assigned_user: agent }],
      [{ id: a.admin.id }, { ...conversation, queue_id: secondQueue.id, assigned_user: agent }],
    ]);
    expect(of('conversation.resolved')[0]).toMatchObject({
      data: { from: 'pending', conversation: { ...conversation, status: 'resolved', assigned_user: agent } },
    });
    expect(of('conversation.rated')).toMatchObject([
      {
        ...about,
        actor: { type: 'customer', id: customerId },
        data: {
          rating: { score: 4, comment: 'Fast', created_ts: expect.any(String) },
          resolved_by_user_id: a.agent.id,
          conversation: { ...conversation, status: 'resolved', assigned_user: agent },
          customer,
        },
      },
    ]);
    expect(of('conversation.status_changed').slice(-2)).toMatchObject([
      { data: { from: 'pending', to: 'resolved' } },
      { data: { from: 'resolved', to: 'snoozed' } },
    ]);

    const customerEvent = {
      app_id: null,
      customer_id: customerId,
      data: { app_ids: [a.app.id], conversation: null },
    };
    expect(of('customer.updated')[0]).toMatchObject({
      ...customerEvent,
      data: { fields: ['phone'], customer: { ...customer, phone: '+447700900123' } },
    });
    expect(of('customer.merged')[0]).toMatchObject({
      ...customerEvent,
      data: {
        primary_customer_id: customerId,
        duplicate_customer_id: duplicate.body.data.customer_id,
        customer: { ...customer, phone: '+447700900123' },
      },
    });

    // Gone by the time it is delivered: the conversation as its deletion left it; an erased customer not at all.
    expect(of('conversation.deleted', dropped.conversationId)[0]).toMatchObject({
      conversation_id: dropped.conversationId,
      data: {
        conversation: { conversation_id: dropped.conversationId, channel: 'portal', status: 'open' },
        customer: { name: 'Dora Drop' },
      },
    });
    expect(of('conversation.deleted', erased.conversationId)[0]).toMatchObject({
      customer_id: erasedId,
      data: { conversation: { conversation_id: erased.conversationId, channel: 'portal' }, customer: null },
    });
    // A label change names the labels as of its event; any other event, as they are when it is prepared.
    const vipRef = { label_id: vipId, name: 'VIP', color: '#f59e0b' };
    expect(of('conversation.labels_changed')[0]).toMatchObject({
      ...about,
      actor: { type: 'user', id: a.admin.id },
      data: {
        added: [vipId],
        removed: [],
        labels: [vipRef],
        conversation: { ...conversation, priority: 'high', labels: [vipRef] },
      },
    });
    expect(of('typing').at(-1)).toMatchObject({
      data: { conversation: { ...conversation, priority: 'high', labels: [{ ...vipRef, name: 'Gold' }] } },
    });
    expect(got.find((p) => p.type === 'customer.labels_changed')).toMatchObject({
      app_id: null,
      customer_id: customerId,
      data: { added: [vipId], labels: [vipRef], app_ids: [a.app.id], conversation: null },
    });
    for (const [type, name] of [
      ['label.created', 'VIP'],
      ['label.updated', 'Gold'],
      ['label.deleted', 'Gold'],
    ] as const) {
      expect(got.find((p) => p.type === type)).toMatchObject({
        app_id: null,
        data: { label: { ...vipRef, name }, conversation: null, customer: null },
      });
    }
    expect(got.find((p) => p.type === 'customer.deleted')).toMatchObject({
      customer_id: erasedId,
      data: { app_ids: [a.app.id], conversation: null, customer: null },
    });
  }, 120_000);
});
