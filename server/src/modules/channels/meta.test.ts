import { replyWindowText, TEMPLATE_MESSAGES } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../test/answers.ts';
import { call } from '../../../test/app.ts';
import { deliverWebhooks } from '../../../test/automation.ts';
import { consoleThread, conversationOfExternal } from '../../../test/channels.ts';
import {
  messenger,
  PAGE_ID,
  PHONE_NUMBER_ID,
  PSID,
  fromMeta as sendFromMeta,
  useMetaChannels,
  WA_ID,
  waText,
  whatsApp,
} from '../../../test/meta.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';

/**
 * WhatsApp Cloud API and Messenger (contract section 10) against a local stand-in of Meta's Graph API:
 * subscription checks, signed notifications in (messages, media, receipts), replies out, the 24-hour window.
 * Notifications are signed as Meta documents it (test/meta.ts).
 */
const { graph, t, w } = await useMetaChannels();

const fromMeta = (type: 'whatsapp' | 'facebook', id: number, payload: unknown, signature?: string | null) =>
  sendFromMeta(t, type, id, payload, signature);

const conversationOf = (externalId: string) => conversationOfExternal(t, externalId);

const thread = (conversationId: number) => consoleThread(t, w.a.as.admin, conversationId);

const reply = async (conversationId: number, content: string) =>
  call(t.app, 'POST', '/messages', { as: w.a.as.admin, body: { conversation_id: conversationId, content } });

const providerId = async (messageId: number) =>
  (
    await t.db.execute<{ id: string }>(
      sql`select provider_message_id as id from messages where id = ${messageId}`,
    )
  ).rows[0]!.id;

describe('Meta subscription check', () => {
  it('echoes hub.challenge for the integration’s verify token and refuses any other', async () => {
    const verify = (id: number, token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/channels/whatsapp/${id}?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
      });
    const ok = await verify(w.wa, 'verify-me-123');
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    expect((await verify(w.wa, 'wrong-token')).statusCode).toBe(403);
    expect((await verify(999_999, 'verify-me-123')).statusCode).toBe(403);
  });
});

