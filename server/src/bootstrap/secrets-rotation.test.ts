import { randomBytes } from 'node:crypto';
import twilio from 'twilio';
import { afterAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestContext } from '../../test/app.ts';
import { openTestDatabase } from '../../test/db.ts';
import { databaseDump } from '../../test/dump.ts';
import { addIntegration } from '../../test/integrations.ts';
import { tenantWithSessions } from '../../test/tenants.ts';
import { receiver, verify } from '../../test/webhook-receiver.ts';
import type { Database } from '../db/client.ts';
import { keyIdOf, secretsBox } from '../lib/secrets-box.ts';
import { resealSecrets, secretsNotUnderCurrentKey, secretsUnderUnknownKeys } from './reseal-secrets.ts';
import { loadJwtSecret } from './secrets.ts';

/**
 * Key rotation (decision 038) on one database, as an operator does it: servers on key A; then on B with A as
 * previous (old secrets still open, new ones sealed under B); `npm run secrets:rotate`; then B alone.
 */
const A = randomBytes(32);
const B = randomBytes(32);
const C = randomBytes(32);
const ACCOUNT = `AC${'3'.repeat(32)}`;
const TOKEN = 'twilio-token-rotated';

const target = await receiver();
let database: Database;
afterAll(async () => {
  await target.close();
  await database?.close();
});

/** A server process on the shared database: its app closes, the database stays for the next one. */
async function serverOn(keys: Parameters<typeof secretsBox>, extra: Partial<TestContext['config']> = {}) {
  database ??= await openTestDatabase();
  const t = await createTestApp(
    { secrets: secretsBox(...keys), allowPrivateWebhookTargets: true, ...extra },
    database,
  );
  return { t, stop: () => Promise.all([t.app.close(), t.smtp.close()]) };
}

