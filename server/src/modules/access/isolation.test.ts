import { API_PERMISSIONS } from '@inbox/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeKey, withKey } from '../../../test/api-keys.ts';
import { call, loginAs, type Session, useTestApp } from '../../../test/app.ts';
import { runConsumers } from '../../../test/automation.ts';
import { PASSWORD } from '../../../test/factories.ts';
import { type Ids, seedCompany } from '../../../test/isolation-seed.ts';
import { type ApiRoute, apiRoutesOf, fieldsOf } from '../../../test/routes.ts';
import { conversations } from '../../db/schema/index.ts';
import { foldCountChanges } from '../conversations/counts.ts';

/**
 * Company B, with every permission in its own company, tries every console and portal route with company
 * A's ids. B must not be able to tell A's records from ids that do not exist (same status, same answer),
 * and A's rows, in every table with a `company_id`, must be exactly as they were.
 */
// Webhooks may name a local port: the seed's delivery is refused at once instead of waiting on a remote host.
const t = useTestApp({ allowPrivateWebhookTargets: true });
const A = {} as Ids;
const B = {} as Ids;
let bAdmin: Session;
let bPortalToken: string;
let aInbound: number;
let bInbound: number;

/** Tables whose rows of A are written by the seed but may change on their own (not by B): checked for coverage only. */
const SELF_CHANGING = new Set([
  'typing_signals',
  // The webhook sender retries A's delivery (and notes the failure on the integration) on its own schedule.
  'webhook_deliveries',
  'integrations',
]);

/**
 * Tables whose rows of A move between each other on their own: the fold job moves the company's count
 * changes into its counts every minute, so even their number of rows may differ. Checked for coverage only.
 */
const FOLDED = new Set([
  'conversation_count_changes',
  'conversation_counts',
  'conversation_label_count_changes',
  'conversation_label_counts',
]);

beforeAll(async () => {
  aInbound = (await seedCompany(t, A)).inbound;
  const b = await seedCompany(t, B);
  bInbound = b.inbound;
  bAdmin = await loginAs(t.app, b.tenant.admin.email, PASSWORD, B.company);
  bPortalToken = b.token;
  // Events are numbered after commit: number A's now and let every consumer record what they owe (reporting
  // facts among them), so A's rows hold still for the comparison.
  await runConsumers(t);
  // The count tables (and the per-label ones: A's chat carries a label) hold rows of A: its chats folded into
  // counts, then one more change not folded yet.
  await foldCountChanges(t.db);
  await t.db.update(conversations).set({ status: 'pending' }).where(eq(conversations.id, A.conversation));
});

const MISSING = 1_999_999_999;

/** Which record an `id` names on each route. */
function idKind(url: string): keyof Ids {
  if (url.includes('/api-keys')) return 'api_key';
  if (url.includes('/canned-replies')) return 'canned_reply';
  if (url.includes('/sla-policies')) return 'sla_policy';
  if (url.includes('/auto-responders')) return 'auto_responder';
  if (url.endsWith('/labels')) return 'label';
  if (url.includes('/integration')) return 'integration';
  if (url.includes('/customer')) return 'customer';
  if (url.includes('compan')) return 'company';
  if (url.includes('/queue')) return 'queue';
  if (url.includes('/app')) return 'app';
  if (url.includes('/users')) return 'user';
  if (url.includes('conversation')) return 'conversation';
  return 'attachment';
}

/** The record each id-carrying field names, or null for a field that carries no id. */
function fieldKind(field: string, url: string): keyof Ids | null {
  if (field === 'id' || field === 'attachment_id') return field === 'id' ? idKind(url) : 'attachment';
  if (field === 'attachments') return 'attachment';
  // A grant names a permission by name; a revoke names the grant by its id.
  if (field === 'permission_id') return url.endsWith('/revoke') ? 'grant' : null;
  if (field === 'app_ids') return 'app';
  if (field === 'add' || field === 'remove') return 'label';
  if (field === 'user_id' || field === 'assigned_user_id') return 'user';
  // Message ids in `last_message_id` and `before_message_id` are cursors over one conversation's messages,
  // compared as numbers, never looked up: they get B's value like any other non-id field.
  if (field.endsWith('message_id')) return null;
  const kind = field.replace(/_id$/, '');
  return field.endsWith('_id') && kind in A ? (kind as keyof Ids) : null;
}

