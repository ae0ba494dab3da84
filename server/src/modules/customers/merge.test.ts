import type { DuplicateSuggestion } from '@inbox/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dataOf, errorOf } from '../../../test/answers.ts';
import { before, call, loginAs, type Session, useTestApp } from '../../../test/app.ts';
import { createApp, createTenant, PASSWORD } from '../../../test/factories.ts';
import { portal, startChat } from '../../../test/portal.ts';

/** Duplicate suggestions and merges (contract section 8). */
const t = useTestApp();
const s = before(async () => {
  const a = await createTenant(t.db);
  const hidden = await createApp(t.db, a.company.id, { name: 'Elsewhere' });
  return {
    a,
    hidden,
    admin: await loginAs(t.app, a.admin.email, PASSWORD, a.company.id),
    agent: await loginAs(t.app, a.agent.email, PASSWORD, a.company.id),
  };
});

const api =
  (as: Session) =>
  (method: string, url: string, opts: { query?: Record<string, string | number>; body?: unknown } = {}) =>
    call(t.app, method as 'GET', url, { as, ...opts });

let made = 0;
async function customer(body: { name: string; email?: string; phone?: string; app_ids?: number[] }) {
  const res = await api(s.admin)('POST', '/customers', { body: { app_ids: [s.a.app.id], ...body } });
  if (res.status !== 201) throw new Error(`create: ${res.status} ${JSON.stringify(res.body)}`);
  made += 1;
  return res.body.data.customer_id as number;
}

async function suggestions(id: number): Promise<DuplicateSuggestion[]> {
  const res = await api(s.admin)('GET', '/customer/duplicates', { query: { customer_id: id } });
  expect(res.status).toBe(200);
  return res.body.data;
}

async function customerOf(conversationId: number) {
  const res = await t.db.execute<{ customer_id: number }>(
    sql`select customer_id from conversations where id = ${conversationId}`,
  );
  return Number(res.rows[0]!.customer_id);
}

describe('duplicate suggestions', () => {
  it('suggests the same mailbox, the same phone without its country code, and a similar name with a shared detail', async () => {
    const jane = await customer({ name: 'Jane Doe', email: 'jane.doe@gmail.com', phone: '+49 151 23456789' });
    const janeTagged = await customer({ name: 'J. Doe', email: 'janedoe+shop@gmail.com' });
    // A phone without its country code, as one could be stored before issue 42 (digits as typed, and its
    // identity): the API now refuses to take such a number.
    const janeLocal = await customer({ name: 'Janet Dee' });
    await t.db.execute(sql`with p as (update customers set phone = '015123456789' where id = ${janeLocal}
        returning company_id, id)
      insert into customer_identities (company_id, customer_id, kind, value)
      select company_id, id, 'phone', '015123456789' from p`);
    const jon = await customer({ name: 'Jon Smith', email: 'jon@northwind.test' });
    const john = await customer({ name: 'John Smith', email: 'john.smith@northwind.test' });
    const otherJohn = await customer({ name: 'John Smith', email: 'johnsmith1970@gmail.com' });

    const forJane = await suggestions(jane);
    expect(forJane.map((x) => [x.customer.customer_id, x.reasons])).toEqual([
      [janeTagged, ['same_email']],
      [janeLocal, ['same_phone']],
    ]);
    expect(forJane[0]!.score).toBeGreaterThan(forJane[1]!.score);
    expect(forJane[0]!.score).toBeLessThanOrEqual(1);

    const forJon = await suggestions(jon);
    expect(forJon.map((x) => [x.customer.customer_id, x.reasons])).toEqual([
      [john, ['similar_name', 'same_email_domain']],
    ]);
    // A shared name alone is not a suggestion: many people are called John Smith.
    expect((await suggestions(otherJohn)).map((x) => x.customer.customer_id)).not.toContain(john);
  });

  it('never suggests two customers with different ids of the same channel', async () => {
    const one = await customer({ name: 'Paul Page', email: 'paul.page@gmail.com' });
    const two = await customer({ name: 'Paul Page', email: 'paulpage@gmail.com' });
    expect((await suggestions(one)).map((x) => x.customer.customer_id)).toContain(two);
    await t.db.execute(sql`insert into customer_identities (company_id, customer_id, kind, value) values
      (${s.a.company.id}, ${one}, 'psid', 'psid-1'), (${s.a.company.id}, ${two}, 'psid', 'psid-2')`);
    expect((await suggestions(one)).map((x) => x.customer.customer_id)).not.toContain(two);
  });
});

