import { API_PERMISSIONS, type ApiPermission } from '@inbox/contract';
import { describe, expect, it } from 'vitest';
import { dataOf, errorOf } from '../../../test/answers.ts';
import { addApiIntegration, makeKey, withKey } from '../../../test/api-keys.ts';
import { before, call, useTestApp } from '../../../test/app.ts';
import { createApp } from '../../../test/factories.ts';
import { startChat } from '../../../test/portal.ts';
import { tenantWithSessions } from '../../../test/tenants.ts';

/**
 * Every call open to API keys, tried with each permission (contract section 9): the one it needs lets it
 * through, every other answers 403; granted on another app's integration only, its records answer 404 and
 * its lists leave them out. Every other call refuses keys with 403, and a wrong key is 401.
 */
const t = useTestApp();

const w = before(async () => {
  const a = await tenantWithSessions(t);
  const other = await createApp(t.db, a.company.id, { name: 'Other app' });
  const mine = await addApiIntegration(t, a.as.admin, a.app.id);
  const theirs = await addApiIntegration(t, a.as.admin, other.id);
  const chat = await startChat(t.app, a.app.id, { queueId: a.queue.id, name: 'Mia Matrix' });
  const customer = await call(t.app, 'GET', '/customers', {
    as: a.as.admin,
    query: { search: 'Mia Matrix' },
  });
  // One key per permission on this app's integration, and the same permission on the other app's only.
  const keys = {} as Record<ApiPermission, string>;
  const elsewhere = {} as Record<ApiPermission, string>;
  for (const p of API_PERMISSIONS) {
    keys[p] = (await makeKey(t, a.as.admin, [{ integrationId: mine.integration_id, permission: p }])).key;
    elsewhere[p] = (
      await makeKey(t, a.as.admin, [{ integrationId: theirs.integration_id, permission: p }])
    ).key;
  }
  const none = (await makeKey(t, a.as.admin, [])).key;
  const label = await call(t.app, 'POST', '/labels', {
    as: a.as.admin,
    body: { name: 'Shop', color: '#16a34a' },
  });
  const all = (
    await makeKey(
      t,
      a.as.admin,
      API_PERMISSIONS.map((p) => ({ integrationId: mine.integration_id, permission: p })),
    )
  ).key;
  return {
    a,
    appId: a.app.id,
    otherAppId: other.id,
    integrationId: mine.integration_id,
    conversationId: chat.conversationId,
    customerId: customer.body.data[0].customer_id as number,
    labelId: label.body.data.label_id as number,
    keys,
    elsewhere,
    none,
    all,
  };
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface KeyCall {
  name: string;
  needs: ApiPermission;
  /** Names one record of the key's app, so a key granted elsewhere only answers 404. */
  record: boolean;
  request: () => Promise<{
    method: Method;
    path: string;
    body?: unknown;
    query?: Record<string, string | number>;
  }>;
}

let n = 0;
/** A customer of both apps with no conversations, made fresh so each unlink has something to remove. */
async function freshCustomer() {
  const res = await call(t.app, 'POST', '/customers', {
    as: w.a.as.admin,
    body: { name: `Fresh ${++n}`, app_ids: [w.appId, w.otherAppId] },
  });
  return res.body.data.customer_id as number;
}

/** A chat of the key's app made fresh, so a snooze takes no conversation out of the other calls' list. */
async function freshChat() {
  return (await startChat(t.app, w.appId, { queueId: w.a.queue.id })).conversationId;
}

const CALLS: KeyCall[] = [
  {
    name: 'list conversations',
    needs: 'conversations:read',
    record: false,
    request: async () => ({ method: 'GET', path: '/conversation/poll' }),
  },
  {
    name: 'read a thread',
    needs: 'conversations:read',
    record: true,
    request: async () => ({
      method: 'GET',
      path: '/conversation/poll',
      query: { conversation_id: w.conversationId },
    }),
  },
  {
    name: "a customer's conversations",
    needs: 'conversations:read',
    record: true,
    request: async () => ({ method: 'GET', path: '/customer/conversations', query: { id: w.customerId } }),
  },
  {
    name: 'reply',
    needs: 'messages:send',
    record: true,
    request: async () => ({
      method: 'POST',
      path: '/messages',
      body: { conversation_id: w.conversationId, content: 'From the shop system' },
    }),
  },
  {
    name: 'bring a message in',
    needs: 'messages:send',
    record: true,
    request: async () => ({
      method: 'POST',
      path: '/integration/messages',
      body: {
        integration_id: w.integrationId,
        customer: { external_id: `m-${++n}` },
        content: 'Hi',
        external_message_id: `x-${n}`,
      },
    }),
  },
  {
    name: 'set the priority',
    needs: 'conversations:write',
    record: true,
    request: async () => ({
      method: 'POST',
      path: '/conversation/priority',
      body: { conversation_id: w.conversationId, priority: n++ % 2 === 0 ? 'high' : 'low' },
    }),
  },
  {
    name: 'label a conversation',
    needs: 'conversations:write',
    record: true,
    request: async () => ({
      method: 'POST',
      path: '/conversation/labels',
      body: { conversation_id: w.conversationId, add: [w.labelId], remove: [] },
    }),
  },
  {
    name: 'snooze',
    needs: 'conversations:write',
    record: true,
    request: async () => ({
      method: 'POST',
      path: '/conversation/snooze',
      body: { conversation_id: await freshChat(), until_ts: new Date(Date.now() + 3_600_000).toISOString() },
    }),
  },
  {
    name: 'list customers',
    needs: 'customers:read',
    record: false,
    request: async () => ({ method: 'GET', path: '/customers' }),
  },
  {
    name: 'read a customer',
    needs: 'customers:read',
    record: true,
    request: async () => ({ method: 'GET', path: '/customers', query: { id: w.customerId } }),
  },
  {
    name: "a customer's apps",
    needs: 'customers:read',
    record: true,
    request: async () => ({ method: 'GET', path: '/customer/apps', query: { id: w.customerId } }),
  },
  {
    name: 'duplicates',
    needs: 'customers:read',
    record: true,
    request: async () => ({
      method: 'GET',
      path: '/customer/duplicates',
      query: { customer_id: w.customerId },
    }),
  },
  {
    name: 'create a customer',
    needs: 'customers:write',
    record: true,
    request: async () => ({
      method: 'POST',
      path: '/customers',
      body: { name: `Made ${++n}`, app_ids: [w.appId] },
    }),
  },
  {
    name: 'edit a customer',
    needs: 'customers:write',
    record: true,
    request: async () => ({
      method: 'PUT',
      path: '/customers',
      query: { id: w.customerId },
      body: { notes: 'VIP' },
    }),
  },
  {
    name: 'link an app',
    needs: 'customers:write',
    record: true,
    request: async () => ({
      method: 'POST',
      path: '/customer/apps',
      body: { customer_id: w.customerId, app_id: w.appId },
    }),
  },
  {
    name: 'unlink an app',
    needs: 'customers:write',
    record: true,
    request: async () => ({
      method: 'DELETE',
      path: '/customer/apps',
      query: { id: await freshCustomer(), app_id: w.appId },
    }),
  },
];

const send = async (key: string, c: KeyCall) => {
  const r = await c.request();
  return withKey(t, key, r.method, r.path, { body: r.body, query: r.query });
};

describe('every key call × every permission', () => {
  const cases = CALLS.flatMap((c) => API_PERMISSIONS.map((p) => [c.name, p, c] as const));
  it.each(cases)('%s with %s', async (_name, permission, c) => {
    const res = await send(w.keys[permission], c);
    if (permission === c.needs) expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    else {
      expect(errorOf(res, 403).code).toBe('FORBIDDEN');
    }
  });

  it.each(CALLS.map((c) => [c.name, c] as const))('%s without any permission: 403', async (_name, c) => {
    expect((await send(w.none, c)).status).toBe(403);
  });

  it.each(CALLS.filter((c) => c.record).map((c) => [c.name, c] as const))(
    '%s with the permission on another app only: 404',
    async (_name, c) => {
      const res = await send(w.elsewhere[c.needs], c);
      expect(res.status, JSON.stringify(res.body)).toBe(404);
    },
  );
});

describe('what a key sees', () => {
  it('lists only the conversations and customers of its granted apps', async () => {
    const outside = await startChat(t.app, w.otherAppId, { name: 'Olga Outside' });
    const mine = await withKey(t, w.keys['conversations:read'], 'GET', '/conversation/poll');
    const ids = mine.body.data.conversations.map((c: { conversation_id: number }) => c.conversation_id);
    expect(ids).toContain(w.conversationId);
    expect(ids).not.toContain(outside.conversationId);
    const theirs = await withKey(t, w.elsewhere['conversations:read'], 'GET', '/conversation/poll');
    const other = theirs.body.data.conversations.map((c: { conversation_id: number }) => c.conversation_id);
    expect(other).toEqual([outside.conversationId]);
    const people = await withKey(t, w.keys['customers:read'], 'GET', '/customers', {
      query: { search: 'Olga' },
    });
    expect(people.body.data).toEqual([]);
  });

  it('a reply through a key appears in the thread as the company, and names the key in the activity', async () => {
    const sent = await withKey(t, w.keys['messages:send'], 'POST', '/messages', {
      body: { conversation_id: w.conversationId, content: 'Shipped today' },
      bearer: true,
    });
    expect(dataOf(sent, 201)).toMatchObject({
      sender_type: 'agent',
      sender_name: 'Support',
      sender_user_id: null,
    });
    const portalSide = await call(t.app, 'GET', '/conversation/poll', {
      as: w.a.as.admin,
      query: { conversation_id: w.conversationId },
    });
    expect(portalSide.body.data.messages.at(-1).content).toBe('Shipped today');
    const acts = await call(t.app, 'GET', '/activities', {
      as: w.a.as.admin,
      query: { type: 'conversation.replied' },
    });
    expect(acts.body.data[0].actor).toEqual({ user_id: null, name: 'API key “Key”' });
  });

  it('sets a priority through a key as the company, named in the thread and the activity', async () => {
    const id = await freshChat();
    const res = await withKey(t, w.keys['conversations:write'], 'POST', '/conversation/priority', {
      body: { conversation_id: id, priority: 'urgent' },
    });
    expect(dataOf(res, 200)).toMatchObject({ conversation_id: id, priority: 'urgent' });
    const thread = await call(t.app, 'GET', '/conversation/poll', {
      as: w.a.as.admin,
      query: { conversation_id: id },
    });
    expect(thread.body.data.messages.at(-1).content).toBe('Priority set to Urgent by Key');
    const acts = await call(t.app, 'GET', '/activities', {
      as: w.a.as.admin,
      query: { type: 'conversation.priority_changed' },
    });
    expect(acts.body.data[0].actor).toEqual({ user_id: null, name: 'API key “Key”' });
    // Writing is not reading: the same key may not read the thread.
    const read = await withKey(t, w.keys['conversations:write'], 'GET', '/conversation/poll', {
      query: { conversation_id: id },
    });
    expect(read.status).toBe(403);
  });

  it('refuses attachments on a key’s reply: it has no uploads of its own', async () => {
    const res = await withKey(t, w.keys['messages:send'], 'POST', '/messages', {
      body: { conversation_id: w.conversationId, content: 'x', attachments: [1] },
    });
    expect(res.status).toBe(422);
  });
});

describe('calls no key may make', () => {
  const VERBS: [Method, string, () => unknown][] = [
    ['POST', '/conversation/assign', () => ({ conversation_id: w.conversationId, user_id: w.a.agent.id })],
    ['POST', '/conversation/unassign', () => ({ conversation_id: w.conversationId })],
    ['POST', '/conversation/resolve', () => ({ conversation_id: w.conversationId })],
    ['POST', '/conversation/typing', () => ({ conversation_id: w.conversationId })],
    ['POST', '/conversation/read', () => ({ conversation_id: w.conversationId })],
    ['POST', '/conversation/ai-summary', () => ({ conversation_id: w.conversationId })],
    ['DELETE', '/conversations?id=1', () => undefined],
    ['DELETE', '/customers?id=1', () => undefined],
    [
      'POST',
      '/customer/merge',
      () => ({ primary_customer_id: w.customerId, duplicate_customer_id: w.customerId + 1 }),
    ],
    ['GET', '/dashboards', () => undefined],
    ['GET', '/apps', () => undefined],
    ['GET', '/users', () => undefined],
    ['GET', '/integrations?app_id=1', () => undefined],
    ['GET', '/api-keys/list', () => undefined],
    ['POST', '/api-keys/create', () => ({ name: 'Escalation' })],
    ['GET', '/activities', () => undefined],
    ['POST', '/events/ticket', () => ({})],
    ['GET', '/auth/me', () => undefined],
    ['GET', '/admin/companies', () => undefined],
  ];
  it.each(VERBS)('%s %s answers 403 to a key with every permission', async (method, path, body) => {
    const res = await withKey(t, w.all, method, path, { body: body() });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
  });

  it('a wrong key, or one in the bearer header that is not a key, answers 401', async () => {
    expect((await withKey(t, 'sik_not-a-real-key', 'GET', '/customers')).status).toBe(401);
    expect((await withKey(t, `${w.all}x`, 'GET', '/customers', { bearer: true })).status).toBe(401);
  });

  it('a session cannot bring messages in: that is for outside systems', async () => {
    const res = await call(t.app, 'POST', '/integration/messages', {
      as: w.a.as.admin,
      body: {
        integration_id: w.integrationId,
        customer: { external_id: 'p' },
        content: 'Hi',
        external_message_id: 'p1',
      },
    });
    expect(res.status).toBe(403);
  });
});