let emails = 0;
/** A valid value for every field that is not an id, so that only the ids decide the answer. */
function fill(field: string, url: string): unknown {
  const values: Record<string, unknown> = {
    name: 'Iso Name',
    email: `iso${++emails}@example.test`,
    phone: `+1 212 555 ${String(1000 + emails).slice(-4)}`,
    notes: 'Iso notes',
    attributes: { tier: 'iso' },
    password: 'Password123!',
    current_password: PASSWORD,
    company_role: 'agent',
    role: url.includes('/queue/') ? 'member' : 'agent',
    app_name: 'Iso App',
    queue_name: 'Iso Queue',
    company_name: 'Iso Company',
    description: 'Iso',
    color: '#336699',
    timezone: 'UTC',
    is_active: true,
    is_private: false,
    content: 'Iso message',
    transfer_reason: 'Iso',
    draft: 'Hi',
    limit: 10,
    offset: 0,
    trigger: 'conversation_started',
    type: url.includes('/integration') ? 'portal' : undefined,
    message: 'Iso greeting',
    last_message_id: B.message,
    permission_id: 'customers:read',
    from: '2026-01-01',
    to: '2026-01-31',
    report: 'overview',
    metric: 'conversations_created',
    interval: 'day',
    plan_id: 'starter',
    session_id: 'not-a-session',
    expires_ts: '2099-01-01T00:00:00.000Z',
    before_message_id: B.message,
    // An app's reply: its app_id is then the id that decides.
    scope: 'app',
    short_code: 'iso',
    title: 'Iso',
    priority: 'high',
    until_ts: '2099-01-01T00:00:00.000Z',
  };
  return values[field];
}

type Route = ApiRoute;

/** Console routes act in B's company as its admin; portal routes with B's customer token. */
const tenantRoutes = (): Route[] =>
  apiRoutesOf(t.app.routeTable).filter(
    (r) =>
      !/^\/api\/v1\/(admin|auth)\//.test(r.url) &&
      r.url !== '/api/v1/portal/start' && // public by design: anyone may start a chat with any active app
      r.url !== '/api/v1/portal/queues' &&
      // Only API keys bring messages in; a key naming another company's records is tried below.
      r.url !== '/api/v1/integration/messages' &&
      // Providers' webhooks carry no session: the provider's signature is their proof, and a signature made
      // for one integration is refused by every other (channels/sms.test.ts).
      !r.url.startsWith('/api/v1/channels/') &&
      // A rating link carries no session either: its token is the proof (csat/links.test.ts).
      !r.url.startsWith('/api/v1/ratings/') &&
      // Streams take no record id and never end; what each one sends is checked in events/streams.test.ts.
      r.url !== '/api/v1/events/stream' &&
      r.url !== '/api/v1/portal/events',
  );

/** The request with each id field naming `pick(kind)`; `swap` limits the substitution to one field. */
function request(route: Route, pick: (kind: keyof Ids) => number, swap?: string) {
  const idOf = (field: string) => {
    const kind = fieldKind(field, route.url)!;
    return swap === undefined || swap === field ? pick(kind) : B[kind];
  };
  const fieldValue = (field: string) => {
    const kind = fieldKind(field, route.url);
    if (!kind) return fill(field, route.url);
    const list = ['attachments', 'app_ids', 'add', 'remove'];
    return list.includes(field) ? [idOf(field)] : idOf(field);
  };
  const query: Record<string, string> = {};
  for (const f of fieldsOf(route.schema?.querystring)) {
    const v = f === 'token' ? bPortalToken : fieldValue(f);
    if (v !== undefined) query[f] = String(v);
  }
  const body: Record<string, unknown> = {};
  for (const f of fieldsOf(route.schema?.body)) {
    const v = fieldValue(f);
    if (v !== undefined) body[f] = v;
  }
  const url = route.url.replace(/:([a-z_]+)/g, (_, p: string) => String(fieldValue(p)));
  const isPortal = url.startsWith('/api/v1/portal/');
  return t.app.inject({
    method: route.method as 'GET',
    url: `${url}?${new URLSearchParams(query)}`,
    headers: isPortal
      ? { authorization: `Bearer ${bPortalToken}` }
      : { authorization: `Bearer ${bAdmin.token}`, 'x-company-id': String(B.company) },
    ...(route.schema?.body ? { payload: body } : {}),
  });
}