describe('merging', () => {
  it('moves conversations, identities, apps and missing details to the primary; the duplicate is gone', async () => {
    const primary = await customer({ name: 'Mara Main', email: 'mara@main.test', app_ids: [s.a.app.id] });
    await api(s.admin)('PUT', '/customers', {
      query: { id: primary },
      body: { attributes: { plan: 'Pro' } },
    });
    const chat = await startChat(t.app, s.hidden.id, { name: 'Mara M.', email: 'mara.m@gmail.com' });
    const duplicate = await customerOf(chat.conversationId);
    await api(s.admin)('PUT', '/customers', {
      query: { id: duplicate },
      body: { attributes: { plan: 'Free', city: 'Leeds' }, notes: 'Called twice.', phone: '+44 7700 900123' },
    });
    const label = dataOf(
      await api(s.admin)('POST', '/labels', { body: { name: 'Churn risk', color: '#dc2626' } }),
      201,
    );
    dataOf(
      await api(s.admin)('POST', '/customer/labels', {
        body: { customer_id: duplicate, add: [label.label_id], remove: [] },
      }),
    );

    // The agent cannot reach the duplicate's app: the merge is not theirs to make.
    const agentTry = await api(s.agent)('POST', '/customer/merge', {
      body: { primary_customer_id: primary, duplicate_customer_id: duplicate },
    });
    expect(agentTry.status).toBe(404);

    const res = await api(s.admin)('POST', '/customer/merge', {
      body: { primary_customer_id: primary, duplicate_customer_id: duplicate },
    });
    expect(dataOf(res)).toMatchObject({
      customer_id: primary,
      name: 'Mara Main',
      email: 'mara@main.test',
      phone: '+447700900123',
      notes: 'Called twice.',
      attributes: { plan: 'Pro', city: 'Leeds' },
      conversations_count: 1,
      labels: [{ label_id: label.label_id, name: 'Churn risk', color: '#dc2626' }],
    });
    expect(res.body.data.apps.map((a: { app_id: number }) => a.app_id).sort()).toEqual(
      [s.a.app.id, s.hidden.id].sort(),
    );
    expect(await customerOf(chat.conversationId)).toBe(primary);
    expect((await api(s.admin)('GET', '/customers', { query: { id: duplicate } })).status).toBe(404);
    const again = await api(s.admin)('POST', '/customer/merge', {
      body: { primary_customer_id: primary, duplicate_customer_id: duplicate },
    });
    expect(again.status).toBe(404);

    // The duplicate's portal chat goes on, now the primary's; its email signs in to the primary.
    const sent = await portal(t.app, 'POST', '/portal/messages', {
      token: chat.token,
      body: { content: 'Still here' },
    });
    expect(sent.status).toBe(201);
    // Found by the email it gained, in the list too.
    const byOldEmail = await api(s.admin)('GET', '/customers', { query: { search: 'Mara.M@gmail.com' } });
    expect(byOldEmail.body.data.map((c: { customer_id: number }) => c.customer_id)).toEqual([primary]);
    const next = await startChat(t.app, s.a.app.id, {
      queueId: s.a.queue.id,
      name: 'Mara',
      email: 'MARA.M@gmail.com',
    });
    expect(await customerOf(next.conversationId)).toBe(primary);

    const self = await api(s.admin)('POST', '/customer/merge', {
      body: { primary_customer_id: primary, duplicate_customer_id: primary },
    });
    expect(self.status).toBe(422);
    const [activity] = (
      await t.db.execute<{ details: Record<string, number> }>(
        sql`select details from activities where action = 'customer.merged' order by id desc limit 1`,
      )
    ).rows;
    expect(activity!.details).toMatchObject({
      primary_customer_id: primary,
      duplicate_customer_id: duplicate,
    });
  });

  it('keeps the duplicate’s phone as a second identity: a search for it, in any format, finds the primary', async () => {
    const primary = await customer({ name: 'Pia Two Phones', phone: '+44 7700 900555' });
    const duplicate = await customer({ name: 'Pia T.', phone: '+44 7700 900666' });
    const merged = await api(s.admin)('POST', '/customer/merge', {
      body: { primary_customer_id: primary, duplicate_customer_id: duplicate },
    });
    expect(merged.status).toBe(200);
    expect(merged.body.data.phone).toBe('+447700900555');
    for (const search of ['+44 7700 900666', '+44-7700-900666', '+447700900666']) {
      const found = await api(s.admin)('GET', '/customers', { query: { search } });
      expect(found.body.data.map((c: { customer_id: number }) => c.customer_id)).toEqual([primary]);
    }
    // The phone is still the primary's: another customer cannot take it.
    const taken = await api(s.admin)('POST', '/customers', {
      body: { name: 'Someone Else', phone: '+447700900666', app_ids: [s.a.app.id] },
    });
    expect(errorOf(taken, 409).details).toMatchObject({ customer_id: primary });
  });

  it('loses no message sent to the duplicate’s chat while the merge runs', async () => {
    for (let round = 0; round < 8; round++) {
      const primary = await customer({ name: `Race Primary ${round}` });
      const chat = await startChat(t.app, s.a.app.id, {
        queueId: s.a.queue.id,
        name: `Race Duplicate ${round}`,
        email: `race${round}.${made}@race.test`,
      });
      const duplicate = await customerOf(chat.conversationId);
      // A customer quiet for a while: each message then also touches the customer row the merge locks.
      await t.db.execute(
        sql`update customer_activity set last_activity_at = now() - interval '1 hour' where customer_id = ${duplicate}`,
      );
      const [merged, ...sent] = await Promise.all([
        api(s.admin)('POST', '/customer/merge', {
          body: { primary_customer_id: primary, duplicate_customer_id: duplicate },
        }),
        portal(t.app, 'POST', '/portal/messages', {
          token: chat.token,
          body: { content: `during ${round} a` },
        }),
        portal(t.app, 'POST', '/portal/messages', {
          token: chat.token,
          body: { content: `during ${round} b` },
        }),
      ]);
      expect(merged!.status).toBe(200);
      for (const res of sent) expect(res.status).toBe(201);
      const stored = await t.db.execute<{ content: string }>(
        sql`select content from messages where conversation_id = ${chat.conversationId} and content like ${`during ${round}%`}`,
      );
      expect(stored.rows.map((r) => r.content).sort()).toEqual([`during ${round} a`, `during ${round} b`]);
      expect(await customerOf(chat.conversationId)).toBe(primary);
      const left = await t.db.execute(sql`select 1 from customers where id = ${duplicate}`);
      expect(left.rows).toHaveLength(0);
    }
  });
});
