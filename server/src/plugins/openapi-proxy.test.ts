import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { createTenant, PASSWORD } from '../../test/factories.ts';
import { expectDeclared, startValidatingProxy } from '../../test/prism.ts';

/**
 * The API run through Stoplight Prism in proxy mode, which checks every answer against the served OpenAPI
 * document and reports what does not match in `sl-violations`: successes and each error status the product
 * answers (decision 041) must all be ones the document declares, with the envelope's schema.
 */
const t = useTestApp({
  portalRateLimit: { startsPerIp: 2, messagesPerIp: 0, messagesPerToken: 0, windowMs: 60_000 },
});
const tenant = { value: undefined as unknown as Awaited<ReturnType<typeof createTenant>> };
let proxy: Awaited<ReturnType<typeof startValidatingProxy>>;
const through: typeof proxy.through = (...args) => proxy.through(...args);

beforeAll(async () => {
  tenant.value = await createTenant(t.db);
  proxy = await startValidatingProxy(t.app);
}, 60_000);

afterAll(() => proxy?.close());

describe('the API through a validating proxy', () => {
  it('answers successes the document declares', async () => {
    const { company, admin, app } = tenant.value;
    expectDeclared(await through('GET', '/health'), 200);
    const login = await through('POST', '/auth/login', { body: { email: admin.email, password: PASSWORD } });
    expectDeclared(login, 200);
    const as = { token: login.body.data.access_token as string, company: company.id };
    expectDeclared(await through('GET', '/auth/me', as), 200);
    expectDeclared(await through('GET', '/customers', as), 200);
    const made = await through('POST', '/customers', {
      ...as,
      body: { name: 'Pia Proxy', email: 'pia@example.test', app_ids: [app.id] },
    });
    expectDeclared(made, 201);
    const id = made.body.data.customer_id;
    expectDeclared(await through('GET', `/customers?id=${id}`, as), 200);
    expectDeclared(await through('PUT', `/customers?id=${id}`, { ...as, body: { notes: 'Seen' } }), 200);
    expectDeclared(await through('GET', '/conversation/poll', as), 200);
    expectDeclared(await through('GET', '/dashboards', as), 200);
    expectDeclared(await through('GET', '/apps', as), 200);
    expectDeclared(await through('DELETE', `/customers?id=${id}`, as), 200);
  });

  it('answers every error status with one the document declares, in the error envelope', async () => {
    const { company, admin, agent, app, queue } = tenant.value;
    const login = await through('POST', '/auth/login', { body: { email: admin.email, password: PASSWORD } });
    const as = { token: login.body.data.access_token as string, company: company.id };
    const refused = await through('POST', '/auth/login', {
      body: { email: admin.email, password: 'wrong-one' },
    });
    expectDeclared(refused, 401);
    expect(refused.body.error.code).toBe('UNAUTHENTICATED');
    expectDeclared(await through('GET', '/customers'), 401);
    expectDeclared(await through('GET', '/customers', { ...as, company: company.id + 1000 }), 403);
    expectDeclared(await through('GET', '/customers?id=999999', as), 404);
    expectDeclared(await through('DELETE', '/queues?id=999999', as), 404);
    // The agent is a member of the queue already.
    const member = { queue_id: queue.id, user_id: agent.id };
    expectDeclared(await through('POST', '/queue/users', { ...as, body: member }), 409);
    // Malformed on purpose: the proxy sees the request's own violations too, and passes it on.
    const invalid = await through('POST', '/customers', {
      ...as,
      body: { name: 'x'.repeat(300), app_ids: [] },
    });
    expectDeclared(invalid, 422, false);
    expect(Object.keys(invalid.body.errors)).toEqual(['name', 'app_ids']);
    expectDeclared(
      await through('POST', '/customers', { ...as, raw: { type: 'application/json', data: '{"name":' } }),
      400,
      false,
    );
    expectDeclared(
      await through('POST', '/customers', { ...as, raw: { type: 'text/csv', data: 'name\nAnn' } }),
      415,
      false,
    );
    const huge = JSON.stringify({ name: 'Ann', app_ids: [app.id], notes: 'x'.repeat(1024 * 1024 + 1) });
    expectDeclared(
      await through('POST', '/customers', { ...as, raw: { type: 'application/json', data: huge } }),
      413,
      false,
    );
    const start = {
      app_id: app.id,
      queue_id: queue.id,
      customer_info: { name: 'Sam Start', email: 'sam@example.test' },
      initial_message: 'Hello',
    };
    expectDeclared(await through('POST', '/portal/start', { body: start }), 201);
    // Two starts a minute from one address: the third or a later one is refused.
    let limited = await through('POST', '/portal/start', { body: start });
    for (let i = 0; i < 4 && limited.status === 201; i++) {
      limited = await through('POST', '/portal/start', { body: start });
    }
    expectDeclared(limited, 429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
  });

  it('declares the error envelope for every operation, and `errors` on each 422', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const ERROR = '#/components/schemas/ErrorEnvelope';
    const refOf = (answer?: { content?: Record<string, { schema?: { $ref?: string } }> }) =>
      answer?.content?.['application/json']?.schema?.$ref;
    const wrong: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations as Record<string, any>)) {
        // Health answers its own 503 (the database away: `status: "degraded"`).
        const outage = path === '/api/v1/health' || refOf(op.responses['503']) === ERROR;
        if (!outage) wrong.push(`${method} ${path}: 503`);
        const reads = op.requestBody || op.parameters?.length;
        if (reads && refOf(op.responses['422']) !== '#/components/schemas/ValidationErrorEnvelope') {
          wrong.push(`${method} ${path}: 422`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(doc.components.schemas.ValidationErrorEnvelope.required).toContain('errors');
    expect(doc.components.schemas.ErrorEnvelope.properties.error.properties.code.enum).toContain(
      'RATE_LIMITED',
    );
  });
});
