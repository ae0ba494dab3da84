import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from '../../test/answers.ts';
import { call, loginAs, useTestApp } from '../../test/app.ts';
import { createTenant, PASSWORD } from '../../test/factories.ts';
import { type ApiRoute, apiRoutesOf, fieldsOf } from '../../test/routes.ts';

/**
 * Every validation message a client can read is the product's sentence (contract/src/sentences.ts): each
 * route's body, query and path parameters are sent malformed in many ways, and no answer may carry zod's
 * own wording; every 422 names its fields with sentences.
 */
const t = useTestApp();

/** Fragments of zod's English messages (zod/v4/locales/en.js): none may reach a client. */
const ZOD_WORDING = [
  /Too small/,
  /Too big/,
  /\bexpected\b/i,
  /Invalid (input|option|string|number|discriminator|key in|value in)/,
  /Invalid (email address|URL|UUID|GUID|ISO|E\.164|IPv|base64|JSON string|JWT|cuid|ULID|nanoid)/,
  /Unrecognized keys?:/,
];

/** What a client might put in one field instead of what it takes. */
const BAD_VALUES: Record<string, unknown> = {
  number: 12345,
  negative: -1,
  zero: 0,
  fraction: 1.5,
  huge: 1e20,
  word: 'not-valid',
  long: 'x'.repeat(20_000),
  boolean: true,
  list: [1, 'a', null],
  object: { a: 1 },
  null: null,
};
const BAD_QUERY_VALUES = ['abc', '-1', '0', '1.5', '99999999999999999999', 'x'.repeat(5_000)];

type Attempt = { what: string; url: string; payload?: unknown };

/** The route's path with each parameter set to `value`. */
const pathOf = (route: ApiRoute, value: string) => route.url.replace(/:[a-z_]+/gi, value);

function attemptsFor(route: ApiRoute): Attempt[] {
  const url = pathOf(route, '1');
  const body = fieldsOf(route.schema?.body);
  const query = fieldsOf(route.schema?.querystring);
  const attempts: Attempt[] = [];
  if (route.schema?.body) {
    attempts.push({ what: 'no body', url }, { what: 'empty body', url, payload: {} });
    attempts.push({ what: 'a list as body', url, payload: [1] });
    // zod reports every field's problem, so one call with each field wrong the same way words them all.
    for (const [name, value] of Object.entries(BAD_VALUES)) {
      attempts.push({
        what: `every field ${name}`,
        url,
        payload: Object.fromEntries(body.map((f) => [f, value])),
      });
    }
  }
  for (const value of BAD_QUERY_VALUES) {
    const what = value.slice(0, 20);
    if (query.length) {
      const all = new URLSearchParams(query.map((f) => [f, value]));
      attempts.push({ what: `every query field ${what}`, url: `${url}?${all}` });
    }
    if (route.url.includes(':')) attempts.push({ what: `path ${what}`, url: pathOf(route, value) });
  }
  return attempts;
}

/** What is wrong with one answer, if anything. */
function problemsOf(status: number, text: string): string[] {
  const problems = ZOD_WORDING.filter((w) => w.test(text)).map((w) => `zod's wording ${w}`);
  if (status !== 422) return problems;
  const body = JSON.parse(text);
  const messages = Object.values((body.errors ?? {}) as Record<string, string[]>);
  if (messages.length === 0 || messages.some((m) => !Array.isArray(m) || m.length === 0)) {
    problems.push('no field errors');
  }
  for (const message of messages.flat()) {
    if (typeof message !== 'string' || !/^[A-Z"]/.test(message)) problems.push(`not a sentence: ${message}`);
  }
  if (body.message !== messages[0]?.[0]) problems.push('message is not the first field error');
  return problems;
}

describe('validation sentences', () => {
  it("answers every malformed call on every route without zod's wording, each 422 with field sentences", async () => {
    const failures: string[] = [];
    let refused = 0;
    const routes = apiRoutesOf(t.app.routeTable);
    for (const route of routes) {
      for (const attempt of attemptsFor(route)) {
        const res = await t.app.inject({
          method: route.method as 'POST',
          url: attempt.url,
          ...(attempt.payload === undefined ? {} : { payload: attempt.payload as object }),
        });
        if (res.statusCode === 422) refused++;
        for (const problem of problemsOf(res.statusCode, res.body)) {
          failures.push(
            `${route.method} ${route.url} (${attempt.what}): ${problem} in ${res.body.slice(0, 200)}`,
          );
        }
      }
    }
    expect(failures.slice(0, 30)).toEqual([]);
    // The walk reached the validators: most routes were refused many times over.
    expect(routes.length).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(1_000);
  }, 60_000);

  it('words the common problems the way the product speaks', async () => {
    const tenant = await createTenant(t.db);
    const admin = await loginAs(t.app, tenant.admin.email, PASSWORD, tenant.company.id);
    const customer = (body: unknown) => call(t.app, 'POST', '/customers', { as: admin, body });
    expect(fieldErrorsOf(await customer({ name: 'x'.repeat(201), app_ids: [0, 'two'] }))).toEqual({
      name: ['Must be 200 characters or fewer.'],
      'app_ids.0': ['Must be more than 0.'],
      'app_ids.1': ['Must be a number.'],
    });
    expect(fieldErrorsOf(await customer({ name: 'Ann' }))).toEqual({ app_ids: ['This field is required.'] });
    // A sentence of the product spec stays as the schema words it.
    expect(fieldErrorsOf(await customer({ name: 'Ann', email: 'nope', app_ids: [1] }))).toEqual({
      email: ['Please enter a valid email address'],
    });
    // Settings are checked by the service, with the same sentences.
    const sms = await call(t.app, 'POST', '/integrations', {
      as: admin,
      body: {
        app_id: tenant.app.id,
        type: 'sms',
        name: 'Texts',
        settings: { account_sid: 'AC1', phone_number: '1'.repeat(41) },
      },
    });
    expect(fieldErrorsOf(sms)).toEqual({ 'settings.phone_number': ['Must be 40 characters or fewer.'] });
  });
});
