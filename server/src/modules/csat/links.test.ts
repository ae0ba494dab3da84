import { RATING_SENTENCES } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app.ts';
import { deliverWebhooks, runConsumers } from '../../../test/automation.ts';
import { conversationOfExternal } from '../../../test/channels.ts';
import { PNG } from '../../../test/files.ts';
import { addIntegration } from '../../../test/integrations.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { twilioStandIn } from '../../../test/twilio-stand-in.ts';
import { RATING_CALLS_PER_MINUTE_PER_IP } from './routes.ts';

/**
 * A channel conversation's satisfaction question (contract section 14): an automatic message with a link to
 * `/rate/{token}`, sent out through the channel like any reply, and the rate page's calls behind it.
 */
const standIn = await twilioStandIn(PNG);
afterAll(() => standIn.close());
const t = useTestApp({ twilioApiUrl: standIn.url });

const ACCOUNT = `AC${'2'.repeat(32)}`;
const TOKEN = 'twilio-auth-token-for-csat';
const CUSTOMER = '+447700900456';

let sids = 0;

async function smsConversation() {
  const a = await tenantWithSessions(t);
  const { integration_id: id } = await addIntegration(t, a.as.admin, {
    app_id: a.app.id,
    type: 'sms',
    name: 'Texts',
    settings: { account_sid: ACCOUNT, phone_number: '+15005550007', queue_id: a.queue.id },
    secrets: { auth_token: TOKEN },
  });
  const params = {
    MessageSid: `SM${String(++sids).padStart(32, '9')}`,
    AccountSid: ACCOUNT,
    From: CUSTOMER,
    To: '+15005550007',
    Body: 'My parcel is late',
    NumMedia: '0',
  };
  const url = `${t.config.publicUrl}/api/v1/channels/sms/${id}`;
  const inbound = await t.app.inject({
    method: 'POST',
    url: `/api/v1/channels/sms/${id}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(TOKEN, url, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
  expect(inbound.statusCode).toBe(200);
  const conversationId = await conversationOfExternal(t, params.MessageSid);
  return { a, conversationId };
}

describe('rating links', () => {
  it('texts the question with a link whose page takes one rating', async () => {
    const { a, conversationId } = await smsConversation();
    await call(t.app, 'PUT', '/apps', {
      as: a.as.admin,
      query: { id: a.app.id },
      body: { csat: { enabled: true, question: 'Was this helpful?' } },
    });
    const resolved = await call(t.app, 'POST', '/conversation/resolve', {
      as: a.as.agent,
      body: { conversation_id: conversationId },
    });
    expect(resolved.status).toBe(200);
    await runConsumers(t);
    // A repeated run sends nothing more.
    await runConsumers(t);
    await deliverWebhooks(t);
    const texts = standIn.sent.filter((s) => s.form.To === CUSTOMER);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.form.Body).toContain('Was this helpful?');
    const link = /\/rate\/([\w-]+)/.exec(texts[0]!.form.Body!)!;
    expect(texts[0]!.form.Body).toContain(`${t.config.publicUrl}/rate/`);
    const token = link[1]!;

    // An automatic message in the thread, not an agent's reply.
    const thread = await call(t.app, 'GET', '/conversation/poll', {
      as: a.as.agent,
      query: { conversation_id: conversationId },
    });
    const sent = thread.body.data.messages.filter((m: { content: string }) => m.content.includes('/rate/'));
    expect(sent.map((m: { sender_type: string }) => m.sender_type)).toEqual(['auto']);

    const page = await call(t.app, 'GET', `/ratings/${token}`);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      question: 'Was this helpful?',
      app_name: a.app.name,
      rating: null,
    });
    const bad = await call(t.app, 'POST', `/ratings/${token}`, { body: { score: 9 } });
    expect(bad.status).toBe(422);
    const rated = await call(t.app, 'POST', `/ratings/${token}`, { body: { score: 3, comment: 'OK' } });
    expect(rated.status).toBe(201);
    expect(rated.body.data).toMatchObject({ score: 3, comment: 'OK' });
    const again = await call(t.app, 'POST', `/ratings/${token}`, { body: { score: 5 } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(RATING_SENTENCES.alreadyRated);
    const seen = await call(t.app, 'GET', `/ratings/${token}`);
    expect(seen.body.data.rating).toMatchObject({ score: 3, comment: 'OK' });

    const unknown = await call(t.app, 'POST', '/ratings/not-a-token', { body: { score: 5 } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(RATING_SENTENCES.notFound);
  });

  it('answers 410 for a link older than a week', async () => {
    const { a, conversationId } = await smsConversation();
    await call(t.app, 'PUT', '/apps', {
      as: a.as.admin,
      query: { id: a.app.id },
      body: { csat: { enabled: true } },
    });
    await call(t.app, 'POST', '/conversation/resolve', {
      as: a.as.agent,
      body: { conversation_id: conversationId },
    });
    await runConsumers(t);
    await deliverWebhooks(t);
    const body = standIn.sent.filter((s) => s.form.To === CUSTOMER).at(-1)!.form.Body!;
    const token = /\/rate\/([\w-]+)/.exec(body)![1]!;
    await t.db.execute(sql`update csat_requests set expires_at = now() - interval '1 minute'
      where conversation_id = ${conversationId}`);
    const page = await call(t.app, 'GET', `/ratings/${token}`);
    expect(page.status).toBe(410);
    expect(page.body.message).toBe(RATING_SENTENCES.expired);
    const late = await call(t.app, 'POST', `/ratings/${token}`, { body: { score: 4 } });
    expect(late.status).toBe(410);
  });

  it('answers 429 to an address that keeps guessing links, and only to it', async () => {
    const from = (remoteAddress: string, token: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/ratings/${token}`, remoteAddress });
    for (let i = 0; i < RATING_CALLS_PER_MINUTE_PER_IP; i++) {
      expect((await from('203.0.113.9', `guess-${i}`)).statusCode).toBe(404);
    }
    const refused = await from('203.0.113.9', 'guess-last');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/v1/ratings/guess-post',
      remoteAddress: '203.0.113.9',
      payload: { score: 5 },
    });
    expect(post.statusCode).toBe(429);
    // Another customer's address is not held back by it.
    expect((await from('198.51.100.7', 'guess-other')).statusCode).toBe(404);
  });
});
