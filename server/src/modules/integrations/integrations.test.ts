import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { before, call, createTestApp, type Session, useTestApp } from '../../../test/app.ts';
import { deliverWebhooks, retryDeliveriesNow } from '../../../test/automation.ts';
import { untilReadable } from '../../../test/events.ts';
import { addIntegration } from '../../../test/integrations.ts';
import { startChat } from '../../../test/portal.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { receiver, verify } from '../../../test/webhook-receiver.ts';
import { integrationSecretContext } from '../../lib/secrets-box.ts';
import { DELIVERY_JOB } from '../channels/delivery-queue.ts';
import { consumeOnce } from '../events/consumer.ts';
import { webhookConsumer } from './deliveries.ts';

/**
 * Integrations (contract section 9) and outgoing webhooks (section 10), against local receivers: the
 * webhook target verifies signatures with the Standard Webhooks reference library.
 */
const t = useTestApp({ allowPrivateWebhookTargets: true });

const s = before(async () => ({ a: await tenantWithSessions(t), b: await tenantWithSessions(t) }));
const target = before(() => receiver());
afterAll(() => target.close());

const api = (
  as: Session,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { query?: object; body?: unknown } = {},
) =>
  call(t.app, method, url, { as, ...(opts as { query?: Record<string, string | number>; body?: unknown }) });

const flush = () => deliverWebhooks(t);

describe('managing integrations', () => {
  it('creates a webhook with a signing secret shown once, never again, and keeps secrets a change leaves out', async () => {
    const made = await addIntegration(t, s.a.as.admin, {
      app_id: s.a.app.id,
      type: 'webhook',
      name: 'CRM',
      settings: { url: `${target.url}/hooks`, events: ['message.created', 'message.created'] },
    });
    const secret = made.signing_secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(made).toMatchObject({
      type: 'webhook',
      secrets_set: ['signing_secret'],
      is_active: true,
    });
    expect(made.settings.events).toEqual(['message.created']);
    const id = made.integration_id;

    const listed = await api(s.a.as.admin, 'GET', '/integrations', { query: { app_id: s.a.app.id } });
    const changed = await api(s.a.as.admin, 'PUT', '/integrations', {
      query: { id },
      body: { name: 'CRM sync', secrets: {} },
    });
    for (const res of [listed, changed]) expect(JSON.stringify(res.body)).not.toContain(secret.slice(6));
    expect(changed.body.data).toMatchObject({ name: 'CRM sync', secrets_set: ['signing_secret'] });
    const stored = await t.db.execute<{ s: string }>(
      sql`select secrets->>'signing_secret' as s from integrations where id = ${id}`,
    );
    // Kept through the change, sealed at rest (decision 038): the server's key opens it, the row alone does not.
    expect(stored.rows[0]!.s).not.toContain(secret.slice(6));
    expect(t.config.secrets.open(stored.rows[0]!.s, integrationSecretContext(id, 'signing_secret'))).toBe(
      secret,
    );
  });

  it('checks settings and secrets by type, naming each field', async () => {
    const errors = async (body: Record<string, unknown>) =>
      (await api(s.a.as.admin, 'POST', '/integrations', { body: { app_id: s.a.app.id, name: 'X', ...body } }))
        .body.errors;
    expect(await errors({ type: 'webhook', settings: { events: [] } })).toEqual({
      'settings.url': ['Give a URL'],
      'settings.events': ['Choose at least one event'],
    });
    expect(await errors({ type: 'webhook', settings: { url: 'ftp://x.test', events: ['typing'] } })).toEqual({
      'settings.url': ['Give a full http:// or https:// URL'],
    });
    expect(await errors({ type: 'whatsapp', settings: { business_account_id: '1' } })).toEqual({
      'settings.phone_number_id': ['Phone number ID is required'],
    });
    expect(await errors({ type: 'sms', settings: { account_sid: 'AC1' } })).toEqual({
      'settings.phone_number': ['Give a phone number or a messaging service SID'],
    });
    expect(await errors({ type: 'portal', secrets: { token: 'x' } })).toEqual({
      'secrets.token': ['This type takes no secrets'],
    });
    expect(await errors({ type: 'carrier-pigeon' })).toEqual({ type: ['Choose a type'] });
  });

  it('is the app admin’s: managers and agents are refused, another company finds nothing', async () => {
    const body = { app_id: s.a.app.id, type: 'portal' as const, name: 'Portal' };
    for (const as of [s.a.as.manager, s.a.as.agent]) {
      expect((await api(as, 'POST', '/integrations', { body })).status).toBe(403);
    }
    const { integration_id: id } = await addIntegration(t, s.a.as.admin, body);
    for (const [method, url] of [
      ['PUT', '/integrations'],
      ['DELETE', '/integrations'],
      ['GET', '/integration/webhook-info'],
    ] as const) {
      expect((await api(s.b.as.admin, method, url, { query: { id }, body: {} })).status).toBe(404);
    }
    expect(
      (await api(s.b.as.admin, 'POST', '/integration/test', { body: { integration_id: id } })).status,
    ).toBe(404);
    expect((await api(s.a.as.admin, 'DELETE', '/integrations', { query: { id } })).status).toBe(200);
    expect((await api(s.a.as.admin, 'DELETE', '/integrations', { query: { id } })).status).toBe(404);
  });

  it('gives the webhook info to paste into each provider', async () => {
    const wa = await addIntegration(t, s.a.as.admin, {
      app_id: s.a.app.id,
      type: 'whatsapp',
      name: 'WhatsApp',
      settings: { phone_number_id: '1055', business_account_id: '2077' },
      secrets: { app_secret: 'shh', access_token: 'EAAG' },
    });
    const id = wa.integration_id;
    const token = wa.settings.verify_token as string;
    expect(token.length).toBeGreaterThanOrEqual(16);
    expect(wa.secrets_set).toEqual(['access_token', 'app_secret']);
    const info = await api(s.a.as.admin, 'GET', '/integration/webhook-info', { query: { id } });
    expect(info.body.data).toMatchObject({
      url: `http://inbox.test/api/v1/channels/whatsapp/${id}`,
      method: 'POST',
      verify_token: token,
      signature: { header: 'X-Hub-Signature-256' },
    });
    // A change without a verify token keeps the one generated.
    const changed = await api(s.a.as.admin, 'PUT', '/integrations', {
      query: { id },
      body: { settings: { phone_number_id: '1056', business_account_id: '2077' } },
    });
    expect(changed.body.data.settings).toMatchObject({ phone_number_id: '1056', verify_token: token });
  });
});

