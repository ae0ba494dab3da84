import { sql } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../../test/answers.ts';
import { before, call, type Session, useTestApp } from '../../../test/app.ts';
import { deliverWebhooks, retryDeliveriesNow } from '../../../test/automation.ts';
import { consoleThread, conversationOfExternal } from '../../../test/channels.ts';
import { PNG } from '../../../test/files.ts';
import { addIntegration } from '../../../test/integrations.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { twilioStandIn } from '../../../test/twilio-stand-in.ts';

/**
 * SMS through Twilio (contract section 10) against a local stand-in of Twilio's REST API: webhooks signed with
 * the `twilio` package's own request signing, replies sent back out and followed by their receipts.
 */
const standIn = await twilioStandIn(PNG);
afterAll(() => standIn.close());
const t = useTestApp({ twilioApiUrl: standIn.url });

const ACCOUNT = `AC${'1'.repeat(32)}`;
const TOKEN = 'twilio-auth-token-for-tests';
const CUSTOMER = '+447700900123';

async function addSms(as: Session, appId: number, settings: Record<string, unknown>) {
  const { integration_id } = await addIntegration(t, as, {
    app_id: appId,
    type: 'sms',
    name: 'Texts',
    settings: { account_sid: ACCOUNT, ...settings },
    secrets: { auth_token: TOKEN },
  });
  return integration_id;
}

const w = before(async () => {
  const a = await tenantWithSessions(t);
  const id = await addSms(a.as.admin, a.app.id, { phone_number: '+15005550006', queue_id: a.queue.id });
  return { a, id };
});

