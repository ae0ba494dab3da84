import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf, errorOf, fieldErrorsOf } from '../../../test/answers.ts';
import { addApiIntegration, makeKey, withKey } from '../../../test/api-keys.ts';
import { before, call, type Session, useTestApp } from '../../../test/app.ts';
import { addWebhook } from '../../../test/automation.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';

/** Managing API keys (contract section 9): the company admin's, the key shown once, grants per integration. */
const t = useTestApp({ allowPrivateWebhookTargets: true });
const s = before(async () => {
  const a = await tenantWithSessions(t);
  const b = await tenantWithSessions(t);
  const integration = await addApiIntegration(t, a.as.admin, a.app.id);
  const otherCompanys = await addApiIntegration(t, b.as.admin, b.app.id);
  return {
    a,
    b,
    integrationId: integration.integration_id,
    otherIntegrationId: otherCompanys.integration_id,
  };
});

const api = (
  as: Session,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  opts: { body?: unknown; query?: Record<string, string | number> } = {},
) => call(t.app, method, path, { as, ...opts });

describe('creating and listing keys', () => {
  it('shows the key once, keeps only its hash, and lists it by prefix without the key', async () => {
    const made = await api(s.a.as.admin, 'POST', '/api-keys/create', { body: { name: '  Shop  ' } });
    expect(made.status).toBe(201);
    const key = made.body.data.key as string;
    expect(key).toMatch(/^sik_[A-Za-z0-9_-]{43}$/);
    expect(made.body.data).toMatchObject({
      name: 'Shop',
      prefix: key.slice(0, 12),
      permissions: [],
      expires_ts: null,
      last_used_ts: null,
    });
    const stored = await t.db.execute<{ key_hash: string }>(
      sql`select key_hash from api_keys where id = ${made.body.data.api_key_id}`,
    );
    expect(stored.rows[0]!.key_hash).not.toContain(key.slice(4));
    const listed = await api(s.a.as.admin, 'GET', '/api-keys/list');
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(key);
    expect(listed.body.data.map((k: { name: string }) => k.name)).toContain('Shop');
    const one = await api(s.a.as.admin, 'GET', '/api-keys/get', { query: { id: made.body.data.api_key_id } });
    expect(one.body.data).not.toHaveProperty('key');
  });

  it('validates the name and a future expiry with field errors', async () => {
    const bad = await api(s.a.as.admin, 'POST', '/api-keys/create', {
      body: { name: ' ', expires_ts: '2001-01-01T00:00:00Z' },
    });
    expect(fieldErrorsOf(bad).name).toEqual(['Name is required']);
    expect(bad.body.errors.expires_ts).toEqual(['The expiry must be in the future']);
  });

  it('is the company admin’s alone: managers and agents get 403, another company’s key 404', async () => {
    for (const who of [s.a.as.manager, s.a.as.agent]) {
      expect((await api(who, 'GET', '/api-keys/list')).status).toBe(403);
      expect((await api(who, 'POST', '/api-keys/create', { body: { name: 'x' } })).status).toBe(403);
      expect((await api(who, 'GET', '/api-keys/integrations')).status).toBe(403);
    }
    const theirs = await makeKey(t, s.b.as.admin, []);
    expect((await api(s.a.as.admin, 'GET', '/api-keys/get', { query: { id: theirs.id } })).status).toBe(404);
    expect(
      (
        await api(s.a.as.admin, 'PUT', '/api-keys/update', {
          query: { id: theirs.id },
          body: { name: 'Mine' },
        })
      ).status,
    ).toBe(404);
    expect((await api(s.a.as.admin, 'DELETE', '/api-keys/delete', { query: { id: theirs.id } })).status).toBe(
      404,
    );
    const grant = await api(s.a.as.admin, 'POST', '/api-keys/permissions/grant', {
      body: { api_key_id: theirs.id, integration_id: s.integrationId, permission_id: 'customers:read' },
    });
    expect(grant.status).toBe(404);
  });
});

