import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer';
import { describe, expect, it } from 'vitest';
import { before, call, useTestApp } from '../../../test/app.ts';
import { deliverWebhooks } from '../../../test/automation.ts';
import { consoleThread, conversationOfExternal } from '../../../test/channels.ts';
import { PNG } from '../../../test/files.ts';
import { addMailbox } from '../../../test/integrations.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';

/**
 * Email (contract section 10): mail sent with a real SMTP client to the product's SMTP listener, replies going
 * out through `SMTP_URL` to the suite's SMTP server, threads kept across replies by the reply token and the
 * References chain, and automatic mail never answered.
 */
const t = useTestApp({ smtpListenPort: 0 });

const SUPPORT = 'support@shop.test';
const CUSTOMER = 'maria@example.com';

const w = before(async () => {
  const a = await tenantWithSessions(t);
  await addMailbox(t, a.as.admin, { appId: a.app.id, queueId: a.queue.id, address: SUPPORT });
  return { a };
});

/** A real SMTP client talking to the listener. */
const send = (mail: Mail.Options) =>
  nodemailer
    .createTransport({ host: '127.0.0.1', port: t.app.emailListener!.port!, secure: false, ignoreTLS: true })
    .sendMail({ from: `Maria Lopez <${CUSTOMER}>`, ...mail });

const conversationOf = (externalId: string) => conversationOfExternal(t, externalId);

const thread = (conversationId: number) => consoleThread(t, w.a.as.admin, conversationId);

const reply = async (conversationId: number, content: string) => {
  const res = await call(t.app, 'POST', '/messages', {
    as: w.a.as.admin,
    body: { conversation_id: conversationId, content },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await deliverWebhooks(t);
  return res.body.data.message_id as number;
};

/** The next mail the customer receives from the product. */
async function nextMailToCustomer(after: number) {
  for (let i = 0; i < 50; i++) {
    const mails = t.smtp.inbox.filter((m) => m.to && JSON.stringify(m.to).includes(CUSTOMER));
    if (mails.length > after) return mails[after]!;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no mail to the customer');
}

describe('email', () => {
  it('keeps one conversation across three replies each way, by reply token and by References', async () => {
    const first = await send({
      to: SUPPORT,
      subject: 'Broken lamp',
      text: 'My lamp arrived broken.',
      attachments: [{ filename: 'photo.png', content: PNG }],
      messageId: '<first@mail.example.com>',
    });
    expect(first.accepted).toEqual([SUPPORT]);
    const id = await conversationOf('<first@mail.example.com>');
    const opened = await thread(id);
    expect(opened[0]).toMatchObject({
      sender_type: 'customer',
      content: 'Subject: Broken lamp\n\nMy lamp arrived broken.',
      attachments: [expect.objectContaining({ original_filename: 'photo.png' })],
    });
    const [customer] = (
      await t.db.execute<{ name: string; channel: string }>(sql`
        select cu.name, c.channel from conversations c join customers cu on cu.id = c.customer_id where c.id = ${id}`)
    ).rows;
    expect(customer).toEqual({ name: 'Maria Lopez', channel: 'email' });

    const seen = t.smtp.inbox.filter((m) => JSON.stringify(m.to).includes(CUSTOMER)).length;
    const answer1 = await reply(id, 'Sorry! A new one is on its way.');
    const out1 = await nextMailToCustomer(seen);
    expect(out1.from?.value[0]).toEqual({ name: 'Shop Support', address: SUPPORT });
    expect(out1.subject).toBe('Re: Broken lamp');
    expect(out1.inReplyTo).toBe('<first@mail.example.com>');
    expect(out1.text?.trim()).toBe('Sorry! A new one is on its way.');
    const replyTo = out1.replyTo?.value[0]?.address ?? '';
    expect(replyTo).toMatch(/^reply\+\d+-[0-9a-f]{12}@shop\.test$/);
    expect((await thread(id)).find((m) => m.message_id === answer1)?.delivery?.status).toBe('sent');

    // The customer answers the reply: to its Reply-To address, quoting it.
    await send({
      to: replyTo,
      subject: 'Re: Broken lamp',
      text: `Thank you!\n\nOn Tue, 24 Nov 2026 at 10:00, Shop Support <${SUPPORT}> wrote:\n> Sorry! A new one is on its way.`,
      inReplyTo: out1.messageId,
      references: ['<first@mail.example.com>', out1.messageId!],
      messageId: '<second@mail.example.com>',
    });
    expect(await conversationOf('<second@mail.example.com>')).toBe(id);
    const second = (await thread(id)).at(-1)!;
    expect(second.content).toBe('Thank you!');
    expect(second.attachments.map((a) => a.original_filename)).toEqual(['original-message.txt']);

    await reply(id, 'You are welcome.');
    const out2 = await nextMailToCustomer(seen + 1);
    expect(out2.inReplyTo).toBe('<second@mail.example.com>');
    expect(out2.references).toEqual([
      '<first@mail.example.com>',
      out1.messageId,
      '<second@mail.example.com>',
    ]);

    // A third mail to the plain address, found by its References alone.
    await send({
      to: SUPPORT,
      subject: 'Re: Broken lamp',
      text: 'It arrived, all good.',
      references: [out2.messageId!],
      messageId: '<third@mail.example.com>',
    });
    expect(await conversationOf('<third@mail.example.com>')).toBe(id);
    // The same mail delivered twice is stored once.
    await send({
      to: SUPPORT,
      subject: 'Re: Broken lamp',
      text: 'It arrived, all good.',
      messageId: '<third@mail.example.com>',
    });
    expect((await thread(id)).filter((m) => m.content === 'It arrived, all good.')).toHaveLength(1);
  });

  it('drops automatic answers and bounces, and refuses unknown or forged addresses', async () => {
    const before = Number(
      (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from messages`)).rows[0]!.n,
    );
    await send({
      to: SUPPORT,
      subject: 'Out of office',
      text: 'I am away until Monday.',
      headers: { 'Auto-Submitted': 'auto-replied' },
    });
    await send({
      to: SUPPORT,
      subject: 'Undelivered Mail Returned to Sender',
      text: 'Delivery failed.',
      envelope: { from: '', to: [SUPPORT] },
    });
    const after = Number(
      (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from messages`)).rows[0]!.n,
    );
    expect(after).toBe(before);
    await expect(send({ to: 'nobody@shop.test', subject: 'Hi', text: 'Hello' })).rejects.toThrow(/550/);
    await expect(
      send({ to: 'reply+1-000000000000@shop.test', subject: 'Hi', text: 'Hello' }),
    ).rejects.toThrow(/550/);
  });
});