/** Twilio's POST to our webhook, signed over the URL it was given (PUBLIC_URL) unless told otherwise. */
function fromTwilio(
  params: Record<string, string>,
  opts: { id?: number; token?: string; signature?: string | null } = {},
) {
  const id = opts.id ?? w.id;
  const signed = twilio.getExpectedTwilioSignature(
    opts.token ?? TOKEN,
    `${t.config.publicUrl}/api/v1/channels/sms/${id}`,
    params,
  );
  const signature = opts.signature === undefined ? signed : opts.signature;
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/channels/sms/${id}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

const sms = (sid: string, body: string, extra: Record<string, string> = {}) => ({
  MessageSid: sid,
  SmsMessageSid: sid,
  SmsSid: sid,
  AccountSid: ACCOUNT,
  From: CUSTOMER,
  To: '+15005550006',
  Body: body,
  NumMedia: '0',
  NumSegments: '1',
  SmsStatus: 'received',
  ApiVersion: '2010-04-01',
  ...extra,
});

const receipt = (sid: string, status: string, extra: Record<string, string> = {}) => ({
  MessageSid: sid,
  SmsSid: sid,
  AccountSid: ACCOUNT,
  From: '+15005550006',
  To: CUSTOMER,
  MessageStatus: status,
  SmsStatus: status,
  ApiVersion: '2010-04-01',
  ...extra,
});

const thread = (conversationId: number) => consoleThread(t, w.a.as.admin, conversationId);

const conversationOf = (externalId: string) => conversationOfExternal(t, externalId);

describe('SMS in', () => {
  it('turns a text from a new number into a customer, a conversation and a message, once per MessageSid', async () => {
    const first = await fromTwilio(sms('SM0001', 'Has my order shipped?'));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toContain('text/xml');
    expect(first.body).toContain('<Response></Response>');
    const conversationId = await conversationOf('SM0001');
    const [conv] = (
      await t.db.execute<{ channel: string; queue_id: number; phone: string; name: string }>(sql`
        select c.channel, c.queue_id, cu.phone, cu.name from conversations c join customers cu on cu.id = c.customer_id
        where c.id = ${conversationId}`)
    ).rows;
    expect(conv).toMatchObject({
      channel: 'sms',
      queue_id: w.a.queue.id,
      phone: CUSTOMER,
      name: '+44 7700 900123',
    });
    expect((await fromTwilio(sms('SM0001', 'Has my order shipped?'))).statusCode).toBe(200);
    expect((await fromTwilio(sms('SM0002', 'Order 1234'))).statusCode).toBe(200);
    expect(await conversationOf('SM0002')).toBe(conversationId);
    expect((await thread(conversationId)).map((m) => m.content)).toEqual([
      'Has my order shipped?',
      'Order 1234',
    ]);
  });

  it('keeps a text from a sender that is no phone number, its customer known by that sender without a phone', async () => {
    // An alphanumeric sender id, a number too short for its country code, a short code.
    for (const [i, from] of ['ACME Bank', '+15550100', '72345'].entries()) {
      const sid = `SM09${i}0`;
      expect((await fromTwilio(sms(sid, `Your code from ${from}`, { From: from }))).statusCode).toBe(200);
      const conversationId = await conversationOf(sid);
      const [row] = (
        await t.db.execute<{ phone: string | null; name: string }>(sql`
          select cu.phone, cu.name from conversations c join customers cu on cu.id = c.customer_id
          where c.id = ${conversationId}`)
      ).rows;
      expect(row).toEqual({ phone: null, name: from });
      expect((await thread(conversationId)).map((m) => m.content)).toEqual([`Your code from ${from}`]);
      // The same sender again is the same customer's conversation.
      expect((await fromTwilio(sms(`SM09${i}1`, 'Again', { From: from }))).statusCode).toBe(200);
      expect(await conversationOf(`SM09${i}1`)).toBe(conversationId);
    }
    const phones = await t.db.execute<{ n: number }>(sql`select count(*)::int as n from customer_identities
      where kind = 'phone' and value in ('+15550100', '72345', '+72345')`);
    expect(phones.rows[0]!.n).toBe(0);
  });

  it('answers 401 to a missing, forged or replayed-elsewhere signature and stores nothing', async () => {
    const params = sms('SM0100', 'Forged');
    expect((await fromTwilio(params, { signature: null })).statusCode).toBe(401);
    expect((await fromTwilio(params, { token: 'not-the-token' })).statusCode).toBe(401);
    const signedForOther = twilio.getExpectedTwilioSignature(
      TOKEN,
      `${t.config.publicUrl}/api/v1/channels/sms/${w.id + 1000}`,
      params,
    );
    expect((await fromTwilio(params, { signature: signedForOther })).statusCode).toBe(401);
    // Signed, then changed on the way.
    const signed = twilio.getExpectedTwilioSignature(
      TOKEN,
      `${t.config.publicUrl}/api/v1/channels/sms/${w.id}`,
      params,
    );
    const tampered = await fromTwilio({ ...params, Body: 'Changed' }, { signature: signed });
    expect(tampered.statusCode).toBe(401);
    const stored = await t.db.execute(sql`select 1 from channel_messages where external_id = 'SM0100'`);
    expect(stored.rows).toHaveLength(0);
    // An id that is no SMS integration answers the same, so ids are not revealed.
    expect((await fromTwilio(params, { id: 999_999 })).statusCode).toBe(401);
  });

  it('keeps MMS pictures fetched from Twilio as attachments and names what it does not keep', async () => {
    const media = (n: number) => `${standIn.url}/2010-04-01/Accounts/${ACCOUNT}/Messages/MM0200/Media/ME${n}`;
    const res = await fromTwilio(
      sms('MM0200', 'Photo of the box', {
        NumMedia: '2',
        MediaUrl0: media(0),
        MediaContentType0: 'image/png',
        MediaUrl1: media(1),
        MediaContentType1: 'audio/amr',
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    const last = (await thread(await conversationOf('MM0200'))).at(-1)!;
    expect(last.content).toBe('Photo of the box\n[Not kept: a file of type audio/amr]');
    expect(last.attachments).toEqual([
      expect.objectContaining({ original_filename: 'mms-1.png', mime_type: 'image/png' }),
    ]);
    // Media anywhere but Twilio's API is not fetched: the message waits for Twilio to try again.
    const elsewhere = await fromTwilio(
      sms('MM0201', 'Elsewhere', {
        NumMedia: '1',
        MediaUrl0: 'http://127.0.0.1:9/box.png',
        MediaContentType0: 'image/png',
      }),
    );
    expect(elsewhere.statusCode).toBe(503);
    expect(await conversationOf('MM0201')).toBeNaN();
  });
});

describe('SMS out', () => {
  const reply = async (conversationId: number, content: string, isPrivate = false) => {
    const res = await call(t.app, 'POST', '/messages', {
      as: w.a.as.admin,
      body: { conversation_id: conversationId, content, is_private: isPrivate },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.message_id as number;
  };
  const deliveryOf = async (conversationId: number, messageId: number) =>
    (await thread(conversationId)).find((m) => m.message_id === messageId)?.delivery;

  it('sends replies, not notes, from the number, and receipts move the delivery forward only', async () => {
    await fromTwilio(sms('SM0300', 'Any news?'));
    const conversationId = await conversationOf('SM0300');
    const before = standIn.sent.length;
    const id = await reply(conversationId, 'It ships today.');
    await reply(conversationId, 'Customer is impatient', true);
    await deliverWebhooks(t);
    expect(standIn.sent.length).toBe(before + 1);
    const out = standIn.sent.at(-1)!;
    expect(out.accountSid).toBe(ACCOUNT);
    expect(out.auth).toBe(`Basic ${Buffer.from(`${ACCOUNT}:${TOKEN}`).toString('base64')}`);
    expect(out.form).toEqual({
      To: CUSTOMER,
      From: '+15005550006',
      Body: 'It ships today.',
      StatusCallback: `${t.config.publicUrl}/api/v1/channels/sms/${w.id}`,
    });
    expect(await deliveryOf(conversationId, id)).toEqual({ status: 'sent', error: null });
    const sid = (
      await t.db.execute<{ sid: string }>(
        sql`select provider_message_id as sid from messages where id = ${id}`,
      )
    ).rows[0]!.sid;
    expect((await fromTwilio(receipt(sid, 'delivered'))).statusCode).toBe(200);
    expect(await deliveryOf(conversationId, id)).toEqual({ status: 'delivered', error: null });
    // Late receipts never move it back.
    await fromTwilio(receipt(sid, 'sent'));
    await fromTwilio(receipt(sid, 'undelivered', { ErrorCode: '30003' }));
    expect(await deliveryOf(conversationId, id)).toEqual({ status: 'delivered', error: null });
    // A receipt for another integration's message changes nothing here.
    const other = await tenantWithSessions(t);
    const otherId = await addSms(other.as.admin, other.app.id, { phone_number: '+15005550007' });
    expect((await fromTwilio(receipt(sid, 'read'), { id: otherId })).statusCode).toBe(200);
    expect(await deliveryOf(conversationId, id)).toEqual({ status: 'delivered', error: null });
    // The composer's rule, kept by the server too: no files by SMS.
    const withFile = await call(t.app, 'POST', '/messages', {
      as: w.a.as.admin,
      body: { conversation_id: conversationId, content: 'See attached', attachments: [1] },
    });
    expect(fieldErrorsOf(withFile).attachments).toEqual(['Files cannot be sent by SMS']);
  });

  it('retries through an outage, fails with Twilio’s reason on a refused number, and sends again on Retry', async () => {
    await fromTwilio(sms('SM0400', 'Hello?'));
    const conversationId = await conversationOf('SM0400');
    standIn.failNext.push({ status: 503, code: 20503, message: 'Service unavailable' });
    const first = await reply(conversationId, 'We are here.');
    await deliverWebhooks(t);
    expect(await deliveryOf(conversationId, first)).toEqual({ status: 'queued', error: null });
    // Its retry is a job due after the backoff: as if that had passed.
    await retryDeliveriesNow(t);
    expect(await deliveryOf(conversationId, first)).toEqual({ status: 'sent', error: null });
    expect(standIn.sent.at(-1)!.form.Body).toBe('We are here.');

    standIn.failNext.push({
      status: 400,
      code: 21211,
      message: "The 'To' number is not a valid phone number.",
    });
    const refused = await reply(conversationId, 'Second try.');
    await deliverWebhooks(t);
    expect(await deliveryOf(conversationId, refused)).toEqual({
      status: 'failed',
      error: "Twilio error 21211: The 'To' number is not a valid phone number.",
    });
    // The integration's page lists it, newest first, with Twilio's words.
    const log = await call(t.app, 'GET', '/integration/deliveries', {
      as: w.a.as.admin,
      query: { id: w.id },
    });
    expect(log.body.data[0]).toMatchObject({
      what: 'reply',
      message_id: refused,
      excerpt: 'Second try.',
      status: 'failed',
      attempts: 1,
      last_error: "Twilio error 21211: The 'To' number is not a valid phone number.",
      next_attempt_ts: null,
    });
    expect(log.body.data[1]).toMatchObject({ message_id: first, status: 'delivered', attempts: 2 });
    const again = await call(t.app, 'POST', '/messages/retry-delivery', {
      as: w.a.as.agent,
      body: { message_id: refused },
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.data).toEqual({ message_id: refused, delivery: { status: 'queued', error: null } });
    await deliverWebhooks(t);
    expect(await deliveryOf(conversationId, refused)).toEqual({ status: 'sent', error: null });
    const twice = await call(t.app, 'POST', '/messages/retry-delivery', {
      as: w.a.as.admin,
      body: { message_id: refused },
    });
    expect(twice.status).toBe(409);
    const stranger = await tenantWithSessions(t);
    const foreign = await call(t.app, 'POST', '/messages/retry-delivery', {
      as: stranger.as.admin,
      body: { message_id: refused },
    });
    expect(foreign.status).toBe(404);
  });

  it('sends from the Messaging Service when the integration has one', async () => {
    const b = await tenantWithSessions(t);
    const id = await addSms(b.as.admin, b.app.id, { messaging_service_sid: `MG${'2'.repeat(32)}` });
    await fromTwilio(sms('SM0500', 'Via the service'), { id });
    const conversationId = await conversationOf('SM0500');
    const res = await call(t.app, 'POST', '/messages', {
      as: b.as.admin,
      body: { conversation_id: conversationId, content: 'Answer' },
    });
    expect(res.status).toBe(201);
    await deliverWebhooks(t);
    expect(standIn.sent.at(-1)!.form).toMatchObject({
      MessagingServiceSid: `MG${'2'.repeat(32)}`,
      Body: 'Answer',
    });
    expect(standIn.sent.at(-1)!.form.From).toBeUndefined();
  });
});
