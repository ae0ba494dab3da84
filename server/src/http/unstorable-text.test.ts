import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { dataOf, fieldErrorsOf } from '../../test/answers.ts';
import { call, loginAs, useTestApp } from '../../test/app.ts';
import { createTenant, PASSWORD } from '../../test/factories.ts';
import { PNG } from '../../test/files.ts';
import { startChat, uploadFile } from '../../test/portal.ts';
import { apiRoutesOf, fieldsOf } from '../../test/routes.ts';
import { MAX_NESTING, TOO_DEEP_MESSAGE, UNSTORABLE_TEXT_MESSAGE } from './unstorable-text.ts';

/**
 * Text PostgreSQL cannot store (a NUL byte; half a surrogate pair, which JSONB rejects) answers 422 naming
 * the field on every route, for every field of its body and query, instead of a 500 from the database.
 */
const t = useTestApp();
let portalToken: string;
let tenant: Awaited<ReturnType<typeof createTenant>>;

beforeAll(async () => {
  tenant = await createTenant(t.db);
  portalToken = (await startChat(t.app, tenant.app.id, { queueId: tenant.queue.id })).token;
});

const apiRoutes = () => apiRoutesOf(t.app.routeTable);

/** The route's URL with every parameter set to 1, the portal token added for portal calls. */
function urlOf(route: RouteOptions, query: Record<string, string> = {}) {
  const path = route.url.replace(/:[a-z_]+/gi, '1');
  const params = new URLSearchParams(
    route.url.includes('/portal/') ? { token: portalToken, ...query } : query,
  );
  return `${path}?${params.toString().replaceAll('%25', '%')}`;
}

const BAD = { nul: 'bad\u0000text', surrogate: 'bad\ud800text' };

describe('unstorable text', () => {
  it('covers routes with bodies and queries (the walk itself works)', () => {
    const withBody = apiRoutes().filter((r) => fieldsOf(r.schema?.body).length > 0);
    const withQuery = apiRoutes().filter((r) => fieldsOf(r.schema?.querystring).length > 0);
    expect(withBody.length).toBeGreaterThan(30);
    expect(withQuery.length).toBeGreaterThan(5);
  });

  it.each(Object.entries(BAD))('answers 422 naming each body field that holds a %s', async (_, bad) => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      for (const field of fieldsOf(route.schema?.body as ZodType)) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: urlOf(route),
          payload: { [field]: bad },
        });
        const errors = res.json().errors?.[field];
        if (res.statusCode !== 422 || !errors?.includes(UNSTORABLE_TEXT_MESSAGE)) {
          failures.push(
            `${route.method} ${route.url} body.${field}: ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 422 naming each query field that holds a NUL byte', async () => {
    const failures: string[] = [];
    for (const route of apiRoutes()) {
      for (const field of fieldsOf(route.schema?.querystring as ZodType)) {
        if (field === 'token') continue; // the portal token is the session: a bad one is 401, never stored
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: urlOf(route, { [field]: 'bad%00text' }),
        });
        const errors = res.json().errors?.[field];
        if (res.statusCode !== 422 || !errors?.includes(UNSTORABLE_TEXT_MESSAGE)) {
          failures.push(
            `${route.method} ${route.url} query.${field}: ${res.statusCode} ${res.body.slice(0, 120)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('names nested fields, and refuses a bad login email before it reaches the database', async () => {
    const start = await call(t.app, 'POST', '/portal/start', {
      body: {
        app_id: tenant.app.id,
        queue_id: tenant.queue.id,
        customer_info: { name: 'Nul\u0000Name', email: 'n@example.test' },
        initial_message: 'Hi',
      },
    });
    expect(start.status).toBe(422);
    expect(start.body.errors['customer_info.name']).toEqual([UNSTORABLE_TEXT_MESSAGE]);
    const login = await call(t.app, 'POST', '/auth/login', {
      body: { email: 'a\u0000@b.test', password: 'x' },
    });
    expect(fieldErrorsOf(login).email).toEqual([UNSTORABLE_TEXT_MESSAGE]);
  });

  it('refuses a body nested deeper than any field of the API with 422, and keeps answering', async () => {
    // 5,000 arrays deep: a recursive walk overflowed Node's stack here and answered 500.
    const res = await call(t.app, 'POST', '/portal/messages', {
      headers: { authorization: `Bearer ${portalToken}`, 'content-type': 'application/json' },
      body: `{"content":"Hi","extra":${'['.repeat(5000)}${']'.repeat(5000)}}`,
    });
    const path = ['extra', ...Array.from({ length: MAX_NESTING - 1 }, () => '0')].join('.');
    expect(fieldErrorsOf(res)).toEqual({ [path]: [TOO_DEEP_MESSAGE] });
    // The process is fine and the same chat takes the next message, a shallow extra field and all.
    const next = await call(t.app, 'POST', '/portal/messages', {
      headers: { authorization: `Bearer ${portalToken}` },
      body: { content: 'Still here', extra: { a: { b: ['fine'] } } },
    });
    expect(dataOf(next, 201).content).toBe('Still here');
  });

  it('leaves the data as it was when a signed-in agent sends a bad message', async () => {
    const agent = await loginAs(t.app, tenant.agent.email, PASSWORD, tenant.company.id);
    const { conversationId } = await startChat(t.app, tenant.app.id, {
      queueId: tenant.queue.id,
      message: 'first',
    });
    const thread = async () => {
      const { data } = (
        await call(t.app, 'GET', '/conversation/poll', {
          as: agent,
          query: { conversation_id: conversationId },
        })
      ).body;
      return { conversation: data.conversation, messages: data.messages };
    };
    const before = await thread();
    expect(before.messages.length).toBeGreaterThan(0);
    const res = await call(t.app, 'POST', '/messages', {
      as: agent,
      body: { conversation_id: conversationId, content: 'broken \ud83d half' },
    });
    expect(fieldErrorsOf(res).content).toEqual([UNSTORABLE_TEXT_MESSAGE]);
    expect(await thread()).toEqual(before);
  });

  it('stores an uploaded file whose name holds a NUL byte or half a pair under a cleaned name', async () => {
    const res = await uploadFile(t.app, portalToken, 'a\u0000b\ud800.png', PNG, 'image/png');
    expect(res.status).toBe(201);
    expect(res.body.data.original_filename).toBe('ab\ufffd.png');
  });
});
