import { describe, expect, it } from 'vitest';
import { call, useTestApp } from '../../../test/app.ts';

const t = useTestApp();

describe('health and the API shell', () => {
  it('reports ok and which database it runs on', async () => {
    const res = await call(t.app, 'GET', '/health');
    expect(res.status).toBe(200);
    const engine = process.env.TEST_DB_ENGINE === 'postgres' ? 'postgres' : 'embedded';
    expect(res.body).toEqual({ success: true, data: { status: 'ok', database: engine } });
  });

  it('answers an unknown API path with a JSON 404 envelope', async () => {
    const res = await call(t.app, 'GET', '/no/such/thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    expect(res.body.message).toBe(res.body.error.message);
  });

  it('answers malformed JSON with 400 and no stack', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: { code: 'BAD_REQUEST' } });
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('sends a request id on every answer', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(res.headers['x-request-id']).toBe('abc-123');
  });

  it('sends the security headers on answers, errors and unknown paths alike', async () => {
    for (const url of ['/api/v1/health', '/api/v1/no-such-thing', '/api/v1/portal/poll?token=nope']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob:");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      expect(res.headers['cross-origin-embedder-policy']).toBeUndefined();
      expect(res.headers['x-powered-by']).toBeUndefined();
      expect(res.headers['x-request-id']).toBeTruthy();
    }
  });

  it('serves an OpenAPI 3.1 document and the docs page', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const doc = json.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/v1/health');
    // Every operation is documented and filed under its area (routes declare neither twice: route-spec.ts).
    const undocumented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops as Record<string, { summary?: string; tags?: string[] }>)
        .filter(([, op]) => !op.summary || op.tags?.length !== 1)
        .map(([method]) => `${method} ${path}`),
    );
    expect(undocumented).toEqual([]);
    expect(doc.paths['/api/v1/queues'].put.tags).toEqual(['queues']);
    expect(doc.paths['/api/v1/queues'].put.responses['200']).toBeTruthy();
    expect(doc.paths['/api/v1/queues'].post.responses['201']).toBeTruthy();
    expect(doc.paths['/api/v1/admin/user-app'].put.tags).toEqual(['admin: memberships']);
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});

describe('bodiless calls', () => {
  it('accepts a JSON content type with an empty body as no body', async () => {
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/no/such/thing',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    // Reaches routing (a 404 for the path) instead of failing as malformed JSON.
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('still refuses a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: 'not json',
    });
    expect(res.statusCode).toBe(400);
  });
});