function fromTwilio(t: TestContext, id: number, sid: string) {
  const params = {
    MessageSid: sid,
    AccountSid: ACCOUNT,
    From: '+447700900777',
    To: '+15005550006',
    Body: 'Hi',
  };
  const url = `${t.config.publicUrl}/api/v1/channels/sms/${id}`;
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/channels/sms/${id}`,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilio.getExpectedTwilioSignature(TOKEN, url, params),
    },
    payload: new URLSearchParams(params).toString(),
  });
}

/** Whether each of the setup's integrations still works: Twilio's signature checks, the webhook signs. */
async function works(t: TestContext, s: Setup, sid: string) {
  expect((await fromTwilio(t, s.sms, sid)).statusCode).toBe(200);
  const tested = await call(t.app, 'POST', '/integration/test', {
    as: s.admin,
    body: { integration_id: s.hook },
  });
  expect(tested.body.data).toMatchObject({ ok: true });
  expect(verify(s.hookSecret, target.got.at(-1)!).type).toBe('test');
}

/** The ids of the keys the stored secrets are sealed under, each once. */
async function keysInDump() {
  const dump = await databaseDump(database.db);
  return [...new Set([...dump.matchAll(/enc:v1:([\w-]{11}):/g)].map((m) => m[1]))].sort();
}

interface Setup {
  admin: Awaited<ReturnType<typeof tenantWithSessions>>['as']['admin'];
  sms: number;
  hook: number;
  hookSecret: string;
}

describe('rotating the secrets key', () => {
  it('keeps every secret working through the rotation, and leaves nothing under the old key', async () => {
    const onA = await serverOn([A]);
    const tenant = await tenantWithSessions(onA.t);
    const sms = await addIntegration(onA.t, tenant.as.admin, {
      app_id: tenant.app.id,
      type: 'sms',
      name: 'Texts',
      settings: { account_sid: ACCOUNT, phone_number: '+15005550006' },
      secrets: { auth_token: TOKEN },
    });
    const hook = await addIntegration(onA.t, tenant.as.admin, {
      app_id: tenant.app.id,
      type: 'webhook',
      name: 'CRM',
      settings: { url: `${target.url}/hooks`, events: ['message.created'] },
    });
    const s: Setup = {
      admin: tenant.as.admin,
      sms: sms.integration_id,
      hook: hook.integration_id,
      hookSecret: hook.signing_secret!,
    };
    await works(onA.t, s, 'SM-A');
    const jwtSecret = onA.t.config.jwtSecret;
    await onA.stop();
    expect(await keysInDump()).toEqual([keyIdOf(A)]);

    // Every process restarted on B, with A as the previous key: what A sealed still opens, new writes use B.
    const rotating = await serverOn([B, [A]]);
    expect(rotating.t.config.jwtSecret).toBe(jwtSecret);
    await works(rotating.t, s, 'SM-AB');
    const web = await addIntegration(rotating.t, s.admin, {
      app_id: tenant.app.id,
      type: 'web',
      name: 'Website',
      settings: { allowed_origins: ['https://shop.example.com'] },
      secrets: { identity_secret: 'widget-secret' },
    });
    expect(web.secrets_set).toEqual(['identity_secret']);
    expect(await keysInDump()).toEqual([keyIdOf(A), keyIdOf(B)].sort());

    // `npm run secrets:rotate`: the token secret, the VAPID keys, the auth token and the signing secret sealed
    // again, once.
    const box = rotating.t.config.secrets;
    expect(await resealSecrets(database.db, box, { rotate: true })).toEqual({
      sealed: 0,
      resealed: 4,
      unreadable: [],
    });
    expect(await resealSecrets(database.db, box, { rotate: true })).toMatchObject({ resealed: 0 });
    expect(await secretsNotUnderCurrentKey(database.db, box)).toBe(0);
    // What the start log warns about: none for B, every one for a key that sealed nothing here.
    expect(await secretsUnderUnknownKeys(database.db, secretsBox(B))).toBe(0);
    expect(await secretsUnderUnknownKeys(database.db, secretsBox(C))).toBe(5);
    await rotating.stop();
    expect(await keysInDump()).toEqual([keyIdOf(B)]);

    // B alone: everything opens.
    const onB = await serverOn([B]);
    expect(onB.t.config.jwtSecret).toBe(jwtSecret);
    await works(onB.t, s, 'SM-B');
    await onB.stop();

    // A key that sealed nothing here: the start stops with the reason; given a process anyway, the routes
    // that need a secret say so while the others answer as ever.
    await expect(loadJwtSecret(database.db, secretsBox(C))).rejects.toThrow(
      new RegExp(`sealed under key ${keyIdOf(B)}, which is neither the current key .*SECRETS_KEY_PREVIOUS`),
    );
    const wrong = await serverOn([C], { jwtSecret });
    const inbound = await fromTwilio(wrong.t, s.sms, 'SM-C');
    expect(inbound.statusCode).toBe(503);
    expect(inbound.json().error.message).toMatch(/cannot be opened with the server’s key/);
    const tested = await call(wrong.t.app, 'POST', '/integration/test', {
      as: s.admin,
      body: { integration_id: s.hook },
    });
    expect(tested.status).toBe(200);
    expect(tested.body.data).toMatchObject({ ok: false, error: expect.stringContaining(keyIdOf(B)) });
    const listed = await call(wrong.t.app, 'GET', '/integrations', {
      as: s.admin,
      query: { app_id: tenant.app.id },
    });
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((i: { secrets_set: string[] }) => i.secrets_set)).toEqual([
      ['signing_secret'],
      ['auth_token'],
      ['identity_secret'],
    ]);
    expect((await wrong.t.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
    // Rotating with a key that opens nothing changes nothing and says what it could not open.
    const report = await resealSecrets(database.db, wrong.t.config.secrets, { rotate: true });
    expect(report).toMatchObject({ resealed: 0 });
    expect(report.unreadable).toHaveLength(5);
    await wrong.stop();
    expect(await keysInDump()).toEqual([keyIdOf(B)]);
  });
});
