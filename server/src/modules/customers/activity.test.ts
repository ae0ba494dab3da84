import type { Customer } from '@inbox/contract';
import { describe, expect, it } from 'vitest';
import { before, call, loginAs, useTestApp } from '../../../test/app.ts';
import { createApp, createTenant, PASSWORD } from '../../../test/factories.ts';
import { portal, startChat } from '../../../test/portal.ts';

/**
 * The customer list's "last activity" (issue 42, item 7): the order of `sort=-last_activity` is the order of
 * the `last_activity_ts` each row shows, and a message moves its customer at once, not a minute later.
 */
const t = useTestApp({
  portalRateLimit: { startsPerIp: 1000, messagesPerIp: 1000, messagesPerToken: 1000, windowMs: 60_000 },
});
const s = before(async () => {
  const a = await createTenant(t.db);
  const app = await createApp(t.db, a.company.id, { name: 'Activity app' });
  const admin = await loginAs(t.app, a.admin.email, PASSWORD, a.company.id);
  return { a, app, admin };
});

async function listed(sort: string) {
  const res = await call(t.app, 'GET', '/customers', { as: s.admin, query: { app_id: s.app.id, sort } });
  expect(res.status).toBe(200);
  return res.body.data as Customer[];
}

/** The latest `updated_ts` among the customer's conversations, as the console shows them. */
async function conversationActivity(customerId: number) {
  const res = await call(t.app, 'GET', '/customer/conversations', { as: s.admin, query: { id: customerId } });
  const times = (res.body.data as { updated_ts: string }[]).map((c) => c.updated_ts).sort();
  return times.at(-1);
}

/** The rows' shown times are in the order asked for (ties broken by id, as the list does). */
function expectOrderedByShownTime(rows: Customer[], direction: 1 | -1) {
  const times = rows.map((c) => Date.parse(c.last_activity_ts ?? ''));
  expect(times.every((x) => !Number.isNaN(x))).toBe(true);
  const sorted = [...times].sort((x, y) => direction * (x - y));
  expect(times).toEqual(sorted);
}

describe('customers by last activity', () => {
  it('moves a customer to the top with each message and shows the time it sorts on', async () => {
    const older = await startChat(t.app, s.app.id, { name: 'Olive Older', email: 'olive@activity.test' });
    const newer = await startChat(t.app, s.app.id, { name: 'Nora Newer', email: 'nora@activity.test' });
    expect((await listed('-last_activity')).map((c) => c.name)).toEqual(['Nora Newer', 'Olive Older']);

    // Within the same minute, a message from the older customer puts her first, with its time shown.
    const sent = await portal(t.app, 'POST', '/portal/messages', {
      token: older.token,
      body: { content: 'Any news on my order?' },
    });
    expect(sent.status).toBe(201);
    const afterCustomer = await listed('-last_activity');
    expect(afterCustomer.map((c) => c.name)).toEqual(['Olive Older', 'Nora Newer']);
    expect(afterCustomer[0]!.last_activity_ts).toBe(sent.body.data.created_ts);
    expectOrderedByShownTime(afterCustomer, -1);

    // An agent's reply is activity too: the other customer goes back up, ascending order agrees.
    const reply = await call(t.app, 'POST', '/messages', {
      as: s.admin,
      body: { conversation_id: newer.conversationId, content: 'On its way', content_type: 'text' },
    });
    expect(reply.status).toBe(201);
    const afterAgent = await listed('-last_activity');
    expect(afterAgent.map((c) => c.name)).toEqual(['Nora Newer', 'Olive Older']);
    // The reply (and the console-only line of the assignment it made) is the conversation's latest activity.
    expect(afterAgent[0]!.last_activity_ts).toBe(await conversationActivity(afterAgent[0]!.customer_id));
    expect(Date.parse(afterAgent[0]!.last_activity_ts!)).toBeGreaterThanOrEqual(
      Date.parse(reply.body.data.created_ts),
    );
    expectOrderedByShownTime(afterAgent, -1);
    const ascending = await listed('last_activity');
    expect(ascending.map((c) => c.name)).toEqual(['Olive Older', 'Nora Newer']);
    expectOrderedByShownTime(ascending, 1);

    // The single customer's page shows the same time as the list.
    const one = await call(t.app, 'GET', '/customers', {
      as: s.admin,
      query: { id: afterAgent[0]!.customer_id },
    });
    expect(one.body.data.last_activity_ts).toBe(afterAgent[0]!.last_activity_ts);
  });
});
