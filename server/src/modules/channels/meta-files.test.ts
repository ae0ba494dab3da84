import { describe, expect, it } from 'vitest';
import { call } from '../../../test/app.ts';
import { deliverWebhooks } from '../../../test/automation.ts';
import { consoleThread, conversationOfExternal } from '../../../test/channels.ts';
import { PDF, PNG } from '../../../test/files.ts';
import { fromMeta, messenger, PHONE_NUMBER_ID, useMetaChannels, WA_ID, waText } from '../../../test/meta.ts';
import { consoleUpload } from '../../../test/uploads.ts';

/**
 * Files in agent replies on WhatsApp and Messenger: WhatsApp's are uploaded to the number's media and sent by
 * id, Messenger's go with the message as multipart data; a reply with text and files leaves as one provider
 * message per part, and a failure part-way fails the reply until it is retried.
 */
const { graph, t, w } = await useMetaChannels();

/** An agent's reply with files uploaded from the console. */
async function replyWithFiles(
  conversationId: number,
  content: string,
  files: { name: string; data: Buffer }[],
) {
  const ids: number[] = [];
  for (const file of files) {
    const up = await consoleUpload(t, w.a.as.admin, conversationId, file);
    expect(up.status, JSON.stringify(up.body)).toBe(201);
    ids.push(up.body.data.attachment_id);
  }
  const res = await call(t.app, 'POST', '/messages', {
    as: w.a.as.admin,
    body: { conversation_id: conversationId, content, attachments: ids },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.message_id as number;
}

const deliveryOf = async (conversationId: number, messageId: number) =>
  (await consoleThread(t, w.a.as.admin, conversationId)).find((m) => m.message_id === messageId)?.delivery;

describe('files in replies', () => {
  it('sends a WhatsApp reply’s text, then each file uploaded to the number’s media', async () => {
    await fromMeta(t, 'whatsapp', w.wa, waText('wamid.f1', 'Can you send the invoice?'));
    const id = await conversationOfExternal(t, 'wamid.f1');
    const before = graph.sent.length;
    const messageId = await replyWithFiles(id, 'Here it is, with a photo of the parcel.', [
      { name: 'parcel.png', data: PNG },
      { name: 'invoice.pdf', data: PDF },
    ]);
    await deliverWebhooks(t);
    expect(graph.uploads.slice(-2).map((u) => u.body)).toEqual([
      {
        messaging_product: 'whatsapp',
        type: 'image/png',
        file: { filename: 'parcel.png', type: 'image/png', size: PNG.length },
      },
      {
        messaging_product: 'whatsapp',
        type: 'application/pdf',
        file: { filename: 'invoice.pdf', type: 'application/pdf', size: PDF.length },
      },
    ]);
    const media = graph.uploads.length;
    const sent = graph.sent.slice(before);
    expect(sent.map((s) => s.path)).toEqual(Array(3).fill(`/v19.0/${PHONE_NUMBER_ID}/messages`));
    expect(sent.map((s) => s.body)).toEqual([
      expect.objectContaining({
        to: WA_ID,
        type: 'text',
        text: { body: 'Here it is, with a photo of the parcel.' },
      }),
      expect.objectContaining({ to: WA_ID, type: 'image', image: { id: `media-${media - 1}` } }),
      expect.objectContaining({
        to: WA_ID,
        type: 'document',
        document: { id: `media-${media}`, filename: 'invoice.pdf' },
      }),
    ]);
    expect(await deliveryOf(id, messageId)).toEqual({ status: 'sent', error: null });
  });

  it('sends a Messenger file with the message, as an image or a file', async () => {
    await fromMeta(
      t,
      'facebook',
      w.fb,
      messenger([{ sender: { id: '4440001' }, message: { mid: 'm_f1', text: 'Menu?' } }]),
    );
    const id = await conversationOfExternal(t, 'm_f1');
    const before = graph.sent.length;
    const messageId = await replyWithFiles(id, '', [
      { name: 'menu.png', data: PNG },
      { name: 'menu.pdf', data: PDF },
    ]);
    await deliverWebhooks(t);
    const sent = graph.sent.slice(before);
    expect(sent.map((s) => s.body)).toEqual([
      {
        recipient: '{"id":"4440001"}',
        messaging_type: 'RESPONSE',
        message: '{"attachment":{"type":"image","payload":{"is_reusable":false}}}',
        filedata: { filename: 'menu.png', type: 'image/png', size: PNG.length },
      },
      {
        recipient: '{"id":"4440001"}',
        messaging_type: 'RESPONSE',
        message: '{"attachment":{"type":"file","payload":{"is_reusable":false}}}',
        filedata: { filename: 'menu.pdf', type: 'application/pdf', size: PDF.length },
      },
    ]);
    expect(sent.every((s) => s.path === '/v19.0/me/messages' && s.auth === 'Bearer page-token')).toBe(true);
    expect(await deliveryOf(id, messageId)).toEqual({ status: 'sent', error: null });
  });

  it('fails the reply when a part is refused, and a retry sends it whole', async () => {
    await fromMeta(t, 'whatsapp', w.wa, waText('wamid.f2', 'And the label?'));
    const id = await conversationOfExternal(t, 'wamid.f2');
    // The text goes; the file's upload is refused.
    graph.failUpload.push({ status: 400, code: 131053, message: 'Media upload error' });
    const before = graph.sent.length;
    const messageId = await replyWithFiles(id, 'The label:', [{ name: 'label.pdf', data: PDF }]);
    await deliverWebhooks(t);
    expect(await deliveryOf(id, messageId)).toEqual({
      status: 'failed',
      error: 'Meta error 131053: Media upload error',
    });
    const retried = await call(t.app, 'POST', '/messages/retry-delivery', {
      as: w.a.as.admin,
      body: { message_id: messageId },
    });
    expect(retried.status).toBe(200);
    await deliverWebhooks(t);
    expect(await deliveryOf(id, messageId)).toEqual({ status: 'sent', error: null });
    // The retry sends the reply whole: the text the customer already has comes again (never a part missing).
    expect(graph.sent.slice(before).map((s) => s.body.type)).toEqual(['text', 'text', 'document']);
  });
});