/** Status and body, without what differs between any two calls (request ids, times, generated ids). */
const answer = (res: { statusCode: number; body: string }) =>
  `${res.statusCode} ${res.body.replace(/"(id|created_at|updated_at|[a-z_]+_at)":("[^"]*"|\d+)/g, '"$1":_')}`;

/** Every row of A in every table with a `company_id`, for a before/after comparison. */
async function fingerprint() {
  const tables = await t.db.execute<{ table_name: string }>(sql`
    select table_name from information_schema.columns
    where column_name = 'company_id' and table_schema = current_schema() order by table_name`);
  const out: Record<string, { rows: number; hash: string }> = {};
  for (const { table_name: table } of tables.rows) {
    const res = await t.db.execute<{ rows: number; hash: string }>(sql`
      select count(*)::int as rows, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as hash
      from ${sql.identifier(table)} x where company_id = ${A.company}`);
    out[table] = SELF_CHANGING.has(table) ? { rows: res.rows[0]!.rows, hash: '' } : res.rows[0]!;
  }
  return out;
}

/** The fingerprint without the folded tables, whose rows may come and go mid-test. */
const steady = (f: Awaited<ReturnType<typeof fingerprint>>) =>
  Object.fromEntries(Object.entries(f).filter(([table]) => !FOLDED.has(table)));

