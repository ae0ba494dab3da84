import { IDENTITY_NOT_VERIFIED } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { before, call, useTestApp } from '../../../test/app.ts';
import { addIntegration } from '../../../test/integrations.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';
import { identityHash } from './identity.ts';

/**
 * The website widget (contract section 10): its script and demo page, and chats started from it. Only a
 * visitor the host site vouches for (an HMAC of their email under the web integration's identity secret)
 * joins the customer who has that email.
 */
const t = useTestApp();
const SECRET = 'widget-identity-secret';

const w = before(async () => {
  const a = await tenantWithSessions(t);
  const web = await addIntegration(t, a.as.admin, {
    app_id: a.app.id,
    type: 'web',
    name: 'Website',
    settings: { allowed_origins: ['https://shop.example.com'] },
    secrets: { identity_secret: SECRET },
  });
  // A customer who wrote before through the portal.
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/v1/portal/start',
    payload: {
      app_id: a.app.id,
      customer_info: { name: 'Ada Known', email: 'ada@example.com' },
      initial_message: 'Earlier question',
      queue_id: a.queue.id,
    },
  });
  expect(first.statusCode, first.body).toBe(201);
  return { a, integrationId: web.integration_id };
});

const startFromWidget = (email: string, hash?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/portal/start',
    payload: {
      app_id: w.a.app.id,
      customer_info: { name: 'Visitor', email },
      initial_message: 'Hello from the website',
      queue_id: w.a.queue.id,
      via_widget: true,
      ...(hash === undefined ? {} : { identity_hash: hash }),
    },
  });

const conversationOf = async (id: number) =>
  (
    await t.db.execute<{
      channel: string;
      integration_id: number;
      customer_id: number;
      email: string | null;
    }>(sql`
      select c.channel, c.integration_id, c.customer_id, cu.email
      from conversations c join customers cu on cu.id = c.customer_id where c.id = ${id}`)
  ).rows[0]!;

const knownCustomer = async () =>
  Number(
    (await t.db.execute<{ id: number }>(sql`select id from customers where email = 'ada@example.com'`))
      .rows[0]!.id,
  );

describe('website widget', () => {
  it('serves its script to any site, cacheable, and a demo page that loads it', async () => {
    const js = await t.app.inject({ method: 'GET', url: '/widget.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toContain('application/javascript');
    expect(js.headers['cache-control']).toBe('public, max-age=300');
    expect(js.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(js.body).toContain("attachShadow({ mode: 'open' })");
    const demo = await t.app.inject({ method: 'GET', url: `/widget-demo?app_id=${w.a.app.id}` });
    expect(demo.body).toContain(
      `<script src="${t.config.publicUrl}/widget.js" data-app-id="${w.a.app.id}" async></script>`,
    );
    const info = await call(t.app, 'GET', '/integration/webhook-info', {
      as: w.a.as.admin,
      query: { id: w.integrationId },
    });
    expect(info.body.data.snippet).toBe(
      `<script src="${t.config.publicUrl}/widget.js" data-app-id="${w.a.app.id}" async></script>`,
    );
  });

  it('gives any site the bubble colour set on the app’s web integration', async () => {
    const settings = async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/widget/settings?app_id=${w.a.app.id}` });
      expect(res.headers['access-control-allow-origin']).toBe('*');
      return res.json().data;
    };
    expect(await settings()).toEqual({ color: null });
    const bad = await call(t.app, 'PUT', '/integrations', {
      as: w.a.as.admin,
      query: { id: w.integrationId },
      body: { settings: { allowed_origins: ['https://shop.example.com'], color: 'red;}' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['settings.color']).toEqual(['Give a colour such as #2563eb']);
    const set = await call(t.app, 'PUT', '/integrations', {
      as: w.a.as.admin,
      query: { id: w.integrationId },
      body: { settings: { allowed_origins: ['https://shop.example.com'], color: '#2563eb' } },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await settings()).toEqual({ color: '#2563eb' });
  });

  it('joins a verified visitor to the customer with that email, in the web channel', async () => {
    const res = await startFromWidget('ADA@example.com', identityHash(SECRET, 'ada@example.com'));
    expect(res.statusCode, res.body).toBe(201);
    const c = await conversationOf(res.json().data.conversation_id);
    expect(c).toMatchObject({
      channel: 'web',
      integration_id: w.integrationId,
      customer_id: await knownCustomer(),
    });
  });

  it('makes an unverified visitor a new customer, never the one who owns the email', async () => {
    const res = await startFromWidget('ada@example.com');
    expect(res.statusCode, res.body).toBe(201);
    const c = await conversationOf(res.json().data.conversation_id);
    expect(c.customer_id).not.toBe(await knownCustomer());
    expect(c.email).toBeNull();
    const [attrs] = (
      await t.db.execute<{ attributes: Record<string, string> }>(
        sql`select attributes from customers where id = ${c.customer_id}`,
      )
    ).rows;
    expect(attrs!.attributes).toEqual({ unverified_email: 'ada@example.com' });
    // An email nobody holds yet is the visitor's, as on the portal.
    const fresh = await startFromWidget('new.visitor@example.com');
    expect((await conversationOf(fresh.json().data.conversation_id)).email).toBe('new.visitor@example.com');
  });

  it('answers 422 to a hash that does not match, and stores nothing', async () => {
    const before = Number(
      (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from conversations`)).rows[0]!.n,
    );
    const res = await startFromWidget('ada@example.com', identityHash('another-secret', 'ada@example.com'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.identity_hash).toEqual([IDENTITY_NOT_VERIFIED]);
    const after = Number(
      (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from conversations`)).rows[0]!.n,
    );
    expect(after).toBe(before);
  });
});