describe('WhatsApp', () => {
  it('turns a message into the customer’s conversation once, and refuses a bad signature', async () => {
    expect((await fromMeta('whatsapp', w.wa, waText('wamid.in1', 'Hello'), 'sha256=00')).statusCode).toBe(
      401,
    );
    expect((await fromMeta('whatsapp', w.wa, waText('wamid.in1', 'Hello'), null)).statusCode).toBe(401);
    expect(await conversationOf('wamid.in1')).toBeNaN();
    expect((await fromMeta('whatsapp', w.wa, waText('wamid.in1', 'Hello'))).statusCode).toBe(200);
    expect((await fromMeta('whatsapp', w.wa, waText('wamid.in1', 'Hello'))).statusCode).toBe(200);
    // Another number of the same Meta app is another integration's business.
    expect((await fromMeta('whatsapp', w.wa, whatsApp({ messages: [] }, '999'))).statusCode).toBe(200);
    const id = await conversationOf('wamid.in1');
    const [c] = (
      await t.db.execute<{ channel: string; name: string; phone: string }>(sql`
        select c.channel, cu.name, cu.phone from conversations c join customers cu on cu.id = c.customer_id
        where c.id = ${id}`)
    ).rows;
    expect(c).toEqual({ channel: 'whatsapp', name: 'Kerry Fisher', phone: `+${WA_ID}` });
    expect((await thread(id)).map((m) => m.content)).toEqual(['Hello']);
  });

  it('keeps a message from a WhatsApp id that reads as no phone number, its customer without a phone', async () => {
    const odd = whatsApp({
      contacts: [{ profile: { name: 'Odd Sender' }, wa_id: '1555' }],
      messages: [
        { from: '1555', id: 'wamid.odd1', timestamp: '1764150000', type: 'text', text: { body: 'Hi' } },
      ],
    });
    expect((await fromMeta('whatsapp', w.wa, odd)).statusCode).toBe(200);
    const id = await conversationOf('wamid.odd1');
    const [c] = (
      await t.db.execute<{ name: string; phone: string | null }>(sql`
        select cu.name, cu.phone from conversations c join customers cu on cu.id = c.customer_id
        where c.id = ${id}`)
    ).rows;
    expect(c).toEqual({ name: 'Odd Sender', phone: null });
    expect((await thread(id)).map((m) => m.content)).toEqual(['Hi']);
  });

  it('fetches pictures by media id, names voice notes, and sends replies that receipts move forward', async () => {
    const picture = whatsApp({
      messages: [
        {
          from: WA_ID,
          id: 'wamid.in2',
          type: 'image',
          image: { id: 'media-1', mime_type: 'image/png', caption: 'The box' },
        },
        {
          from: WA_ID,
          id: 'wamid.in3',
          type: 'audio',
          audio: { id: 'media-2', mime_type: 'audio/ogg; codecs=opus' },
        },
      ],
    });
    expect((await fromMeta('whatsapp', w.wa, picture)).statusCode).toBe(200);
    const id = await conversationOf('wamid.in2');
    const messages = await thread(id);
    expect(messages.at(-2)).toMatchObject({
      content: 'The box',
      attachments: [
        expect.objectContaining({ original_filename: 'whatsapp-image.png', mime_type: 'image/png' }),
      ],
    });
    expect(messages.at(-1)!.content).toBe('[Not kept: a audio of type audio/ogg; codecs=opus]');

    const sent = await reply(id, 'Thanks, we will replace it.');
    expect(sent.status).toBe(201);
    await deliverWebhooks(t);
    expect(graph.sent.at(-1)).toEqual({
      path: `/v19.0/${PHONE_NUMBER_ID}/messages`,
      auth: 'Bearer wa-access-token',
      body: {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: WA_ID,
        type: 'text',
        text: { body: 'Thanks, we will replace it.' },
      },
    });
    const wamid = await providerId(sent.body.data.message_id);
    const status = (s: string, extra: Record<string, unknown> = {}) =>
      fromMeta(
        'whatsapp',
        w.wa,
        whatsApp({ statuses: [{ id: wamid, status: s, recipient_id: WA_ID, ...extra }] }),
      );
    await status('delivered');
    await status('read');
    await status('failed', { errors: [{ code: 131047, title: 'Re-engagement message' }] });
    const deliveryOf = async (messageId: number) =>
      (await thread(id)).find((m) => m.message_id === messageId)?.delivery;
    expect(await deliveryOf(sent.body.data.message_id)).toEqual({ status: 'read', error: null });

    graph.failNext.push({ status: 400, code: 131026, message: 'Message undeliverable' });
    const refused = await reply(id, 'Are you there?');
    await deliverWebhooks(t);
    expect(await deliveryOf(refused.body.data.message_id)).toEqual({
      status: 'failed',
      error: 'Meta error 131026: Message undeliverable',
    });
  });

  it('takes no free-form reply 24 hours after the customer’s last message, a note still', async () => {
    await fromMeta('whatsapp', w.wa, waText('wamid.in9', 'Old question'));
    const id = await conversationOf('wamid.in9');
    await t.db.execute(sql`
      update messages set created_at = now() - interval '25 hours'
      where conversation_id = ${id} and sender_type = 'customer'`);
    const late = await reply(id, 'Sorry for the wait');
    expect(fieldErrorsOf(late).content).toEqual([replyWindowText('whatsapp')]);
    const note = await call(t.app, 'POST', '/messages', {
      as: w.a.as.admin,
      body: { conversation_id: id, content: 'Window closed, wait for them', is_private: true },
    });
    expect(note.status).toBe(201);

    // Outside the window: the approved templates WhatsApp still takes, filled in and sent as a template.
    const listed = await call(t.app, 'GET', '/whatsapp/templates', {
      as: w.a.as.admin,
      query: { conversation_id: id },
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((x: { name: string }) => x.name)).toEqual(['hello_world', 'order_update']);
    expect(listed.body.data[1]).toMatchObject({ header: 'Order update', parameters: 2 });
    const template = (name: string, parameters: string[]) =>
      call(t.app, 'POST', '/messages', {
        as: w.a.as.admin,
        body: { conversation_id: id, template: { name, language: 'en_US', parameters } },
      });
    const short = await template('order_update', ['Pablo']);
    expect(short.status).toBe(422);
    expect(short.body.errors['template.parameters']).toEqual(['This template takes 2 values']);
    for (const name of ['seasonal_promo', 'shipping_label', 'no_such_template']) {
      const refused = await template(name, ['x']);
      expect(refused.status, name).toBe(422);
      expect(refused.body.errors.template).toEqual([TEMPLATE_MESSAGES.notApproved]);
    }
    const sent = await template('order_update', ['Kerry', 'A-1042']);
    expect(sent.status).toBe(201);
    expect(sent.body.data.content).toBe(
      'Order update\n\nHello Kerry, your order A-1042 has shipped.\n\nReply STOP to opt out',
    );
    await deliverWebhooks(t);
    expect(graph.sent.at(-1)!.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: WA_ID,
      type: 'template',
      template: {
        name: 'order_update',
        language: { code: 'en_US' },
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Kerry' },
              { type: 'text', text: 'A-1042' },
            ],
          },
        ],
      },
    });
    expect((await thread(id)).at(-1)!.delivery).toEqual({ status: 'sent', error: null });
  });

  it('lists templates only for WhatsApp conversations, and only to those who see them', async () => {
    await fromMeta(
      'facebook',
      w.fb,
      messenger([{ sender: { id: '5550001112223' }, message: { mid: 'm_t1', text: 'Hi' } }]),
    );
    const fb = await conversationOf('m_t1');
    const onMessenger = await call(t.app, 'GET', '/whatsapp/templates', {
      as: w.a.as.admin,
      query: { conversation_id: fb },
    });
    expect(fieldErrorsOf(onMessenger).conversation_id).toEqual([TEMPLATE_MESSAGES.onlyWhatsApp]);
    const send = await call(t.app, 'POST', '/messages', {
      as: w.a.as.admin,
      body: { conversation_id: fb, template: { name: 'hello_world', language: 'en_US' } },
    });
    expect(send.status).toBe(422);
    await fromMeta('whatsapp', w.wa, waText('wamid.t2', 'Hello'));
    const wa = await conversationOf('wamid.t2');
    const other = await tenantWithSessions(t);
    const foreign = await call(t.app, 'GET', '/whatsapp/templates', {
      as: other.as.admin,
      query: { conversation_id: wa },
    });
    expect(foreign.status).toBe(404);
    const asNote = await call(t.app, 'POST', '/messages', {
      as: w.a.as.admin,
      body: { conversation_id: wa, is_private: true, template: { name: 'hello_world', language: 'en_US' } },
    });
    expect(fieldErrorsOf(asNote).template).toEqual([TEMPLATE_MESSAGES.notForNotes]);
  });
});