describe('tenant isolation', () => {
  let before: Awaited<ReturnType<typeof fingerprint>>;
  beforeAll(async () => {
    before = await fingerprint();
  });

  it('seeds A into every table with a company_id, so each one is watched', () => {
    const empty = Object.entries(before)
      .filter(([, v]) => v.rows === 0)
      .map(([table]) => table);
    expect(empty).toEqual([]);
    expect(Object.keys(before).length).toBeGreaterThanOrEqual(14);
  });

  it('answers B for A’s ids exactly as for ids that do not exist, on every route', async () => {
    const leaks: string[] = [];
    let tried = 0;
    for (const route of tenantRoutes()) {
      // The control: with B's own ids the request is served, so the comparisons below are not two equal
      // 401s or 404s. Calls that would end B's records (deletes, resolve) are not made with B's ids.
      if (route.method !== 'DELETE' && !route.url.endsWith('/resolve')) {
        const own = await request(route, (k) => B[k]);
        if ([401, 403, 404].includes(own.statusCode)) {
          leaks.push(`${route.method} ${route.url} with B's own ids: ${answer(own).slice(0, 160)}`);
        }
      }
      const fields = [
        ...fieldsOf(route.schema?.params),
        ...fieldsOf(route.schema?.querystring),
        ...fieldsOf(route.schema?.body),
      ].filter((f) => fieldKind(f, route.url));
      for (const field of fields) {
        tried += 1;
        const withA = answer(await request(route, (k) => A[k], field));
        const missing = answer(await request(route, () => MISSING, field));
        if (withA !== missing)
          leaks.push(
            `${route.method} ${route.url} ${field}=A: ${withA.slice(0, 160)}\n    missing: ${missing.slice(0, 160)}`,
          );
        if (/^2/.test(withA) && route.method !== 'GET')
          leaks.push(`${route.method} ${route.url} ${field}=A succeeded`);
      }
      if (fields.length > 1) {
        tried += 1;
        const withA = answer(await request(route, (k) => A[k]));
        if (!/^(404|422)/.test(withA))
          leaks.push(`${route.method} ${route.url} all ids of A: ${withA.slice(0, 160)}`);
      }
    }
    expect(leaks).toEqual([]);
    expect(tried).toBeGreaterThan(40);
  });

  it('changes none of A’s conversations in a bulk call or its undo, naming each as a missing one', async () => {
    const bulk = (path: string, body: object) => call(t.app, 'POST', path, { as: bAdmin, body });
    const byIds = await bulk('/conversations/bulk', {
      conversation_ids: [A.conversation, MISSING],
      action: 'priority',
      params: { priority: 'urgent' },
    });
    expect(byIds.status).toBe(200);
    expect(byIds.body.data).toMatchObject({ matched: 2, updated: 0, previous: [] });
    const [a, missing] = byIds.body.data.failed;
    expect(a).toEqual({ ...missing, conversation_id: A.conversation });
    expect(missing.code).toBe('NOT_FOUND');

    // A filter naming A's app answers as one naming no app at all.
    const filtered = (appId: number) =>
      bulk('/conversations/bulk', { filter: { app_id: appId }, action: 'resolve' }).then(
        (r) => `${r.status} ${JSON.stringify(r.body.error ?? r.body.data)}`,
      );
    expect(await filtered(A.app)).toBe(await filtered(MISSING));

    const undo = await bulk('/conversations/bulk/undo', {
      action: 'priority',
      params: { priority: 'urgent' },
      previous: [
        {
          conversation_id: A.conversation,
          status: 'open',
          assigned_user_id: null,
          queue_id: null,
          priority: null,
          labels: [],
          snoozed_until_ts: null,
        },
      ],
    });
    expect(undo.status).toBe(200);
    expect(undo.body.data).toMatchObject({
      restored: 0,
      failed: [{ conversation_id: A.conversation, code: 'NOT_FOUND' }],
    });
  });

  it('leaves every row of A as it was', async () => {
    expect(steady(await fingerprint())).toEqual(steady(before));
  });

  it('answers 404 to B’s API key, with every permission, for each of A’s records', async () => {
    const { key } = await makeKey(
      t,
      bAdmin,
      API_PERMISSIONS.map((permission) => ({ integrationId: bInbound, permission })),
    );
    const tries: [string, Awaited<ReturnType<typeof withKey>>][] = [
      [
        'thread',
        await withKey(t, key, 'GET', '/conversation/poll', { query: { conversation_id: A.conversation } }),
      ],
      [
        'reply',
        await withKey(t, key, 'POST', '/messages', {
          body: { conversation_id: A.conversation, content: 'x' },
        }),
      ],
      ['customer', await withKey(t, key, 'GET', '/customers', { query: { id: A.customer } })],
      [
        'edit',
        await withKey(t, key, 'PUT', '/customers', { query: { id: A.customer }, body: { notes: 'x' } }),
      ],
      ['apps', await withKey(t, key, 'GET', '/customer/apps', { query: { id: A.customer } })],
      [
        'link',
        await withKey(t, key, 'POST', '/customer/apps', { body: { customer_id: A.customer, app_id: A.app } }),
      ],
      [
        'conversations',
        await withKey(t, key, 'GET', '/customer/conversations', { query: { id: A.customer } }),
      ],
      [
        'message in',
        await withKey(t, key, 'POST', '/integration/messages', {
          body: {
            integration_id: aInbound,
            customer: { external_id: 'b' },
            content: 'x',
            external_message_id: 'b1',
          },
        }),
      ],
    ];
    expect(
      tries.filter(([, res]) => res.status !== 404).map(([name, res]) => `${name}: ${res.status}`),
    ).toEqual([]);
    const list = await withKey(t, key, 'GET', '/conversation/poll', { query: { app_id: A.app } });
    expect(list.status).toBe(404);
  });

  it('refuses B’s users acting in A’s company', async () => {
    const asA = { ...bAdmin, companyId: A.company };
    for (const path of ['/apps', '/users', '/conversation/poll', '/dashboards']) {
      const res = await call(t.app, 'GET', path, { as: asA });
      expect([403, 404]).toContain(res.status);
    }
  });
});