describe('outgoing webhooks', () => {
  it('delivers chosen events of its app, signed, once each; retries with the same id until a 2xx', async () => {
    const flaky = await receiver([500]);
    try {
      const made = await addIntegration(t, s.a.as.admin, {
        app_id: s.a.app.id,
        type: 'webhook',
        name: 'Events',
        settings: { url: `${flaky.url}/in`, events: ['conversation.created', 'message.created'] },
      });
      const secret = made.signing_secret as string;
      const chat = await startChat(t.app, s.a.app.id, { queueId: s.a.queue.id, message: 'Hello webhook' });
      await startChat(t.app, s.b.app.id, { queueId: s.b.queue.id, message: 'Not for you' });
      await flush();
      // The first call met a 500: it waits for its retry, the other went through.
      expect(flaky.got).toHaveLength(2);
      await retryDeliveriesNow(t);
      await flush();
      expect(flaky.got).toHaveLength(3);
      const verified = flaky.got.map((r) => ({
        id: String(r.headers['webhook-id']),
        payload: verify(secret, r),
      }));
      expect(verified[0]!.id).toBe(verified[2]!.id);
      expect(new Set(verified.map((v) => v.payload.type))).toEqual(
        new Set(['conversation.created', 'message.created']),
      );
      const message = verified.find((v) => v.payload.type === 'message.created')!.payload;
      expect(message).toMatchObject({
        event_id: expect.any(Number),
        created_ts: expect.any(String),
        data: { message: { content: 'Hello webhook', sender_type: 'customer' } },
      });
      expect(flaky.got.every((r) => !r.body.includes('Not for you'))).toBe(true);
      const status = await api(s.a.as.admin, 'GET', '/integrations', { query: { app_id: s.a.app.id } });
      const events = status.body.data.find(
        (i: { integration_id: number }) => i.integration_id === made.integration_id,
      );
      expect(events.status).toMatchObject({ last_error: null, last_event_ts: expect.any(String) });
      expect(chat.conversationId).toBeGreaterThan(0);
      // A tampered body fails the reference check.
      const said = flaky.got.find((r) => r.body.includes('Hello webhook'))!;
      expect(() => verify(secret, said, said.body.replace('Hello', 'Jello'))).toThrow();
    } finally {
      await flaky.close();
    }
  });

  it('makes a real signed test call and records its result', async () => {
    const failing = await receiver([503]);
    try {
      const made = await addIntegration(t, s.a.as.admin, {
        app_id: s.a.app.id,
        type: 'webhook',
        name: 'Tested',
        settings: { url: failing.url, events: ['typing'] },
      });
      const id = made.integration_id;
      const bad = await api(s.a.as.admin, 'POST', '/integration/test', { body: { integration_id: id } });
      expect(bad.body.data).toMatchObject({
        ok: false,
        status_code: 503,
        error: expect.stringContaining('503'),
      });
      const good = await api(s.a.as.admin, 'POST', '/integration/test', { body: { integration_id: id } });
      expect(good.body.data).toMatchObject({ ok: true, status_code: 200, error: null });
      const payload = verify(made.signing_secret!, failing.got[1]!);
      expect(payload).toMatchObject({ type: 'test', data: { integration_id: id } });
      const listed = await api(s.a.as.admin, 'GET', '/integrations', { query: { app_id: s.a.app.id } });
      const row = listed.body.data.find((i: { integration_id: number }) => i.integration_id === id);
      expect(row.status.last_test).toMatchObject({ ok: true, status_code: 200 });
    } finally {
      await failing.close();
    }
  });

  it('checks channel credentials against the provider API (a local Twilio)', async () => {
    const twilio = http.createServer((req, res) => {
      const ok = req.headers.authorization === `Basic ${Buffer.from('AC123:right-token').toString('base64')}`;
      const path = req.url === '/2010-04-01/Accounts/AC123.json';
      res
        .writeHead(ok && path ? 200 : 401, { 'content-type': 'application/json' })
        .end(JSON.stringify(ok ? { sid: 'AC123' } : { message: 'Authenticate' }));
    });
    await new Promise<void>((r) => twilio.listen(0, '127.0.0.1', r));
    t.app.deps.config.twilioApiUrl = `http://127.0.0.1:${(twilio.address() as AddressInfo).port}`;
    try {
      const made = await addIntegration(t, s.a.as.admin, {
        app_id: s.a.app.id,
        type: 'sms',
        name: 'SMS',
        settings: { account_sid: 'AC123', phone_number: '+15005550006' },
        secrets: { auth_token: 'wrong-token' },
      });
      const id = made.integration_id;
      const wrong = await api(s.a.as.admin, 'POST', '/integration/test', { body: { integration_id: id } });
      expect(wrong.body.data).toMatchObject({
        ok: false,
        status_code: 401,
        error: 'The provider answered 401: Authenticate',
      });
      await api(s.a.as.admin, 'PUT', '/integrations', {
        query: { id },
        body: { secrets: { auth_token: 'right-token' } },
      });
      const right = await api(s.a.as.admin, 'POST', '/integration/test', { body: { integration_id: id } });
      expect(right.body.data).toMatchObject({ ok: true, status_code: 200 });
    } finally {
      twilio.close();
    }
  });
});