describe('Messenger', () => {
  it('brings messages and pictures in, skips echoes, sends replies and follows delivery and read', async () => {
    const incoming = messenger([
      {
        sender: { id: PSID },
        recipient: { id: PAGE_ID },
        timestamp: Date.now(),
        message: {
          mid: 'm_in_1',
          text: 'Is the shop open on Sunday?',
          attachments: [{ type: 'image', payload: { url: `${graph.base}/files/storefront.png?token=x` } }],
        },
      },
      {
        sender: { id: PAGE_ID },
        recipient: { id: PSID },
        message: { mid: 'm_echo', text: 'Echo', is_echo: true },
      },
    ]);
    expect((await fromMeta('facebook', w.fb, incoming)).statusCode).toBe(200);
    expect(await conversationOf('m_echo')).toBeNaN();
    const id = await conversationOf('m_in_1');
    // Named from their public Messenger profile.
    const [customer] = (
      await t.db.execute<{ name: string }>(
        sql`select cu.name from conversations c join customers cu on cu.id = c.customer_id where c.id = ${id}`,
      )
    ).rows;
    expect(customer!.name).toBe('Ola Nordmann');
    expect((await thread(id))[0]).toMatchObject({
      content: 'Is the shop open on Sunday?',
      attachments: [expect.objectContaining({ original_filename: 'storefront.png' })],
    });
    const sent = await reply(id, 'Yes, 10 to 4.');
    await deliverWebhooks(t);
    expect(graph.sent.at(-1)).toEqual({
      path: '/v19.0/me/messages',
      auth: 'Bearer page-token',
      body: { recipient: { id: PSID }, messaging_type: 'RESPONSE', message: { text: 'Yes, 10 to 4.' } },
    });
    const mid = await providerId(sent.body.data.message_id);
    const deliveryOf = async () =>
      (await thread(id)).find((m) => m.message_id === sent.body.data.message_id)?.delivery;
    await fromMeta('facebook', w.fb, messenger([{ sender: { id: PSID }, delivery: { mids: [mid] } }]));
    expect(await deliveryOf()).toEqual({ status: 'delivered', error: null });
    await fromMeta(
      'facebook',
      w.fb,
      messenger([{ sender: { id: PSID }, read: { watermark: Date.now() + 1000 } }]),
    );
    expect(await deliveryOf()).toEqual({ status: 'read', error: null });
  });
});
