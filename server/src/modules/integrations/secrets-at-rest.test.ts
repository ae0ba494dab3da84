import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import twilio from 'twilio';
import { afterAll, describe, expect, it } from 'vitest';
import { before, call, useTestApp } from '../../../test/app.ts';
import { databaseDump } from '../../../test/dump.ts';
import { addIntegration } from '../../../test/integrations.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { receiver, verify } from '../../../test/webhook-receiver.ts';
import { resealSecrets } from '../../bootstrap/reseal-secrets.ts';
import { loadJwtSecret } from '../../bootstrap/secrets.ts';

/**
 * Secrets at rest (decision 038): whatever an admin gives an integration, and the product's own token secret,
 * never appear in a dump of the database, while the calls that need them still work.
 */
const t = useTestApp({ allowPrivateWebhookTargets: true });
const target = before(() => receiver());
afterAll(() => target.close());

const unique = (what: string) => `${what}-${randomBytes(9).toString('hex')}`;
const ACCOUNT = `AC${'2'.repeat(32)}`;

const w = before(async () => {
  const a = await tenantWithSessions(t);
  const add = (type: Parameters<typeof addIntegration>[2]['type'], settings: object, secrets?: object) =>
    addIntegration(t, a.as.admin, {
      app_id: a.app.id,
      type,
      name: unique(`${type} integration`),
      settings: settings as Record<string, unknown>,
      secrets: secrets as Record<string, string> | undefined,
    });
  const given = {
    wa: { app_secret: unique('wa-app-secret'), access_token: unique('wa-token') },
    fb: { app_secret: unique('fb-app-secret'), page_access_token: unique('fb-page-token') },
    sms: { auth_token: unique('twilio-token') },
    web: { identity_secret: unique('identity') },
    api: { signing_secret: `whsec_${randomBytes(32).toString('base64')}` },
  };
  const made = [
    await add('whatsapp', { phone_number_id: '1001', business_account_id: '2002' }, given.wa),
    await add('facebook', { page_id: '3003' }, given.fb),
    await add('sms', { account_sid: ACCOUNT, phone_number: '+15005550006' }, given.sms),
    await add('web', { allowed_origins: ['https://shop.example.com'] }, given.web),
    await add('api', { webhook_url: `${target.url}/api` }, given.api),
    // No secret given: one is generated and shown this once.
    await add('webhook', { url: `${target.url}/hooks`, events: ['message.created'] }),
  ];
  const sms = made[2]!.integration_id;
  // A changed secret is sealed as a new one is.
  const changed = unique('twilio-token-changed');
  const put = await call(t.app, 'PUT', '/integrations', {
    as: a.as.admin,
    query: { id: sms },
    body: { secrets: { auth_token: changed } },
  });
  expect(put.status).toBe(200);
  const webhook = made[5]!;
  const secrets = [
    ...Object.values(given).flatMap((g) => Object.values(g)),
    changed,
    webhook.signing_secret!,
    t.config.jwtSecret,
  ];
  return { a, made, sms, smsToken: changed, webhook, secrets };
});

/** A secret's findable pieces: itself, and a signing secret's key bytes as written after `whsec_`. */
const pieces = (secret: string) => [secret, secret.replace(/^whsec_/, '')];

function fromTwilio(id: number, token: string, sid: string) {
  const params = {
    MessageSid: sid,
    AccountSid: ACCOUNT,
    From: '+447700900555',
    To: '+15005550006',
    Body: 'Hi',
  };
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/channels/sms/${id}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(
        token,
        `${t.config.publicUrl}/api/v1/channels/sms/${id}`,
        params,
      ),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

describe('secrets at rest', () => {
  it('never appear in a dump of any table, where the integrations themselves do', async () => {
    const dump = await databaseDump(t.db);
    // The scan sees the integrations: their names, and their secrets' names beside sealed values.
    for (const m of w.made) expect(dump).toContain(m.name);
    expect(dump).toMatch(/auth_token\W+enc:v1:[\w-]+:/);
    for (const secret of w.secrets) for (const piece of pieces(secret)) expect(dump).not.toContain(piece);
  });

  it('answers list their names only', async () => {
    const res = await call(t.app, 'GET', '/integrations', {
      as: w.a.as.admin,
      query: { app_id: w.a.app.id },
    });
    const text = JSON.stringify(res.body);
    expect(res.body.data.find((i: { type: string }) => i.type === 'whatsapp').secrets_set).toEqual([
      'access_token',
      'app_secret',
    ]);
    for (const secret of w.secrets) for (const piece of pieces(secret)) expect(text).not.toContain(piece);
  });

  it('are opened where they are used: a provider signature checks, a test call is signed', async () => {
    expect((await fromTwilio(w.sms, w.smsToken, 'SM-at-rest-1')).statusCode).toBe(200);
    expect((await fromTwilio(w.sms, 'the old token', 'SM-at-rest-2')).statusCode).toBe(401);
    const tested = await call(t.app, 'POST', '/integration/test', {
      as: w.a.as.admin,
      body: { integration_id: w.webhook.integration_id },
    });
    expect(tested.body.data).toMatchObject({ ok: true, status_code: 200 });
    expect(verify(w.webhook.signing_secret!, target.got.at(-1)!).type).toBe('test');
  });

  it('copied into another integration, open nowhere: its provider calls are not taken', async () => {
    const other = await addIntegration(t, w.a.as.admin, {
      app_id: w.a.app.id,
      type: 'sms',
      name: 'Second number',
      settings: { account_sid: ACCOUNT, phone_number: '+15005550007' },
      secrets: { auth_token: unique('second-token') },
    });
    // Someone with write access to the table moves the first number's sealed token onto the second one.
    await t.db.execute(sql`update integrations set secrets = (select secrets from integrations where id = ${w.sms})
      where id = ${other.integration_id}`);
    const res = await fromTwilio(other.integration_id, w.smsToken, 'SM-moved-1');
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
    const stored = await t.db.execute(sql`select 1 from channel_messages where external_id = 'SM-moved-1'`);
    expect(stored.rows).toHaveLength(0);
  });

  it('kept in the clear by an installation from before are sealed at its next start, once', async () => {
    const token = unique('legacy-token');
    // As an earlier version stored them: plain values in the row, the token secret in the clear.
    const [legacy] = (
      await t.db.execute<{ id: number }>(sql`
        insert into integrations (company_id, app_id, type, name, settings, secrets)
        values (${w.a.company.id}, ${w.a.app.id}, 'sms', 'Legacy texts',
          ${JSON.stringify({ account_sid: ACCOUNT, phone_number: '+15005550008' })}::jsonb,
          ${JSON.stringify({ auth_token: token })}::jsonb)
        returning id`)
    ).rows;
    await t.db.execute(
      sql`update instance_settings set value = ${t.config.jwtSecret} where key = 'jwt_secret'`,
    );
    expect(await databaseDump(t.db)).toContain(token);

    expect(await resealSecrets(t.db, t.config.secrets, { rotate: false })).toMatchObject({ sealed: 2 });
    expect(await resealSecrets(t.db, t.config.secrets, { rotate: false })).toMatchObject({ sealed: 0 });
    const dump = await databaseDump(t.db);
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(t.config.jwtSecret);
    expect(await loadJwtSecret(t.db, t.config.secrets)).toBe(t.config.jwtSecret);
    expect((await fromTwilio(Number(legacy!.id), token, 'SM-legacy-1')).statusCode).toBe(200);
  });
});