describe('private targets', () => {
  it('refuses loopback, private, link-local and metadata addresses when saved and when delivering', async () => {
    const strict = await createTestApp({ allowPrivateWebhookTargets: false });
    try {
      const tenant = await tenantWithSessions(strict);
      const make = (url: string) =>
        call(strict.app, 'POST', '/integrations', {
          as: tenant.as.admin,
          body: {
            app_id: tenant.app.id,
            type: 'webhook',
            name: 'X',
            settings: { url, events: ['message.created'] },
          },
        });
      for (const url of [
        'http://127.0.0.1:8080/hook',
        'http://localhost:8080/hook',
        'http://10.1.2.3/hook',
        'http://192.168.0.10/hook',
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]:8080/hook',
        'http://[::ffff:127.0.0.1]/hook',
      ]) {
        const res = await make(url);
        expect(res.status, url).toBe(422);
        expect(res.body.errors['settings.url'][0]).toMatch(/private or local network/);
      }
      // A target that became private after it was saved is refused at delivery too.
      const ok = await call(strict.app, 'POST', '/integrations', {
        as: tenant.as.admin,
        body: { app_id: tenant.app.id, type: 'api', name: 'API' },
      });
      expect(ok.status).toBe(201);
      await strict.db.execute(sql`update integrations set type = 'webhook',
        settings = ${JSON.stringify({ url: `${target.url}/sneaky`, events: ['message.created'] })}::jsonb
        where id = ${ok.body.data.integration_id}`);
      const before = target.got.length;
      await startChat(strict.app, tenant.app.id, { queueId: tenant.queue.id, message: 'Hello' });
      await untilReadable(strict.db);
      while ((await consumeOnce(strict.db, webhookConsumer(strict.app.jobs))) > 0) {}
      await strict.app.jobs.drain(DELIVERY_JOB);
      expect(target.got.length).toBe(before);
      const failed = await strict.db.execute<{ last_error: string }>(
        sql`select last_error from webhook_deliveries where integration_id = ${ok.body.data.integration_id}`,
      );
      expect(failed.rows[0]!.last_error).toMatch(/private or local network/);
    } finally {
      await strict.close();
    }
  });
});
