import nodemailer from 'nodemailer';
import { describe, expect, it } from 'vitest';
import { before, useTestApp } from '../../../test/app.ts';
import { consoleThread, conversationOfExternal } from '../../../test/channels.ts';
import { addMailbox } from '../../../test/integrations.ts';
import * as mails from '../../../test/mails.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';

/**
 * The text of inbound mail as real clients write it (decision 043), sent byte for byte over SMTP to the
 * product's listener and read back as the console shows the thread: HTML-only mail turned into readable
 * text, quoted history left out of the thread but kept in `original-message.txt`, forwarded content kept,
 * inline pictures kept as files, and legacy charsets decoded.
 */
const t = useTestApp({ smtpListenPort: 0 });

const SUPPORT = 'support@shop.test';

const w = before(async () => {
  const a = await tenantWithSessions(t);
  await addMailbox(t, a.as.admin, { appId: a.app.id, queueId: a.queue.id, address: SUPPORT });
  return { a };
});

let mailNo = 0;

/**
 * Sends one raw mail from a sender of its own (so each lands in a new conversation) and answers the message
 * it became, as the console's thread shows it, with the text of its attached files.
 */
async function deliver(make: (h: Parameters<typeof mails.formMail>[0]) => string, subject: string) {
  mailNo += 1;
  const from = `customer${mailNo}@example.org`;
  const messageId = `<html-${mailNo}@mail.example.org>`;
  const raw = make({ from: `Customer ${mailNo} <${from}>`, to: SUPPORT, subject, messageId });
  await nodemailer
    .createTransport({ host: '127.0.0.1', port: t.app.emailListener!.port!, secure: false, ignoreTLS: true })
    .sendMail({ envelope: { from, to: [SUPPORT] }, raw });
  const conversationId = await conversationOfExternal(t, messageId);
  const message = (await consoleThread(t, w.a.as.admin, conversationId)).at(-1)!;
  const files: Record<string, string> = {};
  for (const a of message.attachments) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/attachments/download/${a.attachment_id}`,
      headers: {
        authorization: `Bearer ${w.a.as.admin.token}`,
        'x-company-id': String(w.a.as.admin.companyId),
      },
    });
    files[a.original_filename] = res.body;
  }
  return { content: message.content, files };
}

describe('inbound HTML mail', () => {
  it('turns an HTML-only mail beside an attachment into readable text, without style or script', async () => {
    const { content, files } = await deliver(mails.formMail, 'Damaged order');
    expect(content).toBe(
      [
        'Subject: Damaged order',
        '',
        'New request from the contact form',
        '',
        'Hello support team,',
        'my order 10442 arrived with two problems:',
        '',
        ' * the lamp shade is cracked',
        ' * the cable is missing',
        '',
        'Photos are in my shared album (https://share.example.net/album/77); the invoice is attached.',
        '',
        'Phone            +34 612 345 678',
        'Preferred time   after 10:30',
      ].join('\n'),
    );
    expect(Object.keys(files)).toEqual(['invoice.pdf']);
  });

  it('keeps an inline picture of an HTML-only mail as a file, not as a link in the text', async () => {
    const { content, files } = await deliver(mails.outlookInlineImage, 'Payment error');
    expect(content).toBe(
      'Subject: Payment error\n\nHi,\n\nThe app shows this error when I pay:\n\nKind regards,\nSean',
    );
    expect(Object.keys(files)).toEqual(['image001.png']);
  });

  it('takes the plain part of a multipart/alternative mail, and keeps its inline picture as a file', async () => {
    const { content, files } = await deliver(mails.appleAlternativeWithPicture, 'Re: Error on payment');
    expect(content).toBe(
      'Subject: Re: Error on payment\n\nHere is the screenshot of the error.\n\n[image: Screenshot.png]',
    );
    expect(Object.keys(files).sort()).toEqual(['Screenshot.png', 'original-message.txt']);
    expect(files['original-message.txt']).toContain('QUOTED-PLAIN');
    expect(files['original-message.txt']).not.toContain('QUOTED-HTML');
  });

  it.each([
    ['gmail', 'Die Lampe flackert immer noch.\nKönnen Sie eine neue schicken?', 'QUOTED-GMAIL'],
    ['apple', 'The new bulb works, thanks!', 'QUOTED-APPLE'],
    ['outlook', 'Thanks, that solved it.', 'QUOTED-OUTLOOK'],
  ] as const)(
    'shows only the new part of an HTML reply from %s, keeping the whole mail as a file',
    async (client, fresh, quoted) => {
      const { content, files } = await deliver(
        (h) => mails.htmlOnly(h, mails.quotedReplies[client]),
        'Re: Flickering lamp',
      );
      expect(content).toBe(`Subject: Re: Flickering lamp\n\n${fresh}`);
      expect(Object.keys(files)).toEqual(['original-message.txt']);
      expect(files['original-message.txt']).toContain(fresh.split('\n')[0]);
      expect(files['original-message.txt']).toContain(quoted);
    },
  );

  it('keeps what a forwarded mail passes on, from Gmail’s plain part and Outlook’s HTML', async () => {
    const gmail = await deliver(mails.gmailForward, 'Fwd: Delivery attempt failed');
    expect(gmail.content).toBe(
      [
        'Subject: Fwd: Delivery attempt failed',
        '',
        'Hi, see the courier’s message below. What should I do?',
        '',
        '---------- Forwarded message ---------',
        'From: ParcelGo <noreply@parcelgo.example>',
        'Date: Mon, 23 Nov 2026 at 18:02',
        'Subject: Delivery attempt failed',
        'To: <ana@example.pt>',
        '',
        '',
        'We could not deliver parcel PG-77812 today. It waits at the pickup point until Friday.',
      ].join('\n'),
    );
    expect(gmail.files).toEqual({});

    const outlook = await deliver((h) => mails.htmlOnly(h, mails.outlookForward), 'FW: Your enquiry');
    expect(outlook.content).toContain("Forwarding the supplier's answer, please advise.");
    expect(outlook.content).toContain('From: Lamps Wholesale <orders@lamps.example>');
    expect(outlook.content).toContain('The replacement shade ships next week.');
  });

  it('decodes ISO-8859-1, Windows-1252, ISO-2022-JP and Shift_JIS mail', async () => {
    expect((await deliver(mails.latin1Plain, 'Pedido')).content).toBe(
      'Subject: Pedido\n\nHola, el pedido llegó dañado.\nGracias, Señora Gómez',
    );
    expect((await deliver(mails.windows1252Html, 'Charged twice')).content).toBe(
      'Subject: Charged twice\n\nI paid €49 for the “premium” plan – twice.',
    );
    expect(
      (await deliver(mails.iso2022jpPlain, '=?ISO-2022-JP?B?GyRCPiZJSiQsRk8kLSReJDskcxsoQg==?=')).content,
    ).toBe('Subject: 商品が届きません\n\n注文した商品がまだ届きません。\n確認をお願いします。');
    expect((await deliver(mails.shiftJisHtml, '=?Shift_JIS?B?ko2VtoLJgsKCooLE?=')).content).toBe(
      'Subject: 注文について\n\n注文した商品がまだ届きません。\n確認をお願いします。',
    );
  });
});