describe('grants', () => {
  it('lists what can be granted, grants once (409 again), refuses outgoing webhooks and other companies’ integrations', async () => {
    const hook = await addWebhook(t, s.a.as.admin, s.a.app.id, ['message.created']);
    const grantable = await api(s.a.as.admin, 'GET', '/api-keys/integrations');
    const ids = grantable.body.data.map((i: { integration_id: number }) => i.integration_id);
    expect(ids).toContain(s.integrationId);
    expect(ids).not.toContain(hook);
    expect(ids).not.toContain(s.otherIntegrationId);
    const entry = grantable.body.data.find(
      (i: { integration_id: number }) => i.integration_id === s.integrationId,
    );
    expect(entry.permissions.map((p: { permission: string }) => p.permission)).toEqual([
      'conversations:read',
      'messages:send',
      'customers:read',
      'customers:write',
      'conversations:write',
    ]);
    const { id } = await makeKey(t, s.a.as.admin, []);
    const body = (integration_id: number, permission_id = 'customers:read') => ({
      body: { api_key_id: id, integration_id, permission_id },
    });
    const first = await api(s.a.as.admin, 'POST', '/api-keys/permissions/grant', body(s.integrationId));
    expect(dataOf(first, 201)).toMatchObject({
      integration_id: s.integrationId,
      permission: 'customers:read',
    });
    expect(
      (await api(s.a.as.admin, 'POST', '/api-keys/permissions/grant', body(s.integrationId))).status,
    ).toBe(409);
    expect((await api(s.a.as.admin, 'POST', '/api-keys/permissions/grant', body(hook))).status).toBe(422);
    expect(
      (await api(s.a.as.admin, 'POST', '/api-keys/permissions/grant', body(s.otherIntegrationId))).status,
    ).toBe(404);
    const unknown = await api(
      s.a.as.admin,
      'POST',
      '/api-keys/permissions/grant',
      body(s.integrationId, 'customers:delete'),
    );
    expect(fieldErrorsOf(unknown).permission_id).toBeDefined();
    const key = await api(s.a.as.admin, 'GET', '/api-keys/get', { query: { id } });
    expect(key.body.data.permissions).toEqual([first.body.data]);
  });
});

describe('a key at work', () => {
  it('records its last use, and stops at once when revoked, expired or deleted', async () => {
    const { id, key } = await makeKey(t, s.a.as.admin, [
      { integrationId: s.integrationId, permission: 'customers:read' },
    ]);
    expect((await withKey(t, key, 'GET', '/customers')).status).toBe(200);
    const used = await api(s.a.as.admin, 'GET', '/api-keys/get', { query: { id } });
    expect(Date.parse(used.body.data.last_used_ts)).toBeGreaterThan(Date.now() - 60_000);

    const grant = used.body.data.permissions[0].permission_id;
    expect(
      (await api(s.a.as.admin, 'DELETE', '/api-keys/permissions/revoke', { query: { permission_id: grant } }))
        .status,
    ).toBe(200);
    expect((await withKey(t, key, 'GET', '/customers')).status).toBe(403);
    expect(
      (await api(s.a.as.admin, 'DELETE', '/api-keys/permissions/revoke', { query: { permission_id: grant } }))
        .status,
    ).toBe(404);

    await api(s.a.as.admin, 'POST', '/api-keys/permissions/grant', {
      body: { api_key_id: id, integration_id: s.integrationId, permission_id: 'customers:read' },
    });
    expect((await withKey(t, key, 'GET', '/customers')).status).toBe(200);
    await t.db.execute(sql`update api_keys set expires_at = now() - interval '1 second' where id = ${id}`);
    const expired = await withKey(t, key, 'GET', '/customers');
    expect(errorOf(expired, 401).code).toBe('UNAUTHENTICATED');

    const renewed = await api(s.a.as.admin, 'PUT', '/api-keys/update', {
      query: { id },
      body: { name: 'Renamed', expires_ts: null },
    });
    expect(renewed.body.data).toMatchObject({ name: 'Renamed', expires_ts: null });
    expect((await withKey(t, key, 'GET', '/customers')).status).toBe(200);

    expect((await api(s.a.as.admin, 'DELETE', '/api-keys/delete', { query: { id } })).status).toBe(200);
    expect((await withKey(t, key, 'GET', '/customers')).status).toBe(401);
  });

  it('acts only while its integration is switched on, and never in another company', async () => {
    const { key } = await makeKey(t, s.a.as.admin, [
      { integrationId: s.integrationId, permission: 'customers:read' },
    ]);
    await api(s.a.as.admin, 'PUT', '/integrations', {
      query: { id: s.integrationId },
      body: { is_active: false },
    });
    expect((await withKey(t, key, 'GET', '/customers')).status).toBe(403);
    await api(s.a.as.admin, 'PUT', '/integrations', {
      query: { id: s.integrationId },
      body: { is_active: true },
    });
    const listed = await call(t.app, 'GET', '/customers', {
      headers: { 'x-api-key': key, 'x-company-id': String(s.b.company.id) },
    });
    // The header names another company; the key still acts in its own.
    expect(listed.status).toBe(200);
    const theirs = await call(t.app, 'GET', '/customers', { as: s.b.as.admin });
    const mine = new Set(listed.body.data.map((c: { customer_id: number }) => c.customer_id));
    for (const c of theirs.body.data) expect(mine.has(c.customer_id)).toBe(false);
  });

  it('writes an activity for each change to keys and grants', async () => {
    const { id } = await makeKey(
      t,
      s.a.as.admin,
      [{ integrationId: s.integrationId, permission: 'messages:send' }],
      'Audited',
    );
    await api(s.a.as.admin, 'DELETE', '/api-keys/delete', { query: { id } });
    const feed = await api(s.a.as.admin, 'GET', '/activities', { query: { type: 'api_key' } });
    const types = feed.body.data
      .filter((a: { subject: { id: string } }) => String(a.subject.id) === String(id))
      .map((a: { type: string }) => a.type);
    expect(types.sort()).toEqual(['api_key.created', 'api_key.deleted', 'api_key.permission_granted']);
  });
});
