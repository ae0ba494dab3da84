import { ApiReplyPayload, WEBHOOK_EVENT_TYPES, webhookPayloadOf } from '@inbox/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { before, useTestApp } from '../../../test/app.ts';
import { deliverWebhooks } from '../../../test/automation.ts';
import { addIntegration } from '../../../test/integrations.ts';
import { startChat } from '../../../test/portal.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { receiver, verify } from '../../../test/webhook-receiver.ts';

/**
 * The outgoing webhooks' shapes as documented (OpenAPI `webhooks`), and a batch of events split among
 * several webhooks of one app, each body about its own conversation (`webhook-payloads.test.ts` walks
 * every kind of event through one webhook).
 */
const t = useTestApp({ allowPrivateWebhookTargets: true });
const target = before(() => receiver());
afterAll(() => target.close());

type Payload = ReturnType<typeof verify> & Record<string, unknown>;

describe('outgoing webhook payloads, documented and split', () => {
  it('are documented in the OpenAPI document, one webhook per event kind and the api reply, each with an example of its shape', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const documented = [...WEBHOOK_EVENT_TYPES, 'api.reply'] as const;
    expect(Object.keys(doc.webhooks).sort()).toEqual([...documented].sort());
    for (const name of documented) {
      const post = doc.webhooks[name].post;
      const body = post.requestBody.content['application/json'];
      const shape = name === 'api.reply' ? ApiReplyPayload : webhookPayloadOf(name);
      expect(shape.strict().safeParse(body.example).error, name).toBeUndefined();
      expect(shape.shape.data.strict().safeParse(body.example.data).error, name).toBeUndefined();
      expect(Object.keys(body.schema.properties.data.properties), name).toEqual(
        expect.arrayContaining(['conversation', 'customer']),
      );
      expect(post.parameters.map((p: { name: string }) => p.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
    }
    const created = doc.webhooks['message.created'].post.requestBody.content['application/json'];
    expect(created.example.data.message.attachments).toHaveLength(1);
    expect(created.schema.properties.data.properties.message.properties).toHaveProperty('attachments');
    expect(
      doc.webhooks['api.reply'].post.requestBody.content['application/json'].example.data.customer,
    ).toHaveProperty('external_id');
  });

  it('gives each of several webhooks its own events of a batch, each naming its own conversation and customer', async () => {
    const a = await tenantWithSessions(t);
    const subscribe = (path: string, events: string[]) =>
      addIntegration(t, a.as.admin, {
        app_id: a.app.id,
        type: 'webhook',
        name: path,
        settings: { url: `${target.url}${path}`, events },
      });
    const all = await subscribe('/all', ['conversation.created', 'message.created']);
    const created = await subscribe('/created', ['conversation.created']);
    const chats = [];
    for (let i = 0; i < 6; i++) {
      chats.push(
        await startChat(t.app, a.app.id, {
          queueId: a.queue.id,
          name: `Batch ${i}`,
          email: `batch${i}@example.test`,
        }),
      );
    }
    // However the eighteen events fall into consumer runs (the app runs its own too), each body is its own.
    await deliverWebhooks(t);
    const bodies = (path: string, secret: string) =>
      target.got.filter((r) => r.url === path).map((r) => verify(secret, r) as Payload);
    const toAll = bodies('/all', all.signing_secret!);
    const toCreated = bodies('/created', created.signing_secret!);
    expect(toAll).toHaveLength(12);
    expect(toCreated.map((p) => p.type)).toEqual(Array(6).fill('conversation.created'));
    for (const [i, chat] of chats.entries()) {
      const mine = [...toAll, ...toCreated].filter((p) => p.conversation_id === chat.conversationId);
      expect(mine.map((p) => p.type).sort()).toEqual([
        'conversation.created',
        'conversation.created',
        'message.created',
      ]);
      for (const p of mine) {
        expect(p.data).toMatchObject({
          conversation: { conversation_id: chat.conversationId },
          customer: { customer_id: p.customer_id, name: `Batch ${i}`, email: `batch${i}@example.test` },
        });
      }
    }
  });
});
